// A gift card comes into being (docs/design.md 5.6): once, with a code nobody can guess. The caller
// (the checkout's handler, on the gateway's word) names the card's id, so a replayed or concurrent
// event that issues the same card again finds it and issues nothing more.
import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { giftCards } from '../db/schema';
import { generateGiftCardCode } from './gift-cards.service';

export type GiftCard = typeof giftCards.$inferSelect;

export type GiftCardToIssue = {
  id: string;
  amountCents: number;
  purchaserEmail: string | null;
  recipientEmail: string | null;
  recipientName: string | null;
  message: string;
  /** Who it is from, and the day its email goes to the recipient (null: at once). */
  senderName?: string | null;
  deliverOn?: string | null;
  /** The checkout it was bought at: one card per session. */
  stripeSessionId: string | null;
};

/** Codes drawn before giving up: one clash in 31^12 codes is already rare; five never happen. */
const codeDraws = 5;

/**
 * Inserts the card with a fresh code, its whole amount as its balance. Answers the new card, or
 * null when this id or this session already has one (nothing is written then). A code that is
 * taken is drawn again. Joins its caller's transaction: the card and what follows from it (its
 * emails) are written together or not at all.
 */
export async function issueGiftCard(tx: DbOrTx, card: GiftCardToIssue): Promise<GiftCard | null> {
  if (!Number.isSafeInteger(card.amountCents) || card.amountCents <= 0) throw new RangeError(`A gift card's amount is a positive whole number of cents, got ${card.amountCents}`);
  for (let draw = 0; draw < codeDraws; draw++) {
    // on any unique clash (id, session, code) nothing is inserted: a concurrent issue of the same
    // card waits for the other transaction and then finds its row below
    const [issued] = await tx
      .insert(giftCards)
      .values({
        id: card.id,
        code: generateGiftCardCode(),
        amount: card.amountCents,
        balance: card.amountCents,
        purchaserEmail: card.purchaserEmail,
        recipientEmail: card.recipientEmail,
        recipientName: card.recipientName,
        message: card.message,
        senderName: card.senderName ?? null,
        deliverOn: card.deliverOn ?? null,
        stripeSessionId: card.stripeSessionId,
      })
      .onConflictDoNothing()
      .returning();
    if (issued) return issued;
    const sameCard = card.stripeSessionId ? or(eq(giftCards.id, card.id), eq(giftCards.stripeSessionId, card.stripeSessionId)) : eq(giftCards.id, card.id);
    const [existing] = await tx.select({ id: giftCards.id }).from(giftCards).where(sameCard).limit(1);
    if (existing) return null;
  }
  throw new Error(`No unused gift-card code after ${codeDraws} draws`);
}
