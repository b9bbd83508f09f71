// Live progress (decision 023): when an order reached each stage, kept for its timeline (the
// customer's orders and the confirmation page read it).
import { inArray } from 'drizzle-orm';
import type { ProgressStage } from '../../shared/order-progress';
import type { DbOrTx } from '../db/client';
import { bookingProgress } from '../db/schema';

/** Records that the order reached a stage now (again: the later time). */
export async function recordStage(tx: DbOrTx, bookingId: string, stage: ProgressStage, at: Date): Promise<void> {
  await tx
    .insert(bookingProgress)
    .values({ bookingId, stage, at })
    .onConflictDoUpdate({ target: [bookingProgress.bookingId, bookingProgress.stage], set: { at } });
}

/** When each of these orders reached each stage (booked: when it was confirmed). */
export async function stagesReached(db: DbOrTx, orders: { id: string; confirmedAt: Date | null }[]): Promise<Map<string, Partial<Record<ProgressStage, string>>>> {
  const reached = new Map<string, Partial<Record<ProgressStage, string>>>(orders.map((o) => [o.id, o.confirmedAt ? { booked: o.confirmedAt.toISOString() } : {}]));
  if (orders.length === 0) return reached;
  const rows = await db.select().from(bookingProgress).where(inArray(bookingProgress.bookingId, orders.map((o) => o.id)));
  for (const row of rows) reached.get(row.bookingId)![row.stage] = row.at.toISOString();
  return reached;
}
