// The back office's list of bookings (spec: back-office 2-4; docs/design.md 6, 8): the paged and
// searched list, the summary cards and their running tallies (today's schedule: schedule.service.ts).
import { and, asc, count, desc, eq, gt, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { todayIn } from '../../shared/dates';
import type { bookingListQuerySchema } from '../../shared/schemas/back-office';
import type { z } from 'zod';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { bookingTallies, bookings, giftCards } from '../db/schema';
import { toStaffBookings, type Booking } from './staff-booking';

/** "WD-3F2A1C", "3f2a1c9b", "(803) 555-0101" → what the search text holds for them. */
export function searchTerm(q: string): string {
  const trimmed = q.trim().toLowerCase();
  const code = /^wd-?([0-9a-f]{1,8})$/.exec(trimmed);
  if (code) return code[1]!;
  if (/^[0-9()+.\-\s]+$/.test(trimmed) && /\d/.test(trimmed)) return trimmed.replace(/\D/g, '');
  return trimmed;
}

function likeContains(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type ListQuery = z.output<typeof bookingListQuerySchema>;

/** All Bookings' status, payment and receipt filters (spec: back-office 2), as conditions on bookings. */
function bookingStatusFilters(input: Pick<ListQuery, 'status' | 'payment' | 'receipt' | 'date' | 'due'>): SQL[] {
  const filters: SQL[] = [];
  if (input.date) filters.push(eq(bookings.pickupDate, input.date));
  if (input.due) filters.push(eq(bookings.dueBackDate, input.due));
  if (input.status !== 'all') filters.push(eq(bookings.bookingStatus, input.status));
  if (input.payment === 'due') filters.push(gt(bookings.amountDueCents, 0), ne(bookings.bookingStatus, 'cancelled'));
  else if (input.payment !== 'all') filters.push(eq(bookings.paymentStatus, input.payment));
  // written as bookings_receipt_unsent_idx's predicate, so that the planner can use it
  if (input.receipt === 'unsent') filters.push(sql`${bookings.weightAdjustmentProcessed} and ${bookings.paymentStatus} = 'paid' and not ${bookings.finalReceiptSent}`);
  return filters;
}

/** The bookings All Bookings shows for these filters and search, every page of them: one condition (the CSV export). */
export function bookingListCondition(input: Pick<ListQuery, 'status' | 'payment' | 'receipt' | 'date' | 'due' | 'q'>): SQL | undefined {
  const filters = bookingStatusFilters(input);
  const term = searchTerm(input.q);
  if (term) filters.push(sql`${bookings.searchText} like ${likeContains(term)}`);
  return filters.length ? and(...filters) : undefined;
}

/** A search counts its matches up to this many; past it the total is a lower bound ("1,000+"). */
export const SEARCH_COUNT_CAP = 1000;

const newestFirst = [desc(bookings.createdAt), desc(bookings.id)];
/** A window's start hour from its value ('4pm-8pm' → 16, any window the owner set: decision 055), for the day's order. */
const startHourOf = (window: AnyColumn) => sql`(nullif(regexp_replace(split_part(${window}, '-', 1), '[^0-9]', '', 'g'), '')::int % 12 + case when split_part(${window}, '-', 1) like '%pm' then 12 else 0 end)`;
/** The day's work: by pick-up day and window, the soonest first, then by area. */
const pickupFirst = [asc(bookings.pickupDate), asc(startHourOf(bookings.pickupTime)), asc(bookings.zipCode), desc(bookings.createdAt), desc(bookings.id)];
/** The returns (decision 056): by due-back day and window, the soonest first, those not yet picked up last. */
const dueFirst = [sql`${bookings.dueBackDate} asc nulls last`, sql`${startHourOf(bookings.dueBackTime)} asc nulls last`, asc(bookings.zipCode), desc(bookings.createdAt), desc(bookings.id)];
const orderOf = { newest: newestFirst, pickup: pickupFirst, due: dueFirst } as const;

async function listPage(db: DbOrTx, rows: Booking[], total: number, totalIsLowerBound: boolean, input: ListQuery) {
  return { bookings: await toStaffBookings(db, rows), total, totalIsLowerBound, page: input.page, pageSize: input.pageSize };
}

/**
 * spec: back-office 2, All Bookings: newest first, a page at a time, filtered and searched on the
 * server (docs/design.md 8). Totals: status and payment filters from booking_tallies (exact, without
 * counting every booking); a search counts up to SEARCH_COUNT_CAP matches and says so past it.
 */
export async function listStaffBookings(db: Db, input: ListQuery) {
  const filters = bookingStatusFilters(input);
  const offset = (input.page - 1) * input.pageSize;
  const term = searchTerm(input.q);
  if (term) return searchBookings(db, term, filters, input, offset);

  const where = filters.length ? and(...filters) : undefined;
  // one snapshot for the page and its total, so that they agree while others write
  return db.transaction(
    async (tx) => {
      const rows = await tx
        .select()
        .from(bookings)
        .where(where)
        .orderBy(...orderOf[input.sort])
        .limit(input.pageSize)
        .offset(offset);
      let total: number;
      // the tallies count by status and payment only: a day's bookings are counted as a receipt filter's are
      if (input.receipt === 'any' && !input.date && !input.due) total = await tallyTotal(tx, input);
      // not in the tallies: a page that is not full tells the total itself, else count the few
      // bookings waiting for their receipt (the partial index holds only them)
      else if (rows.length > 0 && rows.length < input.pageSize) total = offset + rows.length;
      else if (rows.length === 0 && offset === 0) total = 0;
      else total = Number((await tx.select({ n: count() }).from(bookings).where(where))[0]?.n ?? 0);
      return listPage(tx, rows, total, false, input);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** How many bookings have this status and payment status ('all': any), from booking_tallies. */
async function tallyTotal(db: DbOrTx, input: Pick<ListQuery, 'status' | 'payment'>) {
  const where: SQL[] = [];
  if (input.status !== 'all') where.push(eq(bookingTallies.bookingStatus, input.status));
  if (input.payment === 'due') where.push(ne(bookingTallies.bookingStatus, 'cancelled'));
  else if (input.payment !== 'all') where.push(eq(bookingTallies.paymentStatus, input.payment));
  const counted = input.payment === 'due' ? bookingTallies.paymentDueBookings : bookingTallies.bookings;
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${counted}), 0)` })
    .from(bookingTallies)
    .where(where.length ? and(...where) : undefined);
  return Number(row?.n ?? 0);
}

/**
 * A free-text search. First the trigram index's matches, up to one past the cap: how many, and
 * while that is all of them, the page (sorting at most 1,000). A broad term (more than 1,000
 * matches) instead walks the newest bookings, testing each, until the page is full: sorting tens of
 * thousands of matches to show 25 is what made "yahoo" or a zip code slow. The walk stops after a
 * window of the newest bookings; a broad term whose matches are mostly older than that (rare) is
 * answered by sorting its matches after all.
 */
async function searchBookings(db: Db, term: string, filters: SQL[], input: ListQuery, offset: number) {
  const pattern = likeContains(term);
  const match = and(...filters, sql`${bookings.searchText} like ${pattern}`);
  const capped = await db.execute(sql`
    with matches as materialized (
      select ${bookings.id} as id, ${bookings.createdAt} as created_at from ${bookings} where ${match} limit ${SEARCH_COUNT_CAP + 1})
    select (select count(*) from matches) as total,
           (select string_agg(p.id::text, ',' order by p.created_at desc, p.id desc)
              from (select id, created_at from matches order by created_at desc, id desc limit ${input.pageSize} offset ${offset}) p) as ids`);
  const [summary] = rowsOf<{ total: number | string; ids: string | null }>(capped);
  const found = Number(summary?.total ?? 0);
  if (found <= SEARCH_COUNT_CAP) {
    const ids = summary?.ids ? summary.ids.split(',') : [];
    const rows = ids.length ? await db.select().from(bookings).where(inArray(bookings.id, ids)).orderBy(...newestFirst) : [];
    return listPage(db, rows, found, false, input);
  }

  // more than 1,000 matches in 100,000 bookings is at least 1 in 100: a page of 25 is usually found
  // among the first few thousand; the window allows 20 bookings tested per booking shown
  const windowRows = Math.max(5_000, (offset + input.pageSize) * 20);
  const newest = db
    .select()
    .from(bookings)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(...newestFirst)
    .limit(windowRows)
    .as('newest');
  let rows: Booking[] = await db
    .select()
    .from(newest)
    .where(sql`${newest.searchText} like ${pattern}`)
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(input.pageSize)
    .offset(offset);
  if (rows.length < input.pageSize) rows = await db.select().from(bookings).where(match).orderBy(...newestFirst).limit(input.pageSize).offset(offset);
  // a page that is not full is the last one: the total is exact again
  if (rows.length > 0 && rows.length < input.pageSize) return listPage(db, rows, offset + rows.length, false, input);
  return listPage(db, rows, Math.max(SEARCH_COUNT_CAP, rows.length > 0 ? offset + rows.length : 0), true, input);
}

/**
 * spec: back-office 2, the four cards, with decision 015's money. Total bookings, pending orders,
 * revenue (money earned on bookings: card captures and extra charges less refunds and tips, plus
 * gift-card amounts applied), on hold (open card authorisations) and the bookings with a payment
 * due (not cancelled) come from booking_tallies (migration 0014); today's pick-ups (business time
 * zone) from the pick-up date index.
 */
export async function dashboardStats(db: Db, ctx: { timeZone: string; now: Date }) {
  const today = todayIn(ctx.timeZone, ctx.now);
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${bookingTallies.bookings}), 0)`,
      pending: sql<string>`coalesce(sum(${bookingTallies.bookings}) filter (where ${bookingTallies.bookingStatus} = 'pending'), 0)`,
      revenue: sql<string>`coalesce(sum(${bookingTallies.revenueCents}), 0)`,
      onHold: sql<string>`coalesce(sum(${bookingTallies.onHoldCents}), 0)`,
      due: sql<string>`coalesce(sum(${bookingTallies.paymentDueBookings}) filter (where ${bookingTallies.bookingStatus} <> 'cancelled'), 0)`,
      todays: sql<string>`(select count(*) from ${bookings} where ${bookings.pickupDate} = ${today} and ${bookings.bookingStatus} <> 'cancelled')`,
      // gift cards sold through a checkout: their own figure, never revenue (docs/decisions/015)
      giftCardSales: sql<string>`(select coalesce(sum(${giftCards.amount}), 0) from ${giftCards} where ${giftCards.stripeSessionId} is not null)`,
    })
    .from(bookingTallies);
  return {
    today,
    totalBookings: Number(row?.total ?? 0),
    todaysPickups: Number(row?.todays ?? 0),
    totalRevenueCents: Number(row?.revenue ?? 0),
    onHoldCents: Number(row?.onHold ?? 0),
    pendingOrders: Number(row?.pending ?? 0),
    paymentDueBookings: Number(row?.due ?? 0),
    giftCardSalesCents: Number(row?.giftCardSales ?? 0),
  };
}

/** Held by whoever folds the tallies; migration 0007's reset on TRUNCATE waits for it too. */
const TALLY_FOLD_LOCK = 727270002;

/**
 * Folds booking_tallies' rows of differences into one row per status pair (the background jobs
 * call it; safe on several instances at once, and beside writers: rows committed after the fold
 * began are left for the next one). Returns how many rows it folded.
 */
export async function compactBookingTallies(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${TALLY_FOLD_LOCK}) as locked`));
    if (!lock?.locked) return 0;
    const folded = await tx.execute(sql`
      with folded as (
        delete from ${bookingTallies}
        where (booking_status, payment_status) in (
          select booking_status, payment_status from ${bookingTallies} group by booking_status, payment_status
          having count(*) > 1 or (sum(bookings) = 0 and sum(revenue_cents) = 0 and sum(on_hold_cents) = 0 and sum(payment_due_bookings) = 0))
        returning booking_status, payment_status, bookings, revenue_cents, on_hold_cents, payment_due_bookings),
      kept as (
        insert into ${bookingTallies} (booking_status, payment_status, bookings, revenue_cents, on_hold_cents, payment_due_bookings)
        select booking_status, payment_status, sum(bookings), sum(revenue_cents), sum(on_hold_cents), sum(payment_due_bookings)
        from folded group by booking_status, payment_status
        having sum(bookings) <> 0 or sum(revenue_cents) <> 0 or sum(on_hold_cents) <> 0 or sum(payment_due_bookings) <> 0
        returning 1)
      select (select count(*) from folded) as n`);
    return Number(rowsOf<{ n: string | number }>(folded)[0]?.n ?? 0);
  });
}
