import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactMessageInputSchema } from '../../shared/schemas/contact';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import { queueContactMessage } from '../notifications/notifications.service';

export type ContactMessage = z.output<typeof contactMessageInputSchema>;

/** Stores a contact message; it is never lost, whatever happens to mail later. */
export async function saveContactMessage(
  db: Db,
  input: ContactMessage,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) ?? null })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    // emailed to the business through the outbox, in the same transaction: never lost
    await queueContactMessage(tx, { id: row!.id, ...input, phone: input.phone ?? '', receivedAt: row!.createdAt });
    return { id: row!.id };
  });
}

export async function listContactMessages(db: Db, limit = 50) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
