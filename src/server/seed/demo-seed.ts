// Demo data for development: bookings over several weeks in every status. Never in production.
import { count } from 'drizzle-orm';
import { business } from '../../shared/business';
import { addDays, isoWeekday, todayIn } from '../../shared/dates';
import { finalInvoice } from '../../shared/pricing';
import { bookingValues, type NewBooking } from '../bookings/booking.factory';
import type { Db } from '../db/client';
import { bookings, contactMessages, giftCards } from '../db/schema';

const people = [
  ['Ashley Brooks', 'Gilbert', '29054'],
  ['Marcus Hill', 'Leesville', '29070'],
  ['Jenna Whitfield', 'Lexington', '29072'],
  ['Carlos Ramirez', 'Pelion', '29123'],
  ['Tamika Jones', 'Lexington', '29073'],
  ['Brian Caldwell', 'Gilbert', '29054'],
  ['Olivia Chen', 'Lexington', '29072'],
  ['Hannah Price', 'Leesville', '29070'],
  ['DeShawn Carter', 'Pelion', '29123'],
  ['Megan Sullivan', 'Lexington', '29073'],
  ['Robert Haynes', 'Gilbert', '29054'],
  ['Kayla Morgan', 'Leesville', '29070'],
] as const;
const streets = ['Sunset Blvd', 'Augusta Rd', 'Main St', 'Pine Ridge Dr', 'Old Chapin Rd', 'Church St'];
const times = ['8am-12pm', '12pm-4pm', '4pm-8pm'] as const;
const locations = ['front-door', 'back-door', 'garage', 'porch', 'other'] as const;

/** Service days (Mon/Wed/Fri) from `weeksBack` weeks ago to `weeksAhead` weeks ahead. */
function serviceDays(today: string, weeksBack: number, weeksAhead: number): string[] {
  const days: string[] = [];
  for (let offset = -weeksBack * 7; offset <= weeksAhead * 7; offset++) {
    const date = addDays(today, offset);
    if ((business.serviceWeekdays as readonly number[]).includes(isoWeekday(date))) days.push(date);
  }
  return days;
}

export function demoBookings(today: string): NewBooking[] {
  const rows: NewBooking[] = [];
  serviceDays(today, 4, 2).forEach((date, i) => {
    const perDay = date === today ? 3 : 1 + (i % 2);
    for (let j = 0; j < perDay; j++) {
      const n = i * 3 + j;
      const [name, city, zip] = people[n % people.length]!;
      const past = date < today;
      const status: NewBooking['bookingStatus'] = past
        ? (['delivered', 'completed', 'delivered', 'cancelled', 'in-progress'] as const)[n % 5]
        : date === today
          ? (['confirmed', 'in-progress', 'pending'] as const)[j % 3]
          : (['confirmed', 'pending'] as const)[n % 2];
      const bags = 1 + (n % 3);
      const extras = {
        rushDelivery: n % 7 === 0,
        hangDriedDelicates: n % 4 === 1,
        oxiClean: n % 3 === 0,
        stainTreatment: n % 5 === 2,
        blanketsQueenCount: n % 6 === 3 ? 1 : 0,
      };
      const values = bookingValues({
        name,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
        phone: `(803) 555-${String(1000 + ((n * 37) % 9000)).slice(0, 4)}`,
        address: `${120 + ((n * 17) % 800)} ${streets[n % streets.length]}`,
        city,
        zipCode: zip,
        pickupDate: date,
        pickupTime: times[n % 3],
        pickupLocation: locations[n % 5],
        bagQuantity: bags,
        waterTemperature: (['cold', 'warm', 'hot'] as const)[n % 3],
        detergentType: (['standard', 'hypoallergenic', 'bring-own'] as const)[n % 3],
        allergies: n % 8 === 2 ? 'Fragrance sensitivity - no scented products' : '',
        specialInstructions: n % 5 === 1 ? 'Gate code 4412. Bags will be by the side door.' : '',
        smsConsent: n % 2 === 0,
        bookingStatus: status,
        createdAt: new Date(`${addDays(date, -3)}T14:00:00Z`),
        ...extras,
      });
      const paid = status !== 'pending' && status !== 'cancelled';
      values.paymentStatus = status === 'pending' ? 'pending' : status === 'cancelled' ? 'refunded' : 'paid';
      values.authorizedAmount = paid ? values.totalAmount : 0;
      values.paymentIntentStatus = paid ? 'requires_capture' : null;
      values.confirmedAt = paid ? new Date(`${addDays(date, -3)}T14:05:00Z`) : null;
      if (status === 'delivered' || status === 'completed') {
        const weightTenths = bags * 100 + ((n * 13) % 60);
        const final = finalInvoice({
          weightTenths,
          pricePerPoundCents: values.pricePerPoundCents ?? 175,
          rushDelivery: values.rushDelivery ?? false,
          hangDriedDelicates: values.hangDriedDelicates ?? false,
          oxiClean: values.oxiClean ?? false,
          stainTreatment: values.stainTreatment ?? false,
        });
        values.actualWeightTenths = weightTenths;
        values.weightAdjustmentProcessed = true;
        values.capturedAmount = final.totalCents;
        values.paymentIntentStatus = 'succeeded';
        values.deliveryConfirmationSent = status === 'delivered' && n % 2 === 0;
      }
      if (status === 'cancelled') values.cancelledAt = new Date(`${addDays(date, -1)}T12:00:00Z`);
      rows.push(values);
    }
  });
  return rows;
}

/** Demo gift cards with codes a developer can type (README lists them). */
export const demoGiftCards = [
  { code: 'WASHDAY25', amount: 3000, balance: 2500, recipientName: 'Demo Customer', message: 'Enjoy a laundry-free week!' },
  { code: 'HAPPY2WASH', amount: 10000, balance: 10000, recipientName: 'Demo Family', message: '' },
  { code: 'SPENTCARD', amount: 3000, balance: 0, recipientName: 'Demo Spent', message: '' },
] as const;

/** Seeds demo data into an empty database; returns how many bookings it added. */
export async function seedDemoData(db: Db, timeZone: string): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(bookings);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = demoBookings(todayIn(timeZone));
  await db.transaction(async (tx) => {
    await tx.insert(bookings).values(rows);
    await tx
      .insert(giftCards)
      .values(demoGiftCards.map((c) => ({ ...c, purchaserEmail: 'owner@example.com', recipientEmail: 'demo@example.com' })))
      .onConflictDoNothing();
    await tx.insert(contactMessages).values({
      name: 'Laura Bennett',
      email: 'laura.bennett@example.com',
      phone: '(803) 555-0199',
      subject: 'Do you pick up in Chapin?',
      message: 'Hi! I live just outside Lexington towards Chapin. Could you still pick up on Fridays?',
    });
  });
  return rows.length;
}
