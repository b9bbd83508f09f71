// The demo data's story (docs/design.md 3: a fresh machine serves a complete, working site): who books
// which pick-up, when they booked it, which card they paid with, and how far the back office has
// taken it. Pure: demo-seed.ts plays it through the real services and the local gateway.
import { addDays, isoWeekday, nowIn, type IsoDate } from '../../shared/dates';
import type { BookingStatus } from '../../shared/schemas/back-office';
import type { BookingFormInput } from '../../shared/schemas/booking-api';

/** The local gateway's test cards (docs/design.md 5.10): one pays, one fails later off-session charges. */
export type DemoCard = 'pays' | 'failsLater';

export type DemoBooking = {
  form: Partial<BookingFormInput>;
  promoCode: string | null;
  giftCardCode: string | null;
  card: DemoCard;
  /** When the customer booked: always before the seed runs. */
  bookedAt: Date;
  /** How far it went, along spec: back-office 4's order (pending → confirmed → in-progress → completed → delivered), or cancelled. */
  status: BookingStatus;
  /** Cancelled because the customer left the card checkout, not by staff. */
  leftCheckout: boolean;
  /** When staff picked it up, weighed it, delivered or cancelled it: each at or before the seed's moment. */
  pickedUpAt: Date;
  weighedAt: Date;
  deliveredAt: Date;
  cancelledAt: Date;
  /** The scale's reading for the weighed ones, in tenths of a pound. */
  weightTenths: number;
  sendReceipt: boolean;
  sendRatingEmail: boolean;
};

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
/** Customers with one booking only: a first-time promo code, a free pick-up. */
const newcomers = [
  ['Grace Whitaker', 'Lexington', '29072'],
  ['Tyler Owens', 'Gilbert', '29054'],
] as const;
const streets = ['Sunset Blvd', 'Augusta Rd', 'Main St', 'Pine Ridge Dr', 'Old Chapin Rd', 'Church St'];
const times = ['8am-12pm', '12pm-4pm', '4pm-8pm'] as const;
const windowStartHour = { '8am-12pm': 8, '12pm-4pm': 12, '4pm-8pm': 16 } as const;
const locations = ['front-door', 'back-door', 'garage', 'porch', 'other'] as const;

/**
 * The gift cards the demo bookings pay with, apart from the ones a developer types (demo-seed.ts):
 * one pays part of a past bill, one part of a bill not yet weighed, one a whole future pick-up.
 */
export const bookingGiftCards = [
  { code: 'BIRTHDAY40', amount: 4000, recipientName: 'Olivia Chen', message: 'Happy birthday!' },
  { code: 'NEIGHBOR20', amount: 2000, recipientName: 'Tamika Jones', message: 'Thanks for the help with the move' },
  { code: 'THANKYOU75', amount: 7500, recipientName: 'Robert Haynes', message: '' },
] as const;

/** The moment `hour` o'clock strikes on `date` in the business's time zone (docs/design.md 4). */
export function localMoment(date: IsoDate, hour: number, timeZone: string): Date {
  const guess = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const seen = nowIn(timeZone, guess);
  const dayShift = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${seen.date}T00:00:00Z`)) / 60_000;
  return new Date(guess.getTime() + (dayShift + hour * 60 - seen.minutes) * 60_000);
}

function person(n: number, zips: readonly string[], who: readonly [string, string, string] = people[n % people.length]!) {
  const [name, city, zip] = who;
  const index = people.findIndex((p) => p[0] === name);
  const k = index >= 0 ? index : 20 + newcomers.findIndex((p) => p[0] === name);
  return {
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
    phone: `(803) 555-${String(2000 + k * 37)}`,
    address: `${120 + k * 67} ${streets[k % streets.length]}`,
    city,
    // a service area configured without the demo's towns still gets its demo bookings
    zipCode: zips.includes(zip) ? zip : zips[n % zips.length]!,
  };
}

/**
 * The demo bookings at `now`: service days from four weeks back to two weeks ahead (closed days
 * left out), delivered and weighed in the past, picked up today, booked ahead in the future,
 * some cancelled; and a few with a promo code, a gift card or the card that fails later charges.
 */
/** The schedule and area the demo books within: the settings' (decision 055). */
export type DemoRules = { timeZone: string; serviceWeekdays: readonly number[]; closedDates: readonly string[]; serviceZipCodes: readonly string[] };

export function demoPlan(now: Date, rules: DemoRules): DemoBooking[] {
  const { timeZone } = rules;
  const today = nowIn(timeZone, now).date;
  const latest = new Date(now.getTime() - 60_000);
  const past = (d: Date) => (d < latest ? d : latest);
  const at = (date: IsoDate, hour: number) => past(localMoment(date, hour, timeZone));
  const days: IsoDate[] = [];
  for (let offset = -28; offset <= 14; offset++) {
    const date = addDays(today, offset);
    if (rules.serviceWeekdays.includes(isoWeekday(date)) && !rules.closedDates.includes(date)) days.push(date);
  }
  const pastDays = days.filter((d) => d < today);

  const plan: DemoBooking[] = [];
  let n = 0;
  days.forEach((date, i) => {
    const perDay = date === today ? 3 : 1 + (i % 2);
    for (let j = 0; j < perDay; j++, n++) {
      const back = pastDays.length - pastDays.indexOf(date); // 1 = the last service day before today
      const status: BookingStatus =
        date > today
          ? n % 5 === 1 ? 'pending' : n % 7 === 4 ? 'cancelled' : 'confirmed'
          : date === today
            ? (['confirmed', 'in-progress', 'confirmed'] as const)[j]!
            : back === 1
              ? (['in-progress', 'completed'] as const)[j]!
              : back === 2
                ? (['completed', 'delivered'] as const)[j]!
                : n % 6 === 3 ? 'cancelled' : 'delivered';
      const time = times[n % 3]!;
      const bags = 1 + (n % 3);
      const bookedAt =
        status === 'pending'
          ? new Date(now.getTime() - (5 + (n % 20)) * 60_000) // at the card form right now
          : date > today
            ? new Date(now.getTime() - ((1 + (n % 5)) * 24 + (n % 7)) * 3_600_000)
            : at(addDays(date, -(2 + (n % 4))), 9 + (n % 10));
      const pickedUpAt = at(date, windowStartHour[time] + 1);
      plan.push({
        form: {
          ...person(n, rules.serviceZipCodes),
          pickupDate: date,
          pickupTime: time,
          pickupLocation: locations[n % 5]!,
          bagQuantity: bags,
          waterTemperature: (['cold', 'warm', 'hot'] as const)[n % 3]!,
          detergentType: (['standard', 'hypoallergenic', 'bring-own'] as const)[n % 3]!,
          allergies: n % 8 === 2 ? 'Fragrance sensitivity - no scented products' : '',
          specialInstructions: n % 5 === 1 ? 'Gate code 4412. Bags will be by the side door.' : '',
          smsConsent: n % 2 === 0,
          rushDelivery: n % 7 === 0,
          hangDriedDelicates: n % 4 === 1,
          oxiClean: n % 3 === 0,
          stainTreatment: n % 5 === 2,
          blanketsQueenCount: n % 6 === 3 ? 1 : 0,
        },
        promoCode: null,
        giftCardCode: null,
        card: 'pays',
        bookedAt,
        status,
        leftCheckout: false,
        pickedUpAt,
        weighedAt: at(addDays(date, 1), 11),
        deliveredAt: at(addDays(date, 2), 15),
        // the customer called the day before; ahead of time, a few hours after booking
        cancelledAt: date > today ? past(new Date(bookedAt.getTime() + 3 * 3_600_000)) : at(addDays(date, -1), 12),
        // most bills come under the estimate (the rest of the hold goes back), every fourth above it
        weightTenths: bags * (n % 4 === 0 ? 210 : 100 + ((n * 13) % 60)),
        sendReceipt: status === 'delivered' && n % 2 === 0,
        sendRatingEmail: status === 'delivered' && n % 3 === 0,
      });
    }
  });
  return withSpecialCases(plan, today, rules.serviceZipCodes);
}

const noBookedAddOns = { rushDelivery: false, hangDriedDelicates: false, oxiClean: false, stainTreatment: false, blanketsQueenCount: 0 };

/** A few bookings take a promo code, a gift card, a failing card or a left checkout. */
function withSpecialCases(plan: DemoBooking[], today: IsoDate, zips: readonly string[]): DemoBooking[] {
  const taken = new Set<DemoBooking>();
  const take = (match: (b: DemoBooking) => boolean, change: (b: DemoBooking) => void) => {
    const found = plan.find((b) => !taken.has(b) && match(b));
    if (!found) return;
    taken.add(found);
    change(found);
  };
  const ahead = (b: DemoBooking) => b.form.pickupDate! > today;
  // spec: customer-site 9, FIRST12: a first-time customer, long since delivered
  take((b) => b.status === 'delivered', (b) => Object.assign(b, { promoCode: 'FIRST12', form: { ...b.form, ...person(0, zips, newcomers[0]) } }));
  // two bags: the card pays what the gift card leaves (never under the gateway's $0.50 minimum)
  take((b) => b.status === 'delivered', (b) => Object.assign(b, { giftCardCode: 'BIRTHDAY40', form: { ...b.form, bagQuantity: 2 } }));
  // weighed above the estimate on the card that fails later charges: the rest is due on the invoice
  take((b) => b.status === 'completed', (b) => Object.assign(b, { card: 'failsLater', weightTenths: (b.form.bagQuantity ?? 1) * 300 }));
  // picked up, not yet weighed: the gift card will pay first, the card the rest
  take((b) => b.status === 'in-progress', (b) => (b.giftCardCode = 'NEIGHBOR20'));
  take((b) => ahead(b) && b.status === 'confirmed', (b) => (b.promoCode = 'TEST1'));
  // docs/design.md 9: one open free booking per customer, so FREE goes to a newcomer
  take((b) => ahead(b) && b.status === 'confirmed', (b) => Object.assign(b, { promoCode: 'FREE', form: { ...b.form, ...person(1, zips, newcomers[1]) } }));
  // a gift card that pays the whole estimate: the free path, no card
  take(
    (b) => ahead(b) && b.status === 'confirmed',
    (b) => Object.assign(b, { giftCardCode: 'THANKYOU75', form: { ...b.form, bagQuantity: 2, ...noBookedAddOns } }),
  );
  take((b) => ahead(b) && b.status === 'confirmed', (b) => Object.assign(b, { status: 'cancelled', leftCheckout: true }));
  return plan;
}
