import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactMessageInputSchema } from '../../shared/schemas/contact';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';

export type ContactMessage = z.output<typeof contactMessageInputSchema>;

/** Stores a contact message; it is never lost, whatever happens to mail later. */
export async function saveContactMessage(
  db: Db,
  input: ContactMessage,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) ?? null })
    .returning({ id: contactMessages.id });
  return { id: row!.id };
}

export async function listContactMessages(db: Db, limit = 50) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
