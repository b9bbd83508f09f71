// Migrations that move data: the bookings already there come through them as the code now writes
// new ones. 0010: the customer keys (the same rules as src/shared/customer-identity.ts, in SQL)
// and the promo rate a booking was made at; 0011: a booking's checkout session moves to checkouts;
// 0022: phone numbers stored one way (src/shared/phone.ts).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { customerEmailKey, customerPhoneKey } from '../../shared/customer-identity';
import { normalisePhone } from '../../shared/phone';
import { migrationsFolder, openDatabase, rowsOf } from './client';

/** A copy of the migrations whose journal stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wd-migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

const people: [email: string, phone: string, promo: string | null, session: string | null][] = [
  ['Jane.Doe+laundry@GoogleMail.com', '+1 (803) 555-0142', 'FIRST12', 'cs_old_1'],
  ['j.doe@example.com', '001 803 555 0143', 'free', null],
  ['PAT@Example.org', '803.555.0144', 'TEST1', 'cs_old_3'],
  ['sam+a+b@gmail.com', '(803) 555-0145', null, 'cs_old_4'],
  ['someone@sub.example.com', '+44 20 7946 0958', null, null],
];

describe('data migrations (PGlite)', () => {
  it('0010 and 0011 carry the bookings already there: keys as the code computes them, the promo rate, the checkout', async () => {
    const earlier = await migrationsBefore('0010');
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: earlier });
      for (const [i, [email, phone, promo, session]] of people.entries())
        await database.db.execute(sql`insert into bookings (name, email, phone, address, city, zip_code, pickup_date, pickup_time, pickup_location, bag_quantity, total_amount, promo_code, stripe_session_id)
          values (${`Person ${i}`}, ${email}, ${phone}, '1 Main St', 'Lexington', '29072', '2026-11-23', '8am-12pm', 'porch', 1, 3150, ${promo}, ${session})`);
      await database.migrate();
      const rows = rowsOf<{ id: string; email: string; phone: string; email_key: string; phone_key: string; promo_code: string | null; promo_bag_rate_cents: number | null; promo_waives_add_ons: boolean }>(
        await database.db.execute(sql`select id, email, phone, email_key, phone_key, promo_code, promo_bag_rate_cents, promo_waives_add_ons from bookings order by name`),
      );
      expect(rows.map((r) => [r.email_key, r.phone_key])).toEqual(people.map(([email, phone]) => [customerEmailKey(email), customerPhoneKey(phone)]));
      expect(rows.map((r) => [r.promo_code, r.promo_bag_rate_cents, r.promo_waives_add_ons])).toEqual([
        ['FIRST12', 2400, false],
        ['free', 0, true],
        ['TEST1', 100, false],
        [null, null, false],
        [null, null, false],
      ]);
      const moved = rowsOf<{ session_id: string; purpose: string; subject_id: string }>(await database.db.execute(sql`select session_id, purpose, subject_id from checkouts order by session_id`));
      const idOf = (session: string) => rows[people.findIndex((p) => p[3] === session)]!.id;
      expect(moved).toEqual(['cs_old_1', 'cs_old_3', 'cs_old_4'].map((s) => ({ session_id: s, purpose: 'booking_authorisation', subject_id: idOf(s) })));
      const codes = rowsOf<{ code: string }>(await database.db.execute(sql`select code from promo_codes`)).map((r) => r.code);
      expect(codes).toEqual(['FIRST12']);
    } finally {
      await database.close();
      await rm(earlier, { recursive: true, force: true });
    }
  });

  it('0022 stores every phone number already there as the code now stores a new one', async () => {
    const earlier = await migrationsBefore('0022');
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    const typed = [...people.map((p) => p[1]), '', '8035550146', '1-803-555-0147'];
    try {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: earlier });
      for (const [i, phone] of typed.entries()) {
        await database.db.execute(sql`insert into bookings (name, email, phone, address, city, zip_code, pickup_date, pickup_time, pickup_location, bag_quantity, total_amount)
          values (${`Person ${String(i).padStart(2, '0')}`}, ${`p${i}@example.com`}, ${phone}, '1 Main St', 'Lexington', '29072', '2026-11-23', '8am-12pm', 'porch', 1, 3150)`);
        await database.db.execute(sql`insert into contact_messages (name, email, phone, subject, message) values (${`Person ${String(i).padStart(2, '0')}`}, 'a@example.com', ${phone}, 'Hi', 'Hello')`);
        await database.db.execute(sql`insert into laundry_pros (name, email, phone, per_pound_rate_cents, start_date) values (${`Pro ${String(i).padStart(2, '0')}`}, ${`pro${i}@example.com`}, ${phone}, 75, '2026-11-01')`);
      }
      await database.migrate();
      const expected = typed.map(normalisePhone);
      const phones = async (query: ReturnType<typeof sql>) => rowsOf<{ phone: string }>(await database.db.execute(query)).map((r) => r.phone);
      expect(await phones(sql`select phone from bookings order by name`)).toEqual(expected);
      expect(await phones(sql`select phone from contact_messages order by name`)).toEqual(expected);
      expect(await phones(sql`select phone from laundry_pros order by name`)).toEqual(expected);
      expect(expected).toContain('+18035550142');
    } finally {
      await database.close();
      await rm(earlier, { recursive: true, force: true });
    }
  });
});
