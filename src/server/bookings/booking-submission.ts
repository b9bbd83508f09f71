// The wizard's submission key (docs/design.md 5.1, 6): the browser makes a random UUID for the form it
// submits and sends it with every press of Pay, so the same submission sent again (a second press,
// a reload, the first tab after paying in the checkout's tab) answers its booking instead of making
// a second booking and a second hold. The key is the customer's secret, like the session id the
// checkout returns with; it answers only with the same request, and only what the first answer gave.
import { bookingPriceList } from '../../shared/price-list';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { bookedPromo, pickExtras, quoteBooking, type BookingQuote, type PromoRate } from '../../shared/pricing';
import type { BookingForm } from '../../shared/schemas/booking-api';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { signedToken } from '../signed-token';

export type Submission = { key: string; digest: string };

/** JSON with the keys of every object in order: the same request reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * The request's submission: its key and a digest of what it asks for (the form as the server read
 * it, the promo code and the gift-card code). Null without a key: such a request books every time.
 */
export function submissionOf(request: { bookingData: BookingForm; promoCode: string | null; giftCardCode: string | null; submissionKey?: string | undefined }): Submission | null {
  if (!request.submissionKey) return null;
  const asked = canonicalJson({ bookingData: request.bookingData, promoCode: request.promoCode, giftCardCode: request.giftCardCode });
  return { key: request.submissionKey.toLowerCase(), digest: createHash('sha256').update(asked).digest('base64url') };
}

export type SubmittedBooking = typeof bookings.$inferSelect;

/** The booking made by this submission, if there is one (one indexed read, only when a write was refused). */
export async function findSubmittedBooking(db: DbOrTx, key: string): Promise<SubmittedBooking | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.submissionKey, key)).limit(1);
  return row ?? null;
}

/**
 * What an earlier booking of the same submission is now: still at the card checkout; released
 * without being paid (the checkout was left, lapsed or could not start: its place and gift-card
 * amount went back, so the submission may book again); or booked (paid, free, or later cancelled),
 * which its confirmation page shows.
 */
export function submissionState(row: Pick<SubmittedBooking, 'bookingStatus' | 'paymentStatus' | 'authorizedAmount'>): 'awaiting_payment' | 'released' | 'booked' {
  if (row.bookingStatus === 'pending') return 'awaiting_payment';
  const neverPaid = (row.paymentStatus === 'pending' || row.paymentStatus === 'failed') && row.authorizedAmount === 0;
  if (row.bookingStatus === 'cancelled' && neverPaid) return 'released';
  return 'booked';
}

/** Takes the key off a booking released unpaid, so that the same submission books again. */
export async function releaseSubmissionKey(db: DbOrTx, row: Pick<SubmittedBooking, 'id' | 'submissionKey'>): Promise<void> {
  if (!row.submissionKey) return;
  await db
    .update(bookings)
    .set({ submissionKey: null })
    .where(and(eq(bookings.id, row.id), eq(bookings.submissionKey, row.submissionKey), eq(bookings.bookingStatus, 'cancelled')));
}

export function submissionMismatch() {
  return domainError('submission_mismatch');
}

export type BookingAnswerInput = {
  bookingId: string;
  quote: BookingQuote;
  promo: PromoRate | null;
  discountCents: number;
  totalCents: number;
  secret: string;
};

/** What POST /api/bookings answers about a booking, before its next step is known. */
export function bookingAnswer(input: BookingAnswerInput) {
  return {
    token: signedToken(input.secret, 'view-booking', input.bookingId),
    booking_id: input.bookingId,
    confirmation: confirmationNumber(input.bookingId),
    quote: {
      ...input.quote,
      giftCardDiscountCents: input.discountCents,
      totalCents: input.totalCents,
      isFree: input.totalCents === 0,
      promoCode: input.promo?.code ?? null,
      promo: input.promo,
    },
  };
}

/** POST /api/bookings' answer: the booking, where the customer goes next, and whether it was made before. */
export type BookingAnswer = ReturnType<typeof bookingAnswer> & { next: 'confirmed' | 'checkout'; url: string | null; replayed: boolean };

/** The same answer for a booking already made: its prices as they were booked. */
export function storedBookingAnswer(row: SubmittedBooking, secret: string) {
  const promo = bookedPromo(row);
  const quote = quoteBooking({ bagQuantity: row.bagQuantity, extras: pickExtras(row), promo, priceList: bookingPriceList(row) });
  return bookingAnswer({ bookingId: row.id, quote, promo, discountCents: row.giftCardDiscountCents, totalCents: row.totalAmount, secret });
}
