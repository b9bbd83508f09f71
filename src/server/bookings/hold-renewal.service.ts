// Decision 035: a pick-up booked far ahead holds real money when its laundry is weighed. The
// checkout's hold lapses about 7 days after the booking (Visa's off-session holds sooner); from the
// day before the pick-up, a hold that has lapsed or would lapse before the weighing is placed again
// on the saved card: a new hold for the same amount takes the old one's place, and the old one, if
// it still stands, is let go.
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { addDays, nowIn } from '../../shared/dates';
import type { Db } from '../db/client';
import { bookings, paymentOperations } from '../db/schema';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { runOperation } from '../payments/operations.service';
import { withPaymentClaim } from '../payments/payment-claims';
import { confirmationNumber } from '../../shared/booking-values';

/** Renewed from the day before the pick-up: the new hold then covers the days it is usually weighed in. */
const renewDaysBefore = 1;
/** A hold that still lasts this long after the pick-up day needs nothing. */
const coverDaysAfter = 3;

export type HoldRenewal = 'renewed' | 'declined' | 'not_needed';

/** The bookings whose hold would lapse before their laundry is weighed, renewed one at a time. */
export async function renewLapsingHolds(db: Db, gateway: PaymentGateway, ctx: { now: Date; timeZone: string }) {
  const today = nowIn(ctx.timeZone, ctx.now).date;
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.bookingStatus, 'confirmed'),
        inArray(bookings.paymentIntentStatus, ['requires_capture', 'canceled']),
        eq(bookings.weightAdjustmentProcessed, false),
        isNull(bookings.finalTotalAmount),
        isNotNull(bookings.stripePaymentMethodId),
        gt(bookings.authorizedAmount, 0),
        // from the day before the pick-up, not after it: a pick-up that did not happen is staff's to sort out
        gte(bookings.pickupDate, today),
        lte(bookings.pickupDate, addDays(today, renewDaysBefore)),
        lt(bookings.captureBefore, new Date(`${addDays(today, renewDaysBefore + coverDaysAfter)}T00:00:00Z`)),
        // each hold is renewed once: a card that refused is not asked again every hour
        sql`not exists (select 1 from ${paymentOperations} where ${paymentOperations.idempotencyKey} = 'booking:' || ${bookings.id}::text || ':renew-hold:' || ${bookings.stripePaymentIntentId})`,
      ),
    )
    .limit(100);
  const counts = { renewed: 0, declined: 0 };
  for (const { id } of due) {
    const outcome = await renewHold(db, gateway, id, ctx);
    if (outcome !== 'not_needed') counts[outcome] += 1;
  }
  return counts;
}

/**
 * Renews one booking's hold under its payment claim (decision 030), so that a weighing, an
 * approval or a cancellation at the same moment sees either the old hold or the new one, never
 * both. Each hold is renewed once (the operation's key names the hold it replaces); a card that
 * refuses keeps the old hold, and a weighing after it lapses charges the saved card, or leaves the
 * bill due with the pay link (decision 030).
 */
export async function renewHold(db: Db, gateway: PaymentGateway, bookingId: string, ctx: { now: Date }): Promise<HoldRenewal> {
  return withPaymentClaim(db, bookingId, async () => {
    const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    const old = b?.stripePaymentIntentId;
    if (!b || !old || !b.stripeCustomerId || !b.stripePaymentMethodId) return 'not_needed';
    if (b.bookingStatus !== 'confirmed' || b.weightAdjustmentProcessed || b.finalTotalAmount !== null || b.authorizedAmount <= 0) return 'not_needed';
    // a hold the customer's cancellation or a weighing let go is not placed again
    if (b.paymentIntentStatus !== 'requires_capture' && !(b.paymentIntentStatus === 'canceled' && b.captureBefore !== null && b.captureBefore <= ctx.now)) return 'not_needed';
    const oldStillStands = b.paymentIntentStatus === 'requires_capture' && b.captureBefore !== null && b.captureBefore > ctx.now;
    // the candidates' query knows this key: keep them the same
    const key = `booking:${b.id}:renew-hold:${old}`;
    const held = await runOperation(db, gateway, {
      key,
      bookingId: b.id,
      request: {
        kind: 'authorize_off_session',
        customerId: b.stripeCustomerId,
        paymentMethodId: b.stripePaymentMethodId,
        amountCents: b.authorizedAmount,
        description: `Laundry ${confirmationNumber(b.id)}: hold renewed for the pick-up`,
        replaces: old,
      },
    });
    if (held.status !== 'succeeded' || !held.gatewayRef) return 'declined';
    const [after] = await db.select({ pi: bookings.stripePaymentIntentId }).from(bookings).where(eq(bookings.id, b.id));
    const replaced = after?.pi === held.gatewayRef;
    // the old hold is let go once the new one stands (a lapsed one is gone already); a booking that
    // moved on meanwhile keeps its old hold, and the new one is let go instead
    const letGo = replaced ? (oldStillStands ? old : null) : held.gatewayRef;
    if (letGo) await runOperation(db, gateway, { key: `${key}:release:${letGo}`, bookingId: b.id, request: { kind: 'release', paymentIntentId: letGo, amountCents: 0 } });
    return replaced ? 'renewed' : 'not_needed';
  });
}
