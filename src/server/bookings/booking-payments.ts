// A booking's own money primitives (docs/design.md 5.4; decision 031): charge the final amount of a
// weighed booking, what each of its payments can still give back, the release of its hold. Each
// movement runs as a payments operation, whose effect on the booking is bookings' own
// (operation-effects.ts, decision 051).
import { eq } from 'drizzle-orm';
import { prices } from '../../shared/business';
import { confirmationNumber } from '../../shared/booking-values';
import type { RefundablePayment } from '../../shared/pricing-refunds';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { runOperation } from '../payments/operations.service';
import { withPaymentClaim } from '../payments/payment-claims';
import { bookingPaymentIntents } from './card-refunds';
import type { Booking } from './staff-booking';

async function paidBooking(db: Db, bookingId: string): Promise<Booking> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw domainError('booking_not_found');
  if (booking.paymentStatus !== 'paid' || !booking.stripePaymentIntentId)
    throw domainError('charge_not_authorised');
  return booking;
}

export type FinalChargeResult = {
  outcome: 'captured' | 'captured_and_charged' | 'charged_off_session' | 'needs_customer' | 'failed' | 'waived';
  capturedCents: number;
  extraChargedCents: number;
  waivedCents: number;
  message: string | null;
};

/**
 * Charges the final amount of a booking (docs/design.md 5.4): at or below the authorisation, capture
 * it (the rest is released); above it, capture the authorisation and charge the difference off
 * session; an expired authorisation is charged off session in full. Below the gateway's minimum
 * ($0.50) nothing is attempted and the amount is waived.
 */
export async function chargeFinalAmount(
  db: Db,
  gateway: PaymentGateway,
  input: { bookingId: string; finalCents: number; now?: Date },
): Promise<FinalChargeResult> {
  if (!Number.isInteger(input.finalCents) || input.finalCents < 0) throw domainError('invalid_final_amount');
  const booking = await paidBooking(db, input.bookingId);
  const now = input.now ?? new Date();
  const min = prices.minimumChargeCents;
  const key = (what: string) => `booking:${booking.id}:final:${input.finalCents}:${what}`;
  const piId = booking.stripePaymentIntentId!;
  const expired = booking.captureBefore !== null && booking.captureBefore <= now;
  const authorised = booking.authorizedAmount;

  const offSession = async (amountCents: number, what: string) => {
    if (!booking.stripeCustomerId || !booking.stripePaymentMethodId) return { status: 'failed' as const, message: 'No saved card for this booking.', gatewayRef: null, amountCents };
    return runOperation(db, gateway, {
      key: key(what),
      bookingId: booking.id,
      request: { kind: 'charge_off_session', customerId: booking.stripeCustomerId, paymentMethodId: booking.stripePaymentMethodId, amountCents, description: `Laundry ${confirmationNumber(booking.id)}: ${what.replace('_', ' ')}` },
    });
  };
  const release = () => runOperation(db, gateway, { key: key('release'), bookingId: booking.id, request: { kind: 'release', paymentIntentId: piId, amountCents: 0 } });

  if (input.finalCents < min) {
    if (!expired) await release();
    return { outcome: 'waived', capturedCents: 0, extraChargedCents: 0, waivedCents: input.finalCents, message: null };
  }
  if (expired) {
    const charged = await offSession(input.finalCents, 'final_amount');
    return finalResult(charged, 0, charged.status === 'succeeded' ? input.finalCents : 0, 'charged_off_session');
  }
  const captureCents = Math.min(input.finalCents, authorised);
  const captured = await runOperation(db, gateway, { key: key('capture'), bookingId: booking.id, request: { kind: 'capture', paymentIntentId: piId, amountCents: captureCents } });
  if (captured.status !== 'succeeded') {
    // the gateway refused the capture: the hold is gone before its date (Visa's off-session holds
    // lapse sooner) or was let go. The whole amount is charged to the saved card instead; a card
    // that declines leaves it due (docs/design.md 5.4), never a weighing that cannot be recorded.
    const charged = await offSession(input.finalCents, 'final_amount');
    return finalResult(charged, 0, charged.status === 'succeeded' ? input.finalCents : 0, 'charged_off_session');
  }
  const difference = input.finalCents - captureCents;
  if (difference === 0) return { outcome: 'captured', capturedCents: captureCents, extraChargedCents: 0, waivedCents: 0, message: null };
  if (difference < min) return { outcome: 'captured', capturedCents: captureCents, extraChargedCents: 0, waivedCents: difference, message: null };
  const extra = await offSession(difference, 'additional_charge');
  return finalResult(extra, captureCents, extra.status === 'succeeded' ? difference : 0, 'captured_and_charged');
}

function finalResult(op: { status: string; message: string | null }, captured: number, charged: number, success: FinalChargeResult['outcome']): FinalChargeResult {
  if (op.status === 'succeeded') return { outcome: success, capturedCents: captured, extraChargedCents: charged, waivedCents: 0, message: null };
  if (op.status === 'needs_customer') return { outcome: 'needs_customer', capturedCents: captured, extraChargedCents: 0, waivedCents: 0, message: op.message };
  return { outcome: 'failed', capturedCents: captured, extraChargedCents: 0, waivedCents: 0, message: op.message };
}

/**
 * What each of a booking's payments can still give back, newest first, on the gateway's word
 * (decision 031): the hold's capture, the extra charges and the checkouts of the amount due and the
 * invoice. A read that fails throws: nothing may be refunded on a guess.
 */
export async function refundablePayments(db: Db, gateway: PaymentGateway, bookingId: string): Promise<RefundablePayment[]> {
  const payments: RefundablePayment[] = [];
  for (const paymentIntentId of await bookingPaymentIntents(db, bookingId)) {
    const pi = await gateway.retrievePaymentIntent(paymentIntentId);
    if (pi.status === 'succeeded' && pi.amountReceived > pi.amountRefunded) payments.push({ paymentIntentId, refundableCents: pi.amountReceived - pi.amountRefunded });
  }
  return payments;
}

/** Releases an open authorisation (a cancelled or deleted booking): nothing is charged. */
export async function releaseAuthorisation(db: Db, gateway: PaymentGateway, bookingId: string) {
  // under the booking's payment claim: the hold it stands on now, never one a renewal replaced (decision 035)
  return withPaymentClaim(db, bookingId, async () => {
    const booking = await paidBooking(db, bookingId);
    if (booking.paymentIntentStatus !== 'requires_capture') return null;
    return runOperation(db, gateway, { key: `booking:${booking.id}:release`, bookingId: booking.id, request: { kind: 'release', paymentIntentId: booking.stripePaymentIntentId!, amountCents: 0 } });
  });
}
