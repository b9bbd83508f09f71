// A booking's refund put on a gift card instead of the card (decision 031): onto the card the
// booking was paid with when it had one, otherwise onto a new card issued to the customer. The
// credit raises the card's balance and its credited_cents, never its amount (what it was sold
// for, which the gift-card sales figure sums), and the ledger says which booking it came from.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { giftCardLedger, giftCards } from '../db/schema';
import { issueGiftCard, type GiftCard } from './issue-gift-card';

/**
 * Credits `amountCents` to the booking's card (`giftCardId`) or, without one, to a new card with
 * the id `newCardId` for the customer. Joins the caller's transaction; answers the card as it is now.
 */
export async function creditGiftCard(
  tx: DbOrTx,
  input: { bookingId: string; giftCardId: string | null; newCardId: string; amountCents: number; customerEmail: string; customerName: string },
): Promise<{ card: GiftCard; issued: boolean }> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new RangeError(`A credit is a positive whole number of cents, got ${input.amountCents}`);
  if (input.giftCardId) {
    const [card] = await tx
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} + ${input.amountCents}`, creditedCents: sql`${giftCards.creditedCents} + ${input.amountCents}` })
      .where(eq(giftCards.id, input.giftCardId))
      .returning();
    if (card) {
      await tx.insert(giftCardLedger).values({ giftCardId: card.id, bookingId: input.bookingId, kind: 'credit', amountCents: input.amountCents });
      return { card, issued: false };
    }
  }
  // a new card: its amount is the credit, nothing sold (no checkout session)
  const card = await issueGiftCard(tx, {
    id: input.newCardId,
    amountCents: input.amountCents,
    purchaserEmail: null,
    recipientEmail: input.customerEmail,
    recipientName: input.customerName,
    message: 'A refund of your Washday order',
    stripeSessionId: null,
  });
  if (!card) throw new Error(`Gift card ${input.newCardId} exists already`);
  await tx.insert(giftCardLedger).values({ giftCardId: card.id, bookingId: input.bookingId, kind: 'credit', amountCents: input.amountCents });
  return { card, issued: true };
}
