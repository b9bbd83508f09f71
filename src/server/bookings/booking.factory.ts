// Booking rows for tests and the demo seed; totals come from the shared pricing rules.
import { bookingPriceList } from '../../shared/price-list';
import { eq } from 'drizzle-orm';
import { laundryPreferenceDefaults } from '../../shared/booking-values';
import { customerEmailKey, customerPhoneKey } from '../../shared/customer-identity';
import { NO_EXTRAS, pickExtras, quoteBooking, specPromoRates } from '../../shared/pricing';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { moveBookingMoney, type MoneyColumn } from '../booking-money/booking-money';
import type { DbOrTx } from '../db/client';
import { bookingMoneyLedger, bookings } from '../db/schema';

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
  const quote = quoteBooking({ bagQuantity: base.bagQuantity, extras: pickExtras({ ...NO_EXTRAS, ...base }), promo, priceList: bookingPriceList({ priceList: base.priceList ?? null }) });
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

/** A booking's money columns by the ledger's names (decision 036). */
const moneyColumns = {
  authorizedAmount: 'authorized',
  capturedAmount: 'captured',
  tipAmount: 'tip',
  refundedAmount: 'refunded',
  giftCardCreditedCents: 'credited',
  giftCardAppliedCents: 'giftCardApplied',
  amountDueCents: 'due',
} as const satisfies Partial<Record<keyof NewBooking, MoneyColumn>>;
type MoneyKey = keyof typeof moneyColumns;
const isMoneyKey = (k: string): k is MoneyKey => k in moneyColumns;

/**
 * Bookings as they are in a test's story, money included: each with its money ledger's opening
 * row in the same transaction (decision 036: the database refuses money columns without it).
 */
export async function insertBookings(db: DbOrTx, rows: NewBooking[]) {
  return db.transaction(async (tx) => {
    const made = await tx.insert(bookings).values(rows).returning();
    const openings = made
      .filter((b) => (Object.keys(moneyColumns) as MoneyKey[]).some((k) => (b[k] ?? 0) !== 0))
      .map((b) => ({
        bookingId: b.id,
        entry: 'opening',
        authorizedCents: b.authorizedAmount,
        capturedCents: b.capturedAmount,
        tipCents: b.tipAmount,
        refundedCents: b.refundedAmount,
        creditedCents: b.giftCardCreditedCents,
        giftCardAppliedCents: b.giftCardAppliedCents ?? 0,
        dueCents: b.amountDueCents,
      }));
    if (openings.length > 0) await tx.insert(bookingMoneyLedger).values(openings);
    return made;
  });
}

export async function insertBooking(db: DbOrTx, overrides: Partial<NewBooking> = {}) {
  const [row] = await insertBookings(db, [bookingValues(overrides)]);
  return row!;
}

/** A test's change of a booking, its money through the one writer (decision 036) and the rest as given. */
export async function updateBooking(db: DbOrTx, id: string, values: Partial<NewBooking>) {
  const money = Object.entries(values).filter(([k]) => isMoneyKey(k)) as [MoneyKey, number | null][];
  const rest = Object.fromEntries(Object.entries(values).filter(([k]) => !isMoneyKey(k)));
  await db.transaction(async (tx) => {
    if (Object.keys(rest).length > 0) await tx.update(bookings).set(rest).where(eq(bookings.id, id));
    if (money.length > 0) await moveBookingMoney(tx, id, { entry: 'opening', changes: Object.fromEntries(money.map(([k, v]) => [moneyColumns[k], { set: v }])) });
  });
}
