// The transactional outbox: rows written with the change that causes them, delivered by a
// worker with retries and backoff. Several app instances can run the worker: each message is
// claimed with FOR UPDATE SKIP LOCKED just before it is sent, under a lease much longer than one
// send (the mail server's timeouts are 20 s), so another worker never takes a message that is still
// being sent, and a worker that stops hands nothing claimed back half-done (docs/deploy.md 10).
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { recordAudit, type Actor } from '../audit/record-audit';
import { readSettings } from '../settings/settings.service';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { domainError } from '../error-catalogue';
import { outbox } from '../db/schema';
import type { Mailer } from '../gateways/mail/mailer';
import type { SmsSender } from '../gateways/sms/sms-sender';
import { outboxPreview, redactOneTimeLinks } from './redact';


export type EmailPayload = {
  html: string;
  text: string;
  replyTo?: string;
  /** A binary file (a PDF) travels as base64 text, with `encoding: 'base64'`. */
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[];
};

export const maxAttempts = 10;
/** A message's lease: how long a worker that took it may be sending it before another may take it. */
export const leaseMs = 120_000;

/** Queues an email; a second call with the same dedupe key changes nothing. */
export async function enqueueEmail(
  tx: DbOrTx,
  input: { dedupeKey: string; kind: string; to: string; subject: string; payload: EmailPayload; bookingId?: string | null; notBefore?: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(outbox)
    .values({
      channel: 'email',
      kind: input.kind,
      dedupeKey: input.dedupeKey,
      recipient: input.to,
      subject: input.subject,
      payload: input.payload,
      bookingId: input.bookingId ?? null,
      // a message for a later day (a gift card's chosen delivery date) waits until then
      ...(input.notBefore ? { nextAttemptAt: input.notBefore } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return inserted.length === 1;
}

/** Queues a text; it opens with the business's name as its Settings say (decision 055), so a customer knows who writes. */
export async function enqueueSms(tx: DbOrTx, input: { dedupeKey: string; kind: string; to: string; text: string; bookingId?: string | null }): Promise<boolean> {
  const body = `${(await readSettings(tx)).settings.business.name}: ${input.text}`;
  const inserted = await tx
    .insert(outbox)
    .values({ channel: 'sms', kind: input.kind, dedupeKey: input.dedupeKey, recipient: input.to, payload: { body }, bookingId: input.bookingId ?? null })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return inserted.length === 1;
}

type OutboxRow = typeof outbox.$inferSelect;

/** A mail server's words without the addresses and numbers in them ("550 <ada@…>: no such user"): what a log may hold. */
export function withoutAddresses(text: string): string {
  // a phone number has ten digits or more; a mail server's status codes ("550 5.1.1") fewer
  return text.replace(/[^\s<>@"']+@[^\s<>@"']+/g, '[address]').replace(/\+?\d[\d\s().-]{7,}\d/g, (m) => (m.replace(/\D/g, '').length >= 10 ? '[number]' : m));
}

/** Retry delays: 30 s, 1 min, 2 min ... at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** Takes the next message due, leased to this worker until `now + lease`; null when none is due. */
async function claimNext(db: Db, now: Date, lease: number): Promise<OutboxRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      update outbox set status = 'sending', attempts = attempts + 1, locked_until = ${new Date(now.getTime() + lease).toISOString()}::timestamptz
      where id in (
        select id from outbox
        -- a message never tried (new, or queued again by staff) is due at once, whatever this
        -- worker's clock says next to the database's (next_attempt_at defaults to the database's
        -- now()); a retry waits for its backoff on the worker's clock
        where (status = 'pending' and (attempts = 0 or next_attempt_at <= ${now.toISOString()}::timestamptz))
           or (status = 'sending' and locked_until < ${now.toISOString()}::timestamptz)
        order by created_at
        limit 1
        for update skip locked
      )
      returning id`),
  );
  if (rows.length === 0) return null;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, String(rows[0]!.id)));
  return row ?? null;
}

/**
 * One pass of the worker: up to `batch` messages, each claimed as it is sent; answers how many it
 * delivered, kept and failed. `stopping` ends the pass before the next message (a shutdown).
 */
export async function deliverOutbox(
  db: Db,
  deps: { mailer: Mailer; sms: SmsSender; mailFrom: string; now?: () => Date; batch?: number; leaseMs?: number; stopping?: () => boolean },
): Promise<{ sent: number; kept: number; retrying: number; failed: number; givenUp: { id: string; kind: string; reason: string }[] }> {
  const now = deps.now ?? (() => new Date());
  const tally = { sent: 0, kept: 0, retrying: 0, failed: 0, givenUp: [] as { id: string; kind: string; reason: string }[] };
  for (let taken = 0; taken < (deps.batch ?? 20); taken++) {
    if (deps.stopping?.()) break;
    const row = await claimNext(db, now(), deps.leaseMs ?? leaseMs);
    if (!row) break;
    try {
      let result: { status: 'sent' | 'kept'; providerId: string | null };
      if (row.channel === 'email') {
        const p = row.payload as EmailPayload;
        result = await deps.mailer.send({
          from: deps.mailFrom,
          to: row.recipient,
          subject: row.subject,
          html: p.html,
          text: p.text,
          replyTo: p.replyTo,
          attachments: p.attachments,
          messageId: `<${row.id}@washday.outbox>`,
        });
      } else {
        result = await deps.sms.send({ to: row.recipient, body: (row.payload as { body: string }).body, idempotencyKey: row.id });
      }
      await db
        .update(outbox)
        .set({ status: result.status, sentAt: result.status === 'sent' ? now() : null, providerId: result.providerId, lockedUntil: null, lastError: null })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, 'sending')));
      tally[result.status] += 1;
    } catch (err) {
      const retryable = !(err && typeof err === 'object' && 'retryable' in err && err.retryable === false);
      const failed = !retryable || row.attempts >= maxAttempts;
      await db
        .update(outbox)
        .set({
          status: failed ? 'failed' : 'pending',
          nextAttemptAt: new Date(now().getTime() + backoffMs(row.attempts)),
          lockedUntil: null,
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
        })
        .where(eq(outbox.id, row.id));
      if (failed) {
        tally.failed += 1;
        // who it was for stays in the outbox: the log and the alert say which message and why (decision 061)
        tally.givenUp.push({ id: row.id, kind: row.kind, reason: withoutAddresses(redactOneTimeLinks(err instanceof Error ? err.message : String(err))).slice(0, 300) });
      } else tally.retrying += 1;
    }
  }
  return tally;
}

/**
 * The outbox as health and the System card read it (decision 061), in one statement: messages
 * waiting or being sent, given up for good (all, and since yesterday at this time), and still
 * retried after three tries or more.
 */
export async function outboxHealth(db: Db, now: Date): Promise<{ waiting: number; failed: number; failedLastDay: number; retrying: number }> {
  const since = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const [row] = rowsOf<{ waiting: number; failed: number; failed_last_day: number; retrying: number }>(
    await db.execute(sql`
      select count(*) filter (where status in ('pending', 'sending'))::int as waiting,
             count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status = 'failed' and next_attempt_at > ${since}::timestamptz)::int as failed_last_day,
             count(*) filter (where status = 'pending' and attempts >= 3)::int as retrying
      from outbox where status in ('pending', 'sending', 'failed')`),
  );
  return { waiting: row?.waiting ?? 0, failed: row?.failed ?? 0, failedLastDay: row?.failed_last_day ?? 0, retrying: row?.retrying ?? 0 };
}

/** What health says of the mail, from its counts; null when nothing needs a person. */
export function mailTrouble(counts: { failedLastDay: number; retrying: number }): string | null {
  const parts: string[] = [];
  if (counts.failedLastDay > 0) parts.push(`${counts.failedLastDay} ${counts.failedLastDay === 1 ? 'message' : 'messages'} failed for good since yesterday at this time`);
  if (counts.retrying > 0) parts.push(`${counts.retrying} ${counts.retrying === 1 ? 'message is' : 'messages are'} still being retried after 3 tries or more`);
  return parts.length ? `mail: ${parts.join('; ')} (the back office's Outbox lists them)` : null;
}

/**
 * Sends a failed or kept message again (the back office's Outbox tab), audited in the same
 * transaction: a message that is not found, or not failed or kept, is refused and nothing is written.
 */
export async function resendOutboxMessage(db: Db, id: string, actor: Actor): Promise<{ recipient: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: outbox.status, recipient: outbox.recipient, payload: outbox.payload }).from(outbox).where(eq(outbox.id, id)).for('update');
    if (!row) throw domainError('outbox_message_not_found');
    if (row.status !== 'failed' && row.status !== 'kept') throw domainError('not_resendable', { status: row.status });
    if ((row.payload as { pruned?: boolean }).pruned) throw domainError('outbox_message_pruned');
    await tx.update(outbox).set({ status: 'pending', nextAttemptAt: new Date(), attempts: 0, lastError: null }).where(eq(outbox.id, id));
    await recordAudit(tx, actor, { action: 'outbox.resent', targetType: 'outbox', targetId: id, before: { status: row.status } });
    return { recipient: row.recipient };
  });
}

/** What a message's body says once it is pruned: staff see it in the Outbox in place of the text. */
export const prunedBodyText = 'Removed: message bodies are kept for a limited time (docs/deploy.md 8).';

/**
 * Retention (decision 061): the bodies of messages finished before `before` (sent, failed, kept) go,
 * with the one-time links and personal details in them; who, what kind, the subject, the status and
 * the dates stay. Answers how many were pruned.
 */
export async function pruneMessageBodies(db: Db, before: Date): Promise<number> {
  const pruned = await db
    .update(outbox)
    .set({ payload: sql`case when ${outbox.channel} = 'sms' then jsonb_build_object('body', ${prunedBodyText}::text, 'pruned', true) else jsonb_build_object('html', '', 'text', ${prunedBodyText}::text, 'pruned', true) end` })
    .where(and(inArray(outbox.status, ['sent', 'failed', 'kept']), lt(outbox.createdAt, before), sql`not coalesce((${outbox.payload}->>'pruned')::boolean, false)`))
    .returning({ id: outbox.id });
  return pruned.length;
}

export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}

export const outboxPageSize = 25;

/**
 * The Outbox tab: every email and text, newest first, with a short plain-text preview. Staff read
 * it, not the recipients: one-time links (reset, cancel) are hidden in every field it answers,
 * redacted from the whole text before the preview is cut (docs/design.md 6).
 */
export async function listOutboxPage(
  db: Db,
  input: { status: 'all' | OutboxRow['status']; channel: 'all' | 'email' | 'sms'; page: number },
) {
  const where: SQL[] = [];
  if (input.status !== 'all') where.push(eq(outbox.status, input.status));
  if (input.channel !== 'all') where.push(eq(outbox.channel, input.channel));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: outbox.id,
        createdAt: outbox.createdAt,
        channel: outbox.channel,
        kind: outbox.kind,
        recipient: outbox.recipient,
        subject: outbox.subject,
        text: sql<string | null>`coalesce(${outbox.payload}->>'text', ${outbox.payload}->>'body', '')`,
        status: outbox.status,
        attempts: outbox.attempts,
        sentAt: outbox.sentAt,
        lastError: outbox.lastError,
        bookingId: outbox.bookingId,
      })
      .from(outbox)
      .where(condition)
      .orderBy(desc(outbox.createdAt))
      .limit(outboxPageSize)
      .offset((input.page - 1) * outboxPageSize),
    db.select({ n: count() }).from(outbox).where(condition),
  ]);
  return {
    messages: rows.map(({ text, ...r }) => ({
      ...r,
      subject: redactOneTimeLinks(r.subject),
      lastError: r.lastError === null ? null : redactOneTimeLinks(r.lastError),
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      preview: outboxPreview(text ?? ''),
    })),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: outboxPageSize,
  };
}
