// Gift cards: validation, and the hold / capture / release ledger that spends a balance.
// spec: customer-site 4, 5, 9 (gift cards); docs/design.md 5.3.
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { prices } from '../../shared/business';
import { formatCents } from '../../shared/money';
import { giftCardDiscountCents } from '../../shared/pricing';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { giftCardLedger, giftCards } from '../db/schema';
import { domainError, errorMessage } from '../error-catalogue';


/** No look-alike characters (0/O, 1/I/L), so a code read aloud or copied by hand works. */
export const giftCardAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const giftCardCodeLength = prices.giftCardCodeMaxLength;

export function generateGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < giftCardCodeLength; i++) code += giftCardAlphabet[randomInt(giftCardAlphabet.length)];
  return code;
}


export async function validateGiftCard(db: Db, code: string) {
  const typed = code.trim().toUpperCase();
  const [card] = await db.select().from(giftCards).where(eq(giftCards.code, typed)).limit(1);
  if (!card || card.balance <= 0) return { valid: false, code: typed, balance: 0, amount: 0, message: errorMessage('gift_card_invalid') };
  return {
    valid: true,
    code: card.code,
    balance: card.balance,
    amount: card.amount,
    message: `Gift card applied: ${formatCents(card.balance)} available.`,
  };
}

/**
 * Holds min(balance, subtotal) of the card for a booking about to be written. The card row is
 * locked for the rest of the transaction, so concurrent redemptions queue and the balance never
 * goes below zero. `record` writes the hold's ledger row once the booking row exists.
 */
export async function holdGiftCard(tx: DbOrTx, input: { code: string; subtotalCents: number }) {
  const { card, cents: discount } = await takeFromCard(tx, input.code, (balance) => giftCardDiscountCents(balance, input.subtotalCents));
  const none = { giftCardId: card.id, discountCents: 0, record: async (_bookingId: string) => {} };
  if (discount === 0) return none;
  return {
    giftCardId: card.id,
    discountCents: discount,
    record: async (bookingId: string) => {
      await tx.insert(giftCardLedger).values({ giftCardId: card.id, bookingId, kind: 'hold', amountCents: discount });
    },
  };
}

async function bookingEntries(tx: DbOrTx, bookingId: string) {
  const entries = await tx.select().from(giftCardLedger).where(eq(giftCardLedger.bookingId, bookingId));
  const hold = entries.find((e) => e.kind === 'hold') ?? null;
  return { hold, captured: entries.some((e) => e.kind === 'capture'), released: entries.some((e) => e.kind === 'release') };
}

/**
 * A booking's gift-card amount as its cancellation page tells it: what a cancellation would give
 * back now (`heldCents`, 0 once given back) and what has been given back (`returnedCents`).
 */
export async function giftCardHoldOf(tx: DbOrTx, bookingId: string): Promise<{ heldCents: number; returnedCents: number }> {
  const entries = await tx.select().from(giftCardLedger).where(eq(giftCardLedger.bookingId, bookingId));
  const hold = entries.find((e) => e.kind === 'hold');
  const returnedCents = entries.filter((e) => e.kind === 'release').reduce((sum, e) => sum + e.amountCents, 0);
  return { heldCents: hold && returnedCents === 0 ? hold.amountCents : 0, returnedCents };
}

/** Commits a booking's hold when its payment succeeds (at once for a free booking). */
export async function captureGiftCardHold(tx: DbOrTx, bookingId: string): Promise<number> {
  const { hold: found, captured, released } = await bookingEntries(tx, bookingId);
  const hold = found && !captured && !released ? found : null;
  if (!hold) return 0;
  await tx.insert(giftCardLedger).values({ giftCardId: hold.giftCardId, bookingId, kind: 'capture', amountCents: hold.amountCents });
  return hold.amountCents;
}

/** Gives what a booking took from a card back to it (abandoned checkout, cancellation). */
export async function releaseGiftCardHold(tx: DbOrTx, bookingId: string): Promise<number> {
  const { hold } = await bookingEntries(tx, bookingId);
  return hold ? giveBack(tx, bookingId, hold.giftCardId, hold.amountCents) : 0;
}

/**
 * After weighing: gives back the part of the booking's gift card the final bill did not need
 * (docs/design.md 9, gift card first; weighedAmounts). Once per booking, like a release.
 */
export async function returnUnusedGiftCard(tx: DbOrTx, bookingId: string, cents: number): Promise<number> {
  if (cents <= 0) return 0;
  const { hold } = await bookingEntries(tx, bookingId);
  if (!hold) return 0;
  return giveBack(tx, bookingId, hold.giftCardId, Math.min(cents, hold.amountCents));
}

/**
 * Decision 034: a corrected weighing gives back what the lower bill no longer needs, in the
 * correction's transaction; a ledger `release` row says so. Decision 064: gift cards that paid
 * what was due are this booking's too, so the money goes back newest spend first, and never more
 * to a card than it paid for this booking and has not had back. Answers what went back.
 */
export async function returnReweighedGiftCard(tx: DbOrTx, bookingId: string, cents: number): Promise<number> {
  if (cents <= 0) return 0;
  const entries = await tx.select().from(giftCardLedger).where(eq(giftCardLedger.bookingId, bookingId));
  const cards = new Map<string, { paid: number; newest: number }>();
  for (const e of entries) {
    const card = cards.get(e.giftCardId) ?? { paid: 0, newest: 0 };
    if (e.kind === 'hold' || e.kind === 'payment') {
      card.paid += e.amountCents;
      card.newest = Math.max(card.newest, e.createdAt.getTime());
    }
    if (e.kind === 'release') card.paid -= e.amountCents;
    cards.set(e.giftCardId, card);
  }
  const order = [...cards.entries()].filter(([, c]) => c.paid > 0).sort(([a, x], [b, y]) => y.newest - x.newest || a.localeCompare(b));
  if (order.length === 0) return 0;
  // the cards locked in one order (their ids), as every writer of two cards must
  const ids = order.map(([id]) => id).sort();
  await tx.execute(sql`select id from gift_cards where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) order by id for update`);
  let left = cents;
  for (const [giftCardId, card] of order) {
    const back = Math.min(left, card.paid);
    if (back <= 0) break;
    await tx
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} + ${back}` })
      .where(eq(giftCards.id, giftCardId));
    await tx.insert(giftCardLedger).values({ giftCardId, bookingId, kind: 'release', amountCents: back });
    left -= back;
  }
  return cents - left;
}

/**
 * Decision 064: the card pays up to `maxCents` of what a weighed booking still owes, final at once
 * (the bill is known: no hold). The card row is locked for the rest of the transaction, so two
 * spends of one card queue and its balance never goes below nothing. An unknown card and a spent
 * one are refused alike (docs/design.md 9). Answers the ledger row, what it paid and what is left.
 */
export async function payFromGiftCard(tx: DbOrTx, input: { code: string; bookingId: string; maxCents: number }): Promise<{ entryId: string; paidCents: number; balanceCents: number }> {
  if (!Number.isSafeInteger(input.maxCents) || input.maxCents <= 0) throw new RangeError(`A gift card pays a positive whole number of cents, got ${input.maxCents}`);
  // as at booking: what it leaves due is nothing or at least the card minimum, which a card can pay
  const { card, cents: paid, balanceCents } = await takeFromCard(tx, input.code, (balance) => giftCardDiscountCents(balance, input.maxCents));
  if (paid === 0) throw domainError('gift_card_leaves_too_little');
  const [entry] = await tx.insert(giftCardLedger).values({ giftCardId: card.id, bookingId: input.bookingId, kind: 'payment', amountCents: paid }).returning({ id: giftCardLedger.id });
  return { entryId: entry!.id, paidCents: paid, balanceCents };
}

/**
 * Takes `amountOf(balance)` from the card the code names, under its row lock (held for the rest of
 * the transaction: two spends of one card queue, and its balance never goes below nothing). An
 * unknown card and a spent one are refused alike (docs/design.md 9).
 */
async function takeFromCard(tx: DbOrTx, code: string, amountOf: (balanceCents: number) => number) {
  const locked = await tx.execute(sql`select id, balance from gift_cards where code = ${code.trim().toUpperCase()} for update`);
  const card = rowsOf<{ id: string; balance: number }>(locked)[0];
  if (!card || Number(card.balance) <= 0) throw domainError('gift_card_invalid');
  const cents = amountOf(Number(card.balance));
  if (cents === 0) return { card, cents, balanceCents: Number(card.balance) };
  const [updated] = await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${cents}` })
    .where(and(eq(giftCards.id, card.id), sql`${giftCards.balance} >= ${cents}`))
    .returning({ balance: giftCards.balance });
  if (!updated) throw domainError('gift_card_invalid');
  return { card, cents, balanceCents: updated.balance };
}

/** One release per booking: its balance back on the card, and the ledger row that says so. */
async function giveBack(tx: DbOrTx, bookingId: string, giftCardId: string, cents: number): Promise<number> {
  // the card row locked first: a concurrent release of the same booking waits, then sees this one
  await tx.execute(sql`select id from gift_cards where id = ${giftCardId} for update`);
  const { released } = await bookingEntries(tx, bookingId);
  if (released || cents <= 0) return 0;
  await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} + ${cents}` })
    .where(eq(giftCards.id, giftCardId));
  await tx.insert(giftCardLedger).values({ giftCardId, bookingId, kind: 'release', amountCents: cents });
  return cents;
}

/** The card's spendable balance, for a quote (no hold taken). */
export async function giftCardBalanceForQuote(db: Db, code: string): Promise<number> {
  const result = await validateGiftCard(db, code);
  if (!result.valid) throw domainError('gift_card_invalid');
  return result.balance;
}
