// Decision 036: the one writer of a booking's money. Every change of what was authorised,
// captured, tipped, refunded, credited to a gift card, paid by a gift card or is still due is a
// row of the booking's ledger (booking_money_ledger) written in the same statement as the
// columns it moves, under the booking's row lock. The database refuses, at commit, a booking
// whose columns are not the sums of its ledger (migration 0034), so no other code can write them.
// Callers decide what moved (on the gateway's word, or staff's weighing); this module only
// records it, once per (booking, entry, source) when a source is given.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';

/** A booking's money columns, by the name the ledger gives each. */
export type MoneyColumn = 'authorized' | 'captured' | 'tip' | 'refunded' | 'credited' | 'giftCardApplied' | 'due';

/** What moved a booking's money: the ledger's `entry`. */
export type BookingMoneyEntry =
  /** the card's hold placed, renewed or found at the checkout (the gateway's word) */
  | 'hold'
  /** the hold captured at the weighing */
  | 'capture'
  /** an off-session charge to the saved card */
  | 'charge'
  /** a checkout of the amount due or of the final invoice, paid */
  | 'checkout_payment'
  /** the booking's own checkout, confirmed with what its intent shows */
  | 'checkout_confirmed'
  /** what the gateway says the booking's payments have had refunded */
  | 'card_refunds'
  /** a gift card paid what was still due (decision 064) */
  | 'gift_card_payment'
  /** staff gave part of the bill back to a gift card (decision 031) */
  | 'gift_card_credit'
  /** the weighing settled: what the gift card paid and what is still due */
  | 'weighed'
  /** a correction of the weighing before approval (decision 034) */
  | 'reweighed'
  /** the figures a booking had when its ledger began (migration 0034), or a test's starting point */
  | 'opening';

type Change = { set: number | SQL | null } | { add: number | SQL };

export type BookingMoneyChange = {
  entry: BookingMoneyEntry;
  /** The operation key, checkout, refund or event it answers to: a second change with the same source is not written. */
  source?: string;
  changes: Partial<Record<MoneyColumn, Change>>;
  /** Only while the booking is still as the caller checked it (a condition on `bookings`). */
  when?: SQL;
  at?: Date;
};

const columns: Record<MoneyColumn, { booking: string; ledger: string; nullable?: true }> = {
  authorized: { booking: 'authorized_amount', ledger: 'authorized_cents' },
  captured: { booking: 'captured_amount', ledger: 'captured_cents' },
  tip: { booking: 'tip_amount', ledger: 'tip_cents' },
  refunded: { booking: 'refunded_amount', ledger: 'refunded_cents' },
  credited: { booking: 'gift_card_credited_cents', ledger: 'credited_cents' },
  giftCardApplied: { booking: 'gift_card_applied_cents', ledger: 'gift_card_applied_cents', nullable: true },
  due: { booking: 'amount_due_cents', ledger: 'due_cents' },
};

function valueOf(v: number | SQL | null): SQL {
  return v === null ? sql`null::int` : typeof v === 'number' ? sql`${v}::int` : sql`(${v})::int`;
}

/**
 * Moves a booking's money: each changed column set to a value or added to, in one statement that
 * locks the booking, writes the ledger row of the differences and the columns. `matched`: the
 * booking is there and was as `when` required; `moved`: something changed (a change of nothing,
 * or a source already on the ledger, writes nothing).
 */
export async function moveBookingMoney(tx: DbOrTx, bookingId: string, change: BookingMoneyChange): Promise<{ matched: boolean; moved: boolean }> {
  const changed = (Object.keys(change.changes) as MoneyColumn[]).filter((c) => change.changes[c] !== undefined);
  if (changed.length === 0) throw new Error('moveBookingMoney: no column to change');
  const now = change.at ?? new Date();
  const old = (c: MoneyColumn) => sql.raw(`coalesce(bookings.${columns[c].booking}, 0)`);
  const next = (c: MoneyColumn) => {
    const ch = change.changes[c]!;
    if ('set' in ch) {
      if (ch.set === null && !columns[c].nullable) throw new Error(`moveBookingMoney: ${c} cannot be null`);
      return valueOf(ch.set);
    }
    return sql`${old(c)} + ${valueOf(ch.add)}`;
  };
  const delta = (c: MoneyColumn) => sql.raw(`coalesce(cur.n_${c}, 0) - cur.o_${c}`);
  const selected = sql.join(
    changed.map((c) => sql`${old(c)} as ${sql.raw(`o_${c}`)}, ${next(c)} as ${sql.raw(`n_${c}`)}, ${sql.raw(`bookings.${columns[c].booking} as r_${c}`)}`),
    sql`, `,
  );
  // a change of value, or of a nullable column between nothing and 0 (a gift card's part is null until the weighing says 0)
  const anyMoved = sql.join(
    changed.map((c) => sql.raw(`cur.n_${c} is distinct from cur.r_${c}`)),
    sql` or `,
  );
  const result = await tx.execute(sql`
    with cur as (
      select bookings.id, ${selected} from bookings
      where bookings.id = ${bookingId} and (${change.when ?? sql`true`})
      for update
    ),
    entry as (
      insert into booking_money_ledger (booking_id, created_at, entry, source, ${sql.raw(changed.map((c) => columns[c].ledger).join(', '))})
      select cur.id, ${now.toISOString()}::timestamptz, ${change.entry}, ${change.source ?? null}, ${sql.join(
        changed.map((c) => delta(c)),
        sql`, `,
      )}
      from cur where (${anyMoved})
      on conflict (booking_id, entry, source) where source is not null do nothing
      returning booking_id
    ),
    moved as (
      update bookings set ${sql.join(
        changed.map((c) => sql.raw(`${columns[c].booking} = cur.n_${c}`)),
        sql`, `,
      )}, updated_at = ${now.toISOString()}::timestamptz
      from cur, entry where bookings.id = cur.id and entry.booking_id = cur.id
      returning bookings.id
    )
    select (select count(*) from cur)::int as matched, (select count(*) from moved)::int as moved
  `);
  const [row] = rowsOf<{ matched: number; moved: number }>(result);
  return { matched: Number(row?.matched ?? 0) > 0, moved: Number(row?.moved ?? 0) > 0 };
}

/**
 * Money the customer's card paid for a booking (a capture, a charge, a checkout), on the gateway's
 * word: added to what was captured, its tip part to the tip (decision 015), and taken off what is
 * due, never below nothing.
 */
export function cardPaid(p: { cents: number; tipCents?: number; dueCents?: number }): BookingMoneyChange['changes'] {
  return {
    captured: { add: p.cents },
    ...(p.tipCents ? { tip: { add: p.tipCents } } : {}),
    ...(p.dueCents ? { due: { set: sql`greatest(bookings.amount_due_cents - ${p.dueCents}::int, 0)` } } : {}),
  };
}

/** The ledger's sums of a booking next to its columns: equal, unless the database refused a commit. */
export async function bookingMoneyFromLedger(tx: DbOrTx, bookingId: string): Promise<Record<MoneyColumn, number>> {
  const [row] = rowsOf<Record<MoneyColumn, string | number>>(
    await tx.execute(sql`
      select coalesce(sum(authorized_cents), 0) as "authorized", coalesce(sum(captured_cents), 0) as "captured", coalesce(sum(tip_cents), 0) as "tip",
             coalesce(sum(refunded_cents), 0) as "refunded", coalesce(sum(credited_cents), 0) as "credited",
             coalesce(sum(gift_card_applied_cents), 0) as "giftCardApplied", coalesce(sum(due_cents), 0) as "due"
      from booking_money_ledger where booking_id = ${bookingId}`),
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as Record<MoneyColumn, number>;
}
