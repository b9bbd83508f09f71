// A pro's payout (spec: back-office 9; docs/design.md 5.7, 9; decision 018): what is still unpaid of
// each completed assignment, part by part, and which of the booking's charges funds its transfer.
// Pure: the server passes what the database and the gateway say; the amounts come from here.
import { assertNonNegativeInteger } from './pricing-core';

export type UnpaidAssignment = {
  assignmentId: string;
  bookingId: string;
  /** What the assignment earned: its per-pound payout and the booking's tip. */
  perPoundCents: number;
  tipCents: number;
  /** What payouts already paid of each part (or are paying now). */
  paidPerPoundCents: number;
  paidTipCents: number;
};

/** A charge that paid for a booking: what it kept after refunds, and how much earlier transfers named it for. */
export type FundingCharge = { bookingId: string; chargeId: string; keptCents: number; usedCents: number };

export type PayoutTransfer = {
  assignmentId: string;
  bookingId: string;
  perPoundCents: number;
  tipCents: number;
  amountCents: number;
  /** The booking's charge the transfer names as its source, or null to be paid from the balance. */
  sourceCharge: string | null;
};

/** Earned minus paid, never below 0. */
function left(earned: number, paid: number): number {
  return Math.max(earned - paid, 0);
}

/**
 * The transfers that pay each assignment with anything unpaid: the unpaid per-pound part plus the
 * unpaid tip. The first of its own booking's charges with enough left covers it in one transfer
 * (a transfer cannot take more than its source kept); when none has, it is split across the
 * booking's charges in order, as much as each has left (the per-pound part first, then the tip),
 * and only what no charge covers is paid from the balance (docs/design.md 9, decision 018).
 */
export function payoutTransfers(assignments: readonly UnpaidAssignment[], charges: readonly FundingCharge[]): { transfers: PayoutTransfer[]; totalCents: number } {
  const room = charges.map((c) => {
    assertNonNegativeInteger(c.keptCents, 'keptCents');
    assertNonNegativeInteger(c.usedCents, 'usedCents');
    return { ...c, room: left(c.keptCents, c.usedCents) };
  });
  const transfers: PayoutTransfer[] = [];
  let totalCents = 0;
  for (const a of assignments) {
    for (const [name, value] of Object.entries({ perPoundCents: a.perPoundCents, tipCents: a.tipCents, paidPerPoundCents: a.paidPerPoundCents, paidTipCents: a.paidTipCents }))
      assertNonNegativeInteger(value, name);
    const perPoundCents = left(a.perPoundCents, a.paidPerPoundCents);
    const tipCents = left(a.tipCents, a.paidTipCents);
    const amountCents = perPoundCents + tipCents;
    if (amountCents === 0) continue;
    totalCents += amountCents;
    const own = room.filter((c) => c.bookingId === a.bookingId && c.room > 0);
    const whole = own.find((c) => c.room >= amountCents);
    const pieces = whole ? [{ source: whole, amountCents }] : splitAcross(own, amountCents);
    let perPoundLeft = perPoundCents;
    for (const piece of pieces) {
      if (piece.source) piece.source.room -= piece.amountCents;
      const perPound = Math.min(perPoundLeft, piece.amountCents);
      perPoundLeft -= perPound;
      transfers.push({ assignmentId: a.assignmentId, bookingId: a.bookingId, perPoundCents: perPound, tipCents: piece.amountCents - perPound, amountCents: piece.amountCents, sourceCharge: piece.source?.chargeId ?? null });
    }
  }
  return { transfers, totalCents };
}

/** As much of the amount as each charge has left, in order; the rest (if any) from the balance (source null). */
function splitAcross<C extends { room: number }>(charges: readonly C[], amountCents: number): { source: C | null; amountCents: number }[] {
  const pieces: { source: C | null; amountCents: number }[] = [];
  let rest = amountCents;
  for (const c of charges) {
    if (rest === 0) break;
    const take = Math.min(c.room, rest);
    pieces.push({ source: c, amountCents: take });
    rest -= take;
  }
  if (rest > 0) pieces.push({ source: null, amountCents: rest });
  return pieces;
}

/** What a payout has paid: the sum of its transfers the gateway confirmed. */
export function paidPayoutCents(orders: readonly { amountCents: number; status: string }[]): number {
  return orders.filter((o) => o.status === 'paid').reduce((sum, o) => sum + o.amountCents, 0);
}
