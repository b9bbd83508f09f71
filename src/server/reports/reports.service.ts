// The Reports tab (decision 026): a range's figures, its per-day or per-week series and its
// breakdowns, each summed by the database (sum, count, group by): a range of three years reads a
// few hundred rows of aggregates, never the bookings themselves.
import { sql } from 'drizzle-orm';
import { windowValue } from '../../shared/business-words';
import { todayIn } from '../../shared/dates';
import { averageBillCents, capacityPercent, totalIncomeCents } from '../../shared/pricing-reports';
import { offeredDaysByWeekday, reportBucket } from '../../shared/report-range';
import type { Report, ReportQuery } from '../../shared/schemas/reports';
import { rowsOf, type Db } from '../db/client';
import { tipKeptSql } from '../db/money-sql';
import { readSchedule } from '../settings/settings.service';

export type ReportContext = {
  timeZone: string;
  now: Date;
};

/** The towns named one by one; the rest are summed as one row. */
const townRows = 12;
export const otherTownsLabel = 'Other towns';

type Num = string | number | null;
const n = (v: Num | undefined) => Number(v ?? 0);

// decision 015: a booking's revenue, the same function the dashboard's Total Revenue sums
const revenue = sql.raw('booking_revenue_cents(b.captured_amount, b.refunded_amount, b.tip_amount, b.gift_card_applied_cents)');
const notCancelled = sql.raw(`b.booking_status <> 'cancelled'`);
// decision 031: the tips are what the pros keep; a tip given back by a refund is not one any more
const tipsKept = tipKeptSql({ tip: sql.raw('b.tip_amount'), captured: sql.raw('b.captured_amount'), refunded: sql.raw('b.refunded_amount') });

export async function getReport(db: Db, query: ReportQuery, ctx: ReportContext): Promise<Report> {
  const { from, to } = query;
  const tz = ctx.timeZone;
  const schedule = await readSchedule(db);
  // the range in the business time zone: from the first day's midnight to the day after the last's
  const start = sql`(${from}::date::timestamp at time zone ${tz})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${tz})`;
  const inRange = sql`b.pickup_date between ${from}::date and ${to}::date`;

  const [figures] = rowsOf<Record<string, Num>>(
    await db.execute(sql`
      select count(*) filter (where ${notCancelled}) as bookings,
        count(*) filter (where b.booking_status = 'cancelled') as cancelled,
        coalesce(sum(${revenue}), 0) as revenue,
        count(*) filter (where b.weight_adjustment_processed) as weighed,
        coalesce(sum(b.actual_weight_tenths) filter (where b.weight_adjustment_processed), 0) as pounds,
        coalesce(sum(${tipsKept}), 0) as tips,
        coalesce(sum(booking_due_cents(b.booking_status, b.amount_due_cents)), 0) as due
      from bookings b where ${inRange}`),
  );

  const bucket = reportBucket(from, to);
  const step = bucket === 'day' ? 1 : 7;
  const series = rowsOf<{ start: string; revenue: Num; bookings: Num }>(
    await db.execute(sql`
      select to_char(s.start, 'YYYY-MM-DD') as start, coalesce(sum(${revenue}), 0) as revenue,
        count(b.id) filter (where ${notCancelled}) as bookings
      from generate_series(${from}::date, ${to}::date, make_interval(days => ${step})) as s(start)
      left join bookings b on b.pickup_date >= s.start::date and b.pickup_date < s.start::date + ${step}::int and b.pickup_date <= ${to}::date
      group by s.start order by s.start`),
  );

  const towns = rowsOf<{ town: string; bookings: Num }>(
    await db.execute(sql`
      select min(trim(b.city)) as town, count(*) as bookings from bookings b
      where ${inRange} and ${notCancelled}
      group by lower(trim(b.city)) order by count(*) desc, min(trim(b.city)) limit ${townRows + 1}`),
  );

  const slots = rowsOf<{ weekday: Num; window: string; bookings: Num }>(
    await db.execute(sql`
      select extract(isodow from b.pickup_date)::int as weekday, b.pickup_time as window, count(*) as bookings
      from bookings b where ${inRange} and ${notCancelled} group by 1, 2`),
  );

  const [sales] = rowsOf<{ sold: Num; cents: Num; payouts: Num; invoices: Num; invoiceCents: Num }>(
    await db.execute(sql`
      select count(*) as sold, coalesce(sum(c.amount), 0) as cents,
        -- decision 026 (amended): invoices paid in the range's days, by hand or by card
        (select count(*) from manual_invoices m where m.status = 'paid' and m.paid_at >= ${start} and m.paid_at < ${end}) as invoices,
        (select coalesce(sum(m.total_cents), 0) from manual_invoices m where m.status = 'paid' and m.paid_at >= ${start} and m.paid_at < ${end}) as "invoiceCents",
        (select coalesce(sum(i.amount_cents), 0) from payout_items i
          join payouts p on p.id = i.payout_id
          join payment_operations o on o.idempotency_key = i.operation_key
          where o.status = 'succeeded' and p.created_at >= ${start} and p.created_at < ${end}) as payouts
      from gift_cards c
      where c.stripe_session_id is not null and c.created_at >= ${start} and c.created_at < ${end}`),
  );

  // decision 026: what customers can still spend on their cards, now when the range reaches
  // today, else as the ledger stood at the end of the range's last day
  const today = todayIn(tz, ctx.now);
  const liabilityOn = to < today ? to : today;
  const [liability] = rowsOf<{ cents: Num }>(
    await db.execute(
      to < today
        ? sql`
          select coalesce(sum(c.amount), 0)
            - coalesce((select sum(case l.kind when 'hold' then l.amount_cents when 'payment' then l.amount_cents when 'release' then -l.amount_cents
                  -- a refund credited to a card that was there before it (decision 031); a card issued by
                  -- the credit has it as its amount already, written in the same transaction (same time)
                  when 'credit' then case when l.created_at > lc.created_at then -l.amount_cents else 0 end
                  else 0 end)
                from gift_card_ledger l join gift_cards lc on lc.id = l.gift_card_id
                where l.created_at < ${end} and lc.created_at < ${end}), 0) as cents
          from gift_cards c where c.created_at < ${end}`
        : sql`select coalesce(sum(c.balance), 0) as cents from gift_cards c`,
    ),
  );

  const f = {
    revenueCents: n(figures?.revenue),
    bookings: n(figures?.bookings),
    cancelledBookings: n(figures?.cancelled),
    weighedBookings: n(figures?.weighed),
    poundsWashedTenths: n(figures?.pounds),
    tipsCents: n(figures?.tips),
    amountDueCents: n(figures?.due),
    giftCardsSold: n(sales?.sold),
    giftCardSalesCents: n(sales?.cents),
    giftCardLiabilityCents: n(liability?.cents),
    proPayoutsCents: n(sales?.payouts),
    invoicesPaid: n(sales?.invoices),
    invoiceIncomeCents: n(sales?.invoiceCents),
  };
  return {
    from,
    to,
    liabilityOn,
    empty: f.bookings + f.cancelledBookings + f.giftCardsSold + f.invoicesPaid === 0 && f.proPayoutsCents === 0,
    figures: { ...f, averageBillCents: averageBillCents(f.revenueCents, f.weighedBookings), totalIncomeCents: totalIncomeCents(f.revenueCents, f.invoiceIncomeCents) },
    bucket,
    series: series.map((s) => ({ start: s.start, revenueCents: n(s.revenue), bookings: n(s.bookings) })),
    towns: townsWithOthers(towns, f.bookings),
    // the places as the schedule has them now (decision 055), over the days of the range it offers
    ...windowsAgainstCapacity(
      slots.map((s) => ({ weekday: n(s.weekday), window: s.window, bookings: n(s.bookings) })),
      offeredDaysByWeekday(from, to, schedule.serviceWeekdays, schedule.closedDates),
      schedule.capacityPerWindow,
      [...schedule.pickupWindows].sort((a, b) => a.startHour - b.startHour).map(windowValue),
    ),
  };
}

function townsWithOthers(rows: { town: string; bookings: Num }[], total: number): Report['towns'] {
  const named = rows.slice(0, townRows).map((r) => ({ town: r.town, bookings: n(r.bookings) }));
  const rest = total - named.reduce((sum, r) => sum + r.bookings, 0);
  return rest > 0 ? [...named, { town: otherTownsLabel, bookings: rest }] : named;
}

/**
 * Each window's bookings against its places: capacity per window × the days it was offered (the
 * service weekdays in the range, less closed dates); and each weekday's window, fullest first.
 */
function windowsAgainstCapacity(slots: { weekday: number; window: string; bookings: number }[], offered: Map<number, number>, perWindow: number, known: string[]) {
  const windowNames = [...known, ...new Set(slots.map((s) => s.window).filter((w) => !known.includes(w)))];
  const offeredDays = [...offered.values()].reduce((a, b) => a + b, 0);
  const windows = windowNames.map((window) => {
    const bookings = slots.filter((s) => s.window === window).reduce((sum, s) => sum + s.bookings, 0);
    const capacity = known.includes(window) ? perWindow * offeredDays : 0;
    return { window, bookings, capacity, percent: capacityPercent(bookings, capacity) };
  });
  const pairs = new Map<string, { weekday: number; window: string; bookings: number; capacity: number }>();
  for (const [weekday, days] of offered) for (const window of known) pairs.set(`${weekday} ${window}`, { weekday, window, bookings: 0, capacity: perWindow * days });
  for (const s of slots) {
    const pair = pairs.get(`${s.weekday} ${s.window}`);
    if (pair) pair.bookings += s.bookings;
    else pairs.set(`${s.weekday} ${s.window}`, { ...s, capacity: 0 });
  }
  const busiest = [...pairs.values()]
    .filter((p) => p.bookings > 0)
    .map((p) => ({ ...p, percent: capacityPercent(p.bookings, p.capacity) }))
    .sort((a, b) => b.percent - a.percent || b.bookings - a.bookings || a.weekday - b.weekday || known.indexOf(a.window) - known.indexOf(b.window));
  return { windows, busiest };
}
