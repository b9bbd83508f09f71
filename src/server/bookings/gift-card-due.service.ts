// Decision 064: a gift card pays what is still due on a weighed booking, from the customer's pay
// link or their invoice link (the callers check the link). Up to its balance: the rest stays due,
// for the card. Under the booking's payment claim (decision 030), once every checkout of the
// booking's money is closed (one the card completed meanwhile applied first), so a card checkout
// can never pay what the gift card paid; then, under the booking's row lock and the gift card's
// (in that order, as every writer of both takes them), the card's ledger and the booking's move
// together (decision 036).
import { eq } from 'drizzle-orm';
import { markDuePaid } from './amount-due-checkout';
import { moveBookingMoney } from '../booking-money/booking-money';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { payFromGiftCard } from '../gift-cards/gift-cards.service';
import type { NotificationContext } from '../notifications/notifications.service';
import { closeBookingCheckouts } from '../payments/booking-checkouts';
import { withPaymentClaim } from '../payments/payment-claims';
import { applyCheckoutSession } from '../payments/webhook-events.service';

export type { GiftCardDuePayment } from '../../shared/schemas/amount-due';
import type { GiftCardDuePayment } from '../../shared/schemas/amount-due';

export async function payDueFromGiftCard(
  db: Db,
  gateway: PaymentGateway,
  notify: NotificationContext,
  input: { bookingId: string; giftCardCode: string; now: Date },
): Promise<GiftCardDuePayment> {
  return withPaymentClaim(db, input.bookingId, async () => {
    for (let round = 0; round < 3; round++) {
      const closed = await closeBookingCheckouts(db, gateway, input.bookingId);
      if (closed.completed.length > 0) {
        // a checkout was paid and its event is not here yet: apply it, then look again
        for (const sessionId of closed.completed) await applyCheckoutSession(db, gateway, notify, sessionId);
        continue;
      }
      return db.transaction(async (tx) => {
        const [booking] = await tx.select({ due: bookings.amountDueCents }).from(bookings).where(eq(bookings.id, input.bookingId)).for('update');
        if (!booking || booking.due <= 0) throw domainError('nothing_due');
        const paid = await payFromGiftCard(tx, { code: input.giftCardCode, bookingId: input.bookingId, maxCents: booking.due });
        await moveBookingMoney(tx, input.bookingId, {
          entry: 'gift_card_payment',
          source: paid.entryId,
          changes: { giftCardApplied: { add: paid.paidCents }, due: { add: -paid.paidCents } },
          at: input.now,
        });
        if (paid.paidCents === booking.due) await markDuePaid(tx, input.bookingId, input.now);
        return { paidCents: paid.paidCents, balanceCents: paid.balanceCents };
      });
    }
    throw domainError('payment_in_progress');
  });
}
