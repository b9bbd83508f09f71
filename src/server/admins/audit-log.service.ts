// The audit log as people read it (GET /api/admin/audit, master admins only; docs/design.md 6): a page
// at a time, newest first, filtered on the server by person, action and the business's days
// (docs/design.md 8), each entry in words with the names of what it points at (audit-words.ts).
import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { confirmationNumber } from '../../shared/booking-values';
import { maskGiftCardCode } from '../../shared/gift-card-mask';
import type { AuditEntry, AuditList, auditQuerySchema } from '../../shared/schemas/audit';
import type { Db } from '../db/client';
import { auditLog, bookings, contactMessages, giftCards, laundryPros, manualInvoices, outbox, subscriptions, user } from '../db/schema';
import { auditReferences, auditWords, noNames, nobodyLabel, type AuditNames } from '../audit/audit-words';
import { isUuid } from '../../shared/uuid';

export type AuditLogQuery = z.output<typeof auditQuerySchema>;
type AuditRow = typeof auditLog.$inferSelect;

/** The ids a uuid column can be asked for: anything else stored as a target matches nothing. */
const uuids = (ids: string[] | undefined) => [...new Set((ids ?? []).filter(isUuid))];

function filters(query: AuditLogQuery, timeZone: string): SQL | undefined {
  const where: SQL[] = [];
  if (query.by) where.push(sql`lower(${auditLog.actorEmail}) = ${query.by}`);
  if (query.action) where.push(eq(auditLog.action, query.action));
  // the business's days (docs/design.md 4): from its midnight to the midnight after `to`
  if (query.from) where.push(sql`${auditLog.at} >= (${query.from}::date::timestamp at time zone ${timeZone})`);
  if (query.to) where.push(sql`${auditLog.at} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`);
  return where.length > 0 ? and(...where) : undefined;
}

/** The names of everything a page of rows points at, a query per kind. */
async function namesFor(db: Db, rows: AuditRow[]): Promise<AuditNames> {
  const names = noNames();
  const refs: Partial<Record<keyof AuditNames, string[]>> = {};
  for (const row of rows) for (const [kind, ids] of Object.entries(auditReferences(row)) as [keyof AuditNames, string[]][]) (refs[kind] ??= []).push(...ids);

  const outboxIds = uuids(refs.outbox);
  if (outboxIds.length > 0) {
    const found = await db.select({ id: outbox.id, channel: outbox.channel, subject: outbox.subject, recipient: outbox.recipient, bookingId: outbox.bookingId }).from(outbox).where(inArray(outbox.id, outboxIds));
    for (const m of found) {
      names.outbox.set(m.id, m);
      if (m.bookingId) (refs.bookings ??= []).push(m.bookingId);
    }
  }
  const peopleIds = [...new Set(refs.people ?? [])];
  const lookups: (() => Promise<void>)[] = [];
  const load = async <T extends { id: string }>(ids: string[], query: (ids: string[]) => Promise<T[]>, put: (row: T) => void) => {
    if (ids.length > 0) for (const row of await query(ids)) put(row);
  };
  lookups.push(
    () => load(peopleIds, (ids) => db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, ids)), (u) => names.people.set(u.id, { name: u.name || u.email, email: u.email })),
    () => load(uuids(refs.pros), (ids) => db.select({ id: laundryPros.id, name: laundryPros.name }).from(laundryPros).where(inArray(laundryPros.id, ids)), (p) => names.pros.set(p.id, p.name)),
    () => load(uuids(refs.bookings), (ids) => db.select({ id: bookings.id, name: bookings.name }).from(bookings).where(inArray(bookings.id, ids)), (b) => names.bookings.set(b.id, b.name)),
    () => load(uuids(refs.giftCards), (ids) => db.select({ id: giftCards.id, code: giftCards.code }).from(giftCards).where(inArray(giftCards.id, ids)), (g) => names.giftCards.set(g.id, maskGiftCardCode(g.code))),
    () => load(uuids(refs.invoices), (ids) => db.select({ id: manualInvoices.id, number: manualInvoices.invoiceNumber }).from(manualInvoices).where(inArray(manualInvoices.id, ids)), (i) => names.invoices.set(i.id, i.number)),
    () => load(uuids(refs.subscriptions), (ids) => db.select({ id: subscriptions.id, name: subscriptions.clientName }).from(subscriptions).where(inArray(subscriptions.id, ids)), (s) => names.subscriptions.set(s.id, s.name)),
    () => load(uuids(refs.messages), (ids) => db.select({ id: contactMessages.id, name: contactMessages.name }).from(contactMessages).where(inArray(contactMessages.id, ids)), (m) => names.messages.set(m.id, m.name)),
  );
  // one after another: PGlite answers one query at a time (docs/design.md 1)
  for (const lookup of lookups) await lookup();
  return names;
}

function toEntry(row: AuditRow, names: AuditNames): AuditEntry {
  const words = auditWords(row, names);
  const known = row.actorId ? names.people.get(row.actorId) : undefined;
  const who = known ?? (row.actorEmail ? { name: row.actorEmail, email: row.actorEmail } : null);
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    label: words.label,
    sentence: words.sentence,
    who,
    whoLabel: who ? who.name : nobodyLabel(row.action),
    ip: row.ip,
    amountCents: words.amountCents,
    booking: words.bookingId ? { code: confirmationNumber(words.bookingId), exists: names.bookings.has(words.bookingId) } : null,
    targetId: row.targetId,
  };
}

/** Everyone who has acted, by name, for the person filter (their email is the filter's value). */
async function peopleInLog(db: Db): Promise<AuditList['people']> {
  const actors = await db
    .selectDistinct({ id: auditLog.actorId, email: sql<string>`lower(${auditLog.actorEmail})` })
    .from(auditLog)
    .where(isNotNull(auditLog.actorEmail));
  const ids = [...new Set(actors.map((a) => a.id).filter((id): id is string => id !== null))];
  const accounts = ids.length > 0 ? await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids)) : [];
  const nameOf = new Map(accounts.map((a) => [a.id, a.name]));
  const byEmail = new Map<string, string>();
  for (const a of actors) {
    const name = (a.id && nameOf.get(a.id)) || '';
    if (!byEmail.get(a.email)) byEmail.set(a.email, name);
  }
  return [...byEmail.entries()].map(([email, name]) => ({ email, name: name || email })).sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

export async function listAuditLog(db: Db, query: AuditLogQuery, ctx: { timeZone: string }): Promise<AuditList> {
  const where = filters(query, ctx.timeZone);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const names = await namesFor(db, rows);
  return { entries: rows.map((r) => toEntry(r, names)), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize, people: await peopleInLog(db) };
}
