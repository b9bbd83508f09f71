// The business's settings (decision 055): the defaults until an owner saves, a section saved as
// the next version and audited before and after, bad input refused naming the field with nothing
// saved, and two admins saving at once: the second is told the settings changed (no silent
// overwrite), on PGlite and on PostgreSQL, fired together 20 times with 0–20 ms between them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../../tests/helpers/test-app';
import { defaultSettings } from '../../shared/settings';
import type { Actor } from '../audit/record-audit';
import type { Database } from '../db/client';
import { auditLog, businessSettings } from '../db/schema';
import { DomainError } from '../errors';
import { ValidationError } from '../errors';
import { readSettings, saveSettingsSection, seedFirstStartSettings } from './settings.service';

type Admin = Actor & { role: 'admin' | 'master_admin' };
const owner: Admin = { id: 'owner-1', email: 'owner@washday.example', ip: '203.0.113.9', role: 'master_admin' };
const other: Admin = { id: 'owner-2', email: 'second@washday.example', ip: '203.0.113.10', role: 'master_admin' };
const plainAdmin: Admin = { id: 'admin-3', email: 'admin@washday.example', ip: '203.0.113.11', role: 'admin' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDatabaseKinds)('the business settings (%s)', (kind) => {
  let database: Database & { dispose: () => Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.dispose());

  it('a new installation reads the spec’s values; a save is the next version, audited with the section before and after', async () => {
    const db = database.db;
    expect(await readSettings(db)).toEqual({ settings: defaultSettings, version: 1, updatedAt: null, open: true });

    const prices = { ...defaultSettings.prices, perPoundCents: 200 };
    const saved = await saveSettingsSection(db, owner, 'prices', prices, 1);
    expect(saved.version).toBe(2);
    expect(saved.settings.prices.perPoundCents).toBe(200);
    expect(saved.settings.business).toEqual(defaultSettings.business);
    expect(await readSettings(db)).toMatchObject({ version: 2, settings: { prices: { perPoundCents: 200 } } });

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'settings.changed'));
    expect(entry).toMatchObject({ actorId: owner.id, actorEmail: owner.email, targetType: 'settings', targetId: 'prices', ip: owner.ip });
    expect(entry!.before).toMatchObject({ perPoundCents: 175 });
    expect(entry!.after).toMatchObject({ perPoundCents: 200, changed: ['Price per lb'] });
  });

  it('bad input is refused naming the field, and nothing is saved', async () => {
    const db = database.db;
    const before = await readSettings(db);
    const error = await saveSettingsSection(db, owner, 'schedule', { ...defaultSettings.schedule, capacityPerWindow: 0, serviceWeekdays: [] }, before.version).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(JSON.stringify((error as ValidationError).fields)).toContain('Capacity per window must be 1 to 1000');
    expect(JSON.stringify((error as ValidationError).fields)).toContain('Choose at least one service day');
    expect(await saveSettingsSection(db, owner, 'business', { ...defaultSettings.business, extra: 'field' }, before.version).catch((e) => e)).toBeInstanceOf(ValidationError);
    expect(await readSettings(db)).toEqual(before);
  });

  it('the time zone is the server’s: written at every start, and a save that changes it is refused naming the field', async () => {
    const db = database.db;
    await seedFirstStartSettings(db, { zipCodes: defaultSettings.serviceArea.zipCodes, timeZone: 'America/Chicago', open: true });
    const before = await readSettings(db);
    expect(before.settings.business.timeZone).toBe('America/Chicago');
    const refused = await saveSettingsSection(db, owner, 'business', { ...before.settings.business, timeZone: 'America/Denver' }, before.version).catch((e) => e);
    expect(refused).toMatchObject({ code: 'settings_time_zone_fixed', status: 400, fields: { timeZone: expect.stringContaining('BUSINESS_TIME_ZONE') } });
    expect(await readSettings(db)).toEqual(before);
    // a zone the Settings do not list (a test's Etc/GMT) leaves the settings' own
    await seedFirstStartSettings(db, { zipCodes: defaultSettings.serviceArea.zipCodes, timeZone: 'Etc/GMT-3', open: true });
    expect((await readSettings(db)).settings.business.timeZone).toBe('America/Chicago');
    await seedFirstStartSettings(db, { zipCodes: defaultSettings.serviceArea.zipCodes, timeZone: defaultSettings.business.timeZone, open: true });
    expect((await readSettings(db)).settings.business.timeZone).toBe(defaultSettings.business.timeZone);
  });

  it('a plain admin reads the settings but cannot save them: refused before anything is checked or written', async () => {
    const db = database.db;
    const before = await readSettings(db);
    const refused = await saveSettingsSection(db, plainAdmin, 'prices', { ...defaultSettings.prices, perPoundCents: 1 }, before.version).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('settings_master_only');
    expect((refused as DomainError).status).toBe(403);
    expect(await readSettings(db)).toEqual(before);
  });

  it('a save made on an older version is refused with settings_changed: the other admin’s change stays', async () => {
    const db = database.db;
    const { version } = await readSettings(db);
    await saveSettingsSection(db, owner, 'business', { ...defaultSettings.business, name: 'Suds & Co.' }, version);
    const late = await saveSettingsSection(db, other, 'business', { ...defaultSettings.business, phone: '(803) 555-0199' }, version).catch((e) => e);
    expect(late).toBeInstanceOf(DomainError);
    expect((late as DomainError).code).toBe('settings_changed');
    expect((late as DomainError).status).toBe(409);
    const now = await readSettings(db);
    expect(now.settings.business).toMatchObject({ name: 'Suds & Co.', phone: defaultSettings.business.phone });
  });

  it('two admins saving on the same version at once, 20 times with 0–20 ms between: one is saved, the other told, each version once', async () => {
    const db = database.db;
    for (let round = 0; round < 20; round += 1) {
      const { version } = await readSettings(db);
      const results = await Promise.allSettled([
        saveSettingsSection(db, owner, 'prices', { ...defaultSettings.prices, perPoundCents: 300 + round }, version),
        sleep(round % 21).then(() => saveSettingsSection(db, other, 'prices', { ...defaultSettings.prices, noShowFeeCents: 2500 + round }, version)),
      ]);
      const saved = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(saved).toHaveLength(1);
      expect(refused.map((r) => (r.reason as DomainError).code)).toEqual(['settings_changed']);
      const after = await readSettings(db);
      expect(after.version).toBe(version + 1);
      // the saved one whole, not a mix of the two
      const won = (saved[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof readSettings>>>).value;
      expect(after.settings.prices).toEqual(won.settings.prices);
    }
    const [row] = await db.select().from(businessSettings);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'settings.changed'));
    // one entry per saved version: versions 2.. up to the row's
    expect(audits).toHaveLength(row!.version - 1);
  });
});
