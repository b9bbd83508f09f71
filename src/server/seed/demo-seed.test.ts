import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-app';
import type { Database } from '../db/client';
import { bookings, giftCards } from '../db/schema';
import { demoBookings, seedDemoData } from './demo-seed';

describe('demo seed', () => {
  let database: Database & { dispose: () => Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('covers several weeks and every booking status', () => {
    const rows = demoBookings('2026-11-22');
    const statuses = new Set(rows.map((r) => r.bookingStatus));
    expect([...statuses].sort()).toEqual(['cancelled', 'completed', 'confirmed', 'delivered', 'in-progress', 'pending']);
    const dates = rows.map((r) => r.pickupDate).sort();
    expect(dates[0]! < '2026-10-27').toBe(true);
    expect(dates.at(-1)! > '2026-11-27').toBe(true);
    expect(rows.every((r) => Number.isInteger(r.totalAmount) && r.totalAmount > 0)).toBe(true);
  });

  it('seeds an empty database once, with demo gift cards', async () => {
    const added = await seedDemoData(database.db, 'America/New_York');
    expect(added).toBeGreaterThan(20);
    expect(await seedDemoData(database.db, 'America/New_York')).toBe(0);
    const stored = await database.db.select().from(bookings);
    expect(stored).toHaveLength(added);
    const [card] = await database.db.select().from(giftCards).where(eq(giftCards.code, 'WASHDAY25'));
    expect(card).toMatchObject({ amount: 3000, balance: 2500 });
  });
});
