import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { recordAudit, type Actor } from '../audit/record-audit';
import { domainError } from '../error-catalogue';
import type { z } from 'zod';
import type { contactMessageInputSchema } from '../../shared/schemas/contact';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import { queueContactMessage } from '../notifications/notifications.service';
import { takeHits, type Limit } from '../rate-limit';
import { customerEmailKey } from '../../shared/customer-identity';
import { normalisePhone } from '../../shared/phone';

export type ContactMessage = z.output<typeof contactMessageInputSchema>;

/** docs/design.md 9: contact messages per IP and per email (the form is an anonymous write). */
export type ContactLimits = { perIp: Limit; perEmail: Limit };

/** Stores a contact message; it is never lost, whatever happens to mail later. */
export async function saveContactMessage(
  db: Db,
  input: ContactMessage,
  meta: { ip: string | null; userAgent: string | null; limits: ContactLimits },
): Promise<{ id: string }> {
  await takeHits(db, meta.limits.perIp, [meta.ip]);
  await takeHits(db, meta.limits.perEmail, [customerEmailKey(input.email)]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, phone: normalisePhone(input.phone ?? ''), ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) ?? null })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    // emailed to the business through the outbox, in the same transaction: never lost
    await queueContactMessage(tx, { id: row!.id, ...input, phone: normalisePhone(input.phone ?? ''), receivedAt: row!.createdAt });
    return { id: row!.id };
  });
}

export async function listContactMessages(db: Db, limit = 50) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}

export const messagesPageSize = 25;
type MessageRow = typeof contactMessages.$inferSelect;

function toMessageRow(m: MessageRow) {
  return {
    id: m.id,
    createdAt: m.createdAt.toISOString(),
    name: m.name,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    message: m.message,
    handledAt: m.handledAt?.toISOString() ?? null,
  };
}

/** The Messages tab: open ones first by default, newest first, paged. */
export async function listMessagesPage(db: Db, input: { status: 'open' | 'handled' | 'all'; page: number }) {
  const where: SQL | undefined =
    input.status === 'open' ? isNull(contactMessages.handledAt) : input.status === 'handled' ? isNotNull(contactMessages.handledAt) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt))
      .limit(messagesPageSize)
      .offset((input.page - 1) * messagesPageSize),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { messages: rows.map(toMessageRow), total: Number(total?.n ?? 0), page: input.page, pageSize: messagesPageSize };
}

export async function setMessageHandled(db: Db, id: string, handled: boolean, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ handledAt: handled ? new Date() : null })
      .where(and(eq(contactMessages.id, id)))
      .returning();
    if (!row) throw domainError('message_not_found');
    await recordAudit(tx, actor, { action: handled ? 'message.handled' : 'message.reopened', targetType: 'contact_message', targetId: id });
    return toMessageRow(row);
  });
}
