// The laundry pros (spec: back-office 2 "Laundry Pros tab", 3, 5 "Add laundry pro", 9; docs/design.md
// 5.7): their profiles, and each pro's card with the earnings read from their assignments. Every
// amount is summed by the database from the assignments' payouts, which the shared pricing
// function computed when the weighing completed them; staff changes are audited.
import { desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { todayIn } from '../../shared/dates';
import { receiptOrderNumber } from '../../shared/booking-values';
import type { AssignmentRow, LaundryPro, proProfileSchema } from '../../shared/schemas/laundry-pros';
import type * as z from 'zod/mini';
import type { ProProfileValues } from '../audit/audit-events';
import { pickFields, recordAudit, type Actor } from '../audit/record-audit';
import type { Db, Tx } from '../db/client';
import { tipKeptSql } from '../db/money-sql';
import { bookingRatings, bookings, laundryAssignments, laundryPros, proEmailChanges, user } from '../db/schema';
import { domainError } from '../error-catalogue';
import { paidParts } from './unpaid';
import { normalisePhone } from '../../shared/phone';
import { ratingSummary, type RatingSummary } from '../../shared/rating-average';
import { readSettings } from '../settings/settings.service';

export type ProProfile = z.output<typeof proProfileSchema>;
export type ProContext = { actor: Actor; now: Date; timeZone: string };
type ProRow = typeof laundryPros.$inferSelect;

/**
 * What the pro portal does when staff save a pro's card (decision 041), in the same transaction:
 * an inactive pro's sessions end, and a new email waits for the pro's confirmation. Handed in by
 * app.ts (pro-portal sits above this folder).
 */
export type PortalOnProfileSaved = (tx: Tx, saved: { before: ProRow; name: string; email: string; active: boolean; now: Date }) => Promise<void>;


/** spec: back-office 4 — none, then an account that is not enabled yet, then enabled (the gateway's word). */
function paymentAccount(p: ProRow): LaundryPro['paymentAccount'] {
  return p.accountEnabled ? 'enabled' : p.stripeAccountId ? 'pending' : 'none';
}

/**
 * spec: back-office 9 — a completed assignment earns its per-pound payout (fixed when the weighing
 * completed it) and the booking's tip (the pro's, never revenue; docs/design.md 9), added by the database;
 * of the tip what refunds left of it (decision 031, tipKeptSql: what payouts pay).
 */
const tipOf = sql<number>`(case when ${laundryAssignments.status} = 'completed' then ${tipKeptSql({ tip: bookings.tipAmount, captured: bookings.capturedAmount, refunded: bookings.refundedAmount })} else 0 end)`;
const earnedOf = sql<number>`(coalesce(${laundryAssignments.perPoundPayoutCents}, 0) + ${tipOf})`;

type Earnings = { active: number; completed: number; perPound: number; tips: number; total: number; unpaidPerPound: number; unpaidTips: number; unpaidTotal: number; owedBack: number };

/** Each pro's assignment counts and payouts, summed by the database. */
async function earnings(db: Db, proIds: string[]): Promise<Map<string, Earnings>> {
  if (proIds.length === 0) return new Map();
  const completed = sql`${laundryAssignments.status} = 'completed'`;
  const paid = paidParts(db);
  // spec: back-office 4 — unpaid: completed, and not in any payout (decision 018: per part, so a tip added later is unpaid)
  const unpaidPerPound = sql`greatest(coalesce(${laundryAssignments.perPoundPayoutCents}, 0) - coalesce(${paid.perPound}, 0), 0)`;
  const unpaidTip = sql`greatest(${tipOf} - coalesce(${paid.tip}, 0), 0)`;
  // decision 031: a tip paid out and refunded since is not taken back from the pro silently: it is shown as owed back
  const owedBackTip = sql`greatest(coalesce(${paid.tip}, 0) - ${tipOf}, 0)`;
  const rows = await db
    .select({
      proId: laundryAssignments.laundryProId,
      active: sql<number>`count(*) filter (where ${laundryAssignments.status} = 'assigned')::int`,
      completed: sql<number>`count(*) filter (where ${completed})::int`,
      perPound: sql<number>`coalesce(sum(${laundryAssignments.perPoundPayoutCents}) filter (where ${completed}), 0)::int`,
      tips: sql<number>`coalesce(sum(${tipOf}), 0)::int`,
      total: sql<number>`coalesce(sum(${earnedOf}) filter (where ${completed}), 0)::int`,
      unpaidPerPound: sql<number>`coalesce(sum(${unpaidPerPound}) filter (where ${completed}), 0)::int`,
      unpaidTips: sql<number>`coalesce(sum(${unpaidTip}) filter (where ${completed}), 0)::int`,
      unpaidTotal: sql<number>`coalesce(sum(${unpaidPerPound} + ${unpaidTip}) filter (where ${completed}), 0)::int`,
      owedBack: sql<number>`coalesce(sum(${owedBackTip}) filter (where ${completed}), 0)::int`,
    })
    .from(laundryAssignments)
    .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
    .leftJoin(paid, eq(paid.assignmentId, laundryAssignments.id))
    .where(inArray(laundryAssignments.laundryProId, proIds))
    .groupBy(laundryAssignments.laundryProId);
  return new Map(rows.map((r) => [r.proId, r]));
}

/** spec: back-office 2, Recent Assignments: the first 3 of each pro, newest first. */
async function recentAssignments(db: Db, proIds: string[]) {
  if (proIds.length === 0) return new Map<string, LaundryPro['recentAssignments']>();
  const ranked = db
    .select({
      proId: laundryAssignments.laundryProId,
      bookingId: laundryAssignments.bookingId,
      status: laundryAssignments.status,
      earned: sql<number>`${earnedOf}::int`.as('earned'),
      n: sql<number>`row_number() over (partition by ${laundryAssignments.laundryProId} order by ${laundryAssignments.assignedAt} desc, ${laundryAssignments.id})`.as('n'),
    })
    .from(laundryAssignments)
    .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
    .where(inArray(laundryAssignments.laundryProId, proIds))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.n, 3)).orderBy(ranked.proId, ranked.n);
  const byPro = new Map<string, LaundryPro['recentAssignments']>();
  for (const r of rows) {
    const list = byPro.get(r.proId) ?? [];
    list.push({ bookingId: r.bookingId, orderId: orderId(r.bookingId), status: r.status, earnedCents: r.status === 'completed' ? Number(r.earned) : null });
    byPro.set(r.proId, list);
  }
  return byPro;
}

/** spec: back-office 9 — order ids are shown as their first 8 characters. */
function orderId(bookingId: string): string {
  return receiptOrderNumber(bookingId);
}

/**
 * decision 063: each pro's ratings, summed and counted by the database over the orders they had
 * when the customer rated them (booking_ratings.laundry_pro_id, so a later reassignment moves none).
 */
async function ratings(db: Db, proIds: string[]): Promise<Map<string, RatingSummary>> {
  if (proIds.length === 0) return new Map();
  const rows = await db
    .select({
      proId: sql<string>`${bookingRatings.laundryProId}`,
      count: sql<number>`count(*)::int`,
      stars: sql<number>`coalesce(sum(${bookingRatings.stars}), 0)::int`,
    })
    .from(bookingRatings)
    .where(inArray(bookingRatings.laundryProId, proIds))
    .groupBy(bookingRatings.laundryProId);
  return new Map(rows.map((r) => [r.proId, ratingSummary(Number(r.stars), Number(r.count))]));
}

const noRatings: RatingSummary = { count: 0, average: null };

type PortalAccount = { email: string; banned: boolean; pendingEmail: string | null };

/** Each invited pro's sign-in: its confirmed email, whether staff revoked it, a new email waiting (decision 041). */
async function portalAccounts(db: Db, proIds: string[]): Promise<Map<string, PortalAccount>> {
  if (proIds.length === 0) return new Map();
  const rows = await db
    .select({ proId: laundryPros.id, email: user.email, banned: user.banned, pendingEmail: proEmailChanges.email })
    .from(laundryPros)
    .innerJoin(user, eq(user.id, laundryPros.userId))
    .leftJoin(proEmailChanges, eq(proEmailChanges.proId, laundryPros.id))
    .where(inArray(laundryPros.id, proIds));
  return new Map(rows.map((r) => [r.proId, { email: r.email, banned: r.banned === true, pendingEmail: r.pendingEmail }]));
}

function toCard(p: ProRow, e: Earnings | undefined, recent: LaundryPro['recentAssignments'], portal: PortalAccount | undefined, rating: RatingSummary): LaundryPro {
  const unpaid = { perPoundCents: e?.unpaidPerPound ?? 0, tipCents: e?.unpaidTips ?? 0, totalCents: e?.unpaidTotal ?? 0 };
  return {
    id: p.id,
    name: p.name,
    email: p.email,
    phone: p.phone,
    perPoundRateCents: p.perPoundRateCents,
    hourlyRateCents: p.hourlyRateCents,
    status: p.status,
    notes: p.notes,
    startDate: p.startDate,
    createdAt: p.createdAt.toISOString(),
    paymentAccount: paymentAccount(p),
    portalInvited: p.userId !== null,
    portalRevoked: portal?.banned ?? false,
    portalEmail: portal?.email ?? null,
    portalEmailPending: portal?.pendingEmail ?? null,
    activeAssignments: e?.active ?? 0,
    completedOrders: e?.completed ?? 0,
    unpaid,
    owedBackCents: e?.owedBack ?? 0,
    totalEarnedCents: e?.total ?? 0,
    rating,
    recentAssignments: recent,
  };
}

async function cards(db: Db, pros: ProRow[]): Promise<LaundryPro[]> {
  const ids = pros.map((p) => p.id);
  const [e, recent, portal, rated] = await Promise.all([earnings(db, ids), recentAssignments(db, ids), portalAccounts(db, ids), ratings(db, ids)]);
  return pros.map((p) => toCard(p, e.get(p.id), recent.get(p.id) ?? [], portal.get(p.id), rated.get(p.id) ?? noRatings));
}

/** spec: back-office 7, laundry_pros: all, newest first. */
export async function listLaundryPros(db: Db): Promise<{ pros: LaundryPro[] }> {
  const pros = await db.select().from(laundryPros).orderBy(desc(laundryPros.createdAt), desc(laundryPros.id));
  return { pros: await cards(db, pros) };
}

/** One pro's card, or "Laundry pro not found." */
export async function getLaundryPro(db: Db, id: string): Promise<LaundryPro> {
  const [p] = await db.select().from(laundryPros).where(eq(laundryPros.id, id));
  if (!p) throw domainError('laundry_pro_not_found');
  return (await cards(db, [p]))[0]!;
}

function profileValues(input: ProProfile & { perPoundRateCents: number }, ctx: ProContext): ProProfileValues {
  return {
    name: input.name,
    email: input.email,
    phone: normalisePhone(input.phone),
    perPoundRateCents: input.perPoundRateCents,
    hourlyRateCents: input.hourlyRateCents,
    // spec: back-office 5 — today by default, the business's day
    startDate: input.startDate ?? todayIn(ctx.timeZone, ctx.now),
    notes: input.notes,
    status: input.status,
  };
}

/** spec: back-office 5, add laundry pro. */
export async function createLaundryPro(db: Db, input: ProProfile, ctx: ProContext): Promise<{ pro: LaundryPro }> {
  const id = await db.transaction(async (tx) => {
    // a rate left out is the pros' default rate the settings give (decision 055; the spec's 0.75)
    const values = profileValues({ ...input, perPoundRateCents: input.perPoundRateCents ?? (await readSettings(tx)).settings.prices.proDefaultPerPoundCents }, ctx);
    const [row] = await tx.insert(laundryPros).values(values).returning();
    await recordAudit(tx, ctx.actor, { action: 'laundry_pro.created', targetType: 'laundry_pro', targetId: row!.id, after: values });
    return row!.id;
  });
  return { pro: await getLaundryPro(db, id) };
}

/**
 * A pro's profile, edited (their status too: an inactive pro is offered for no new booking, and
 * loses the portal at once). The card's email is the pro's contact; their sign-in's email changes
 * only when the pro confirms it (decision 041, `portal`).
 */
export async function updateLaundryPro(db: Db, id: string, input: ProProfile, ctx: ProContext & { portal: PortalOnProfileSaved }): Promise<{ pro: LaundryPro }> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(laundryPros).where(eq(laundryPros.id, id)).for('update');
    if (!before) throw domainError('laundry_pro_not_found');
    const after = profileValues({ ...input, startDate: input.startDate ?? before.startDate, perPoundRateCents: input.perPoundRateCents ?? before.perPoundRateCents }, ctx);
    await tx.update(laundryPros).set({ ...after, updatedAt: ctx.now }).where(eq(laundryPros.id, id));
    const changed = (Object.keys(after) as (keyof ProProfileValues)[]).filter((k) => before[k] !== after[k]);
    await recordAudit(tx, ctx.actor, { action: 'laundry_pro.updated', targetType: 'laundry_pro', targetId: id, before: pickFields(before, changed), after: pickFields(after, changed) });
    await ctx.portal(tx, { before, name: after.name, email: after.email, active: after.status === 'active', now: ctx.now });
  });
  return { pro: await getLaundryPro(db, id) };
}

/** spec: back-office 2, Assignment Overview; 7, laundry_assignments with the joined booking and pro, newest first. */
export async function listAssignments(db: Db): Promise<{ assignments: AssignmentRow[] }> {
  const rows = await db
    .select({
      a: laundryAssignments,
      proName: laundryPros.name,
      customerName: bookings.name,
      weightTenths: bookings.actualWeightTenths,
      tipCents: tipOf,
      totalCents: sql<number>`${earnedOf}::int`,
    })
    .from(laundryAssignments)
    .innerJoin(laundryPros, eq(laundryPros.id, laundryAssignments.laundryProId))
    .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
    .orderBy(desc(laundryAssignments.assignedAt), desc(laundryAssignments.id))
    .limit(500);
  return {
    assignments: rows.map(({ a, proName, customerName, weightTenths, tipCents, totalCents }) => ({
      id: a.id,
      bookingId: a.bookingId,
      orderId: orderId(a.bookingId),
      proId: a.laundryProId,
      proName,
      customerName,
      weightTenths,
      status: a.status,
      payout: a.status === 'completed' ? { perPoundCents: a.perPoundPayoutCents ?? 0, tipCents: Number(tipCents), totalCents: Number(totalCents) } : null,
      assignedAt: a.assignedAt.toISOString(),
    })),
  };
}
