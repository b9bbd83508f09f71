// Promo codes managed in Settings (decision 055): created with every rule checked, listed with
// their state and uses, paused and resumed, ended for good; the next booking follows at once; a
// plain admin changes nothing; the same code created twice at once exists once, and a pause and
// an end at the same moment leave one answer and one audit entry each, on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../../tests/helpers/test-app';
import type { PromoCodeInput } from '../../shared/schemas/promo-codes';
import { insertBooking } from '../bookings/booking.factory';
import type { Database } from '../db/client';
import { auditLog, promoCodes } from '../db/schema';
import { DomainError, ValidationError } from '../errors';
import { changePromoCode, createPromoCode, listPromoCodes, promoStateOf } from './promo-admin.service';
import { checkPromoCode } from './promo-codes.service';

const owner = { id: 'owner-1', email: 'owner@washday.example', ip: '203.0.113.9', role: 'master_admin' };
const other = { id: 'owner-2', email: 'second@washday.example', ip: '203.0.113.10', role: 'master_admin' };
const plainAdmin = { id: 'admin-3', email: 'admin@washday.example', ip: '203.0.113.11', role: 'admin' };
const today = '2026-12-07';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const input = (over: Partial<PromoCodeInput> = {}): PromoCodeInput => ({ code: 'spring5', description: 'Spring flyer', bagRateCents: 2500, waivesAddOns: false, firstTimeOnly: false, validFrom: null, validUntil: null, maxUses: null, maxUsesPerCustomer: null, ...over });
const code = (e: unknown) => (e instanceof DomainError ? e.code : String(e));

describe('a code’s state on a day', () => {
  it.each([
    [{ active: true, validFrom: null, validUntil: null }, 'active'],
    [{ active: false, validFrom: null, validUntil: null }, 'paused'],
    [{ active: true, validFrom: '2026-12-08', validUntil: null }, 'scheduled'],
    [{ active: true, validFrom: null, validUntil: '2026-12-07' }, 'active'],
    [{ active: true, validFrom: null, validUntil: '2026-12-06' }, 'ended'],
    [{ active: false, validFrom: null, validUntil: '2026-12-06' }, 'ended'],
  ] as const)('%j on 2026-12-07: %s', (p, state) => expect(promoStateOf(p, today)).toBe(state));
});

describe.each(testDatabaseKinds)('promo codes in Settings (%s)', (kind) => {
  let database: Database & { dispose: () => Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.dispose());

  it('an owner creates a code; bookings use it; paused it is refused, resumed it works, ended it is over for good', async () => {
    const db = database.db;
    const created = await createPromoCode(db, owner, input({ maxUses: 50 }), today);
    expect(created).toMatchObject({ code: 'SPRING5', state: 'active', uses: 0, bagRateCents: 2500, maxUses: 50 });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'promo_code.created'));
    expect(entry).toMatchObject({ targetType: 'promo_code', targetId: 'SPRING5', actorId: owner.id });

    await insertBooking(db, { promoCode: 'SPRING5' });
    await insertBooking(db, { promoCode: 'SPRING5', bookingStatus: 'cancelled' });
    expect((await listPromoCodes(db, today)).find((p) => p.code === 'SPRING5')).toMatchObject({ uses: 1, state: 'active' });
    const check = () => checkPromoCode(db, { code: 'spring5', customer: null, today });
    expect(await check()).toMatchObject({ code: 'SPRING5', bagRateCents: 2500 });

    expect(await changePromoCode(db, owner, 'spring5', 'pause', today)).toMatchObject({ state: 'paused', uses: 1 });
    expect(code(await check().catch((e) => e))).toBe('promo_invalid');
    expect(await changePromoCode(db, owner, 'SPRING5', 'resume', today)).toMatchObject({ state: 'active' });
    expect(await check()).toMatchObject({ code: 'SPRING5' });

    expect(await changePromoCode(db, owner, 'SPRING5', 'end', today)).toMatchObject({ state: 'ended', validUntil: '2026-12-06' });
    expect(code(await check().catch((e) => e))).toBe('promo_expired');
    expect(code(await changePromoCode(db, owner, 'SPRING5', 'resume', today).catch((e) => e))).toBe('promo_code_ended');
    // ending an ended code changes nothing
    expect(await changePromoCode(db, owner, 'SPRING5', 'end', today)).toMatchObject({ state: 'ended' });
    const changes = await db.select().from(auditLog).where(eq(auditLog.action, 'promo_code.changed'));
    expect(changes.map((c) => (c.after as { action: string }).action)).toEqual(['pause', 'resume', 'end']);
  });

  it('bad input is refused naming the field; a taken code, an unknown one and a plain admin change nothing', async () => {
    const db = database.db;
    const before = await db.select().from(promoCodes);
    for (const [bad, message] of [
      [input({ code: 'TWO WORDS' }), 'Code must be 1 to 20 letters or digits'],
      [input({ code: 'A'.repeat(21) }), 'Code must be 1 to 20 letters or digits'],
      [input({ bagRateCents: -1 }), 'Price a bag must be $0.00 or more'],
      [input({ validFrom: '2026-12-10', validUntil: '2026-12-09' }), 'Valid until must not be before valid from'],
      [input({ validFrom: '2026-02-30' }), 'Valid from must be a real date (YYYY-MM-DD)'],
      [input({ maxUses: 0 }), 'Uses in all must be 1 or more, or left empty for no limit'],
      [input({ description: 'two\nlines' }), 'Description must be one line'],
    ] as const) {
      const error = await createPromoCode(db, owner, bad, today).catch((e) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(JSON.stringify((error as ValidationError).fields)).toContain(message);
    }
    expect(code(await createPromoCode(db, owner, input({ code: 'first12' }), today).catch((e) => e))).toBe('promo_code_taken');
    expect(code(await changePromoCode(db, owner, 'NOSUCH', 'pause', today).catch((e) => e))).toBe('promo_code_not_found');
    expect(code(await createPromoCode(db, plainAdmin, input({ code: 'PLAIN1' }), today).catch((e) => e))).toBe('settings_master_only');
    expect(code(await changePromoCode(db, plainAdmin, 'FIRST12', 'end', today).catch((e) => e))).toBe('settings_master_only');
    expect(await db.select().from(promoCodes)).toEqual(before);
  });

  it('at the same moment: one code created twice exists once; a pause and an end leave it ended with one entry each that changed it', async () => {
    const db = database.db;
    for (let round = 0; round < 20; round++) {
      const name = `RACE${round}`;
      const made = await Promise.allSettled([createPromoCode(db, owner, input({ code: name }), today), sleep(round % 21).then(() => createPromoCode(db, other, input({ code: name, bagRateCents: 1 }), today))]);
      expect(made.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(made.filter((r) => r.status === 'rejected').map((r) => code((r as PromiseRejectedResult).reason))).toEqual(['promo_code_taken']);

      const [paused, ended] = await Promise.all([
        changePromoCode(db, owner, name, 'pause', today).catch((e) => e),
        sleep(20 - (round % 21)).then(() => changePromoCode(db, other, name, 'end', today)),
      ]);
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, name));
      expect(promoStateOf(row!, today)).toBe('ended');
      expect(ended).toMatchObject({ state: 'ended' });
      // the pause came first (paused, then ended) or found it ended and was refused: never lost in between
      const entries = (await db.select().from(auditLog).where(eq(auditLog.targetId, name))).filter((e) => e.action === 'promo_code.changed');
      const actions = entries.map((e) => (e.after as { action: string }).action).sort();
      if (paused instanceof Error) {
        expect(code(paused)).toBe('promo_code_ended');
        expect(actions).toEqual(['end']);
      } else {
        expect(paused).toMatchObject({ state: 'paused' });
        expect(actions).toEqual(['end', 'pause']);
      }
    }
  }, 60_000);
});
