import type { Db } from '../db/client';
import { giftCards } from '../db/schema';
import { generateGiftCardCode } from './gift-cards.service';

export async function insertGiftCard(db: Db, overrides: Partial<typeof giftCards.$inferInsert> = {}) {
  const amount = overrides.amount ?? 3000;
  const [card] = await db
    .insert(giftCards)
    .values({
      code: generateGiftCardCode(),
      amount,
      balance: amount,
      purchaserEmail: 'buyer@example.com',
      recipientEmail: 'friend@example.com',
      recipientName: 'A Friend',
      ...overrides,
    })
    .returning();
  return card!;
}
