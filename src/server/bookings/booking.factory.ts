// Booking rows for tests and the demo seed; totals come from the shared pricing rules.
import { laundryPreferenceDefaults } from '../../shared/booking-values';
import { customerEmailKey, customerPhoneKey } from '../../shared/customer-identity';
import { NO_EXTRAS, pickExtras, quoteBooking, specPromoRates } from '../../shared/pricing';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';

export type NewBooking = typeof bookings.$inferInsert;

let sequence = 0;

/** The booking form as a customer sends it (POST /api/bookings' bookingData), for API tests and benches. */
export function bookingFormInput(overrides: Partial<BookingFormInput> = {}): BookingFormInput {
  sequence += 1;
  return {
    name: 'Jenna Whitfield',
    email: `jenna${sequence}@example.com`,
    phone: `(803) 555-${String(1000 + (sequence % 9000)).slice(-4)}`,
    address: '12 Pine Ridge Dr',
    city: 'Lexington',
    zipCode: '29072',
    pickupDate: '2026-11-23',
    pickupTime: '8am-12pm',
    pickupLocation: 'front-door',
    specialInstructions: '',
    bagQuantity: 1,
    smsConsent: false,
    ...laundryPreferenceDefaults,
    ...NO_EXTRAS,
    termsAccepted: true,
    ...overrides,
  };
}

export function bookingValues(overrides: Partial<NewBooking> = {}): NewBooking {
  sequence += 1;
  const base = {
    name: `Test Customer ${sequence}`,
    email: `customer${sequence}@example.com`,
    phone: '(803) 555-01' + String(sequence % 100).padStart(2, '0'),
    address: `${100 + sequence} Main Street`,
    city: 'Lexington',
    zipCode: '29072',
    pickupDate: '2026-11-23',
    pickupTime: '8am-12pm',
    pickupLocation: 'front-door',
    bagQuantity: 1,
    ...NO_EXTRAS,
    termsAccepted: true,
    ...overrides,
  };
  // the spec's promo codes at their spec rates (the rows a booking made through the API would hold)
  const promo = base.promoCode ? (specPromoRates[base.promoCode as keyof typeof specPromoRates] ?? null) : null;
  const quote = quoteBooking({ bagQuantity: base.bagQuantity, extras: pickExtras({ ...NO_EXTRAS, ...base }), promo });
  return {
    subtotalCents: quote.subtotalCents,
    totalAmount: quote.totalCents,
    originalTotalAmount: quote.totalCents,
    promoBagRateCents: promo?.bagRateCents ?? null,
    promoWaivesAddOns: promo?.waivesAddOns ?? false,
    emailKey: customerEmailKey(base.email),
    phoneKey: customerPhoneKey(base.phone),
    ...base,
  };
}

export async function insertBooking(db: Db, overrides: Partial<NewBooking> = {}) {
  const [row] = await db.insert(bookings).values(bookingValues(overrides)).returning();
  return row!;
}
