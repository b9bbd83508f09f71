// The business's settings (decision 055): read by whatever shows or charges them, saved a section
// at a time by a master admin. A save names the version it was made on: a save on an older one is
// refused (settings_changed) rather than silently overwriting another admin's change, and every
// save is audited with the section's values before and after.
import { eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { defaultSettings, readStoredSettings, settingsFieldLabels, settingsSections, timeZones, type BusinessSettings, type SettingsSection } from '../../shared/settings';
import type { DeliverySchedule } from '../../shared/due-back';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { bookings, businessSettings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { ValidationError } from '../errors';

/** `open`: the website takes bookings; false while a new installation in production waits for its owner to confirm the business (first run). */
export type SettingsRead = { settings: BusinessSettings; version: number; updatedAt: string | null; open: boolean };

/** The settings now: the saved sections over the defaults; without a row, the defaults at version 1, open (a development database before its first start). */
export async function readSettings(db: DbOrTx): Promise<SettingsRead> {
  const [row] = await db.select().from(businessSettings).where(eq(businessSettings.id, 1));
  if (!row) return { settings: defaultSettings, version: 1, updatedAt: null, open: true };
  return { settings: readStoredSettings(row.settings), version: row.version, updatedAt: row.updatedAt.toISOString(), open: row.openedAt !== null };
}

/** How a customer reaches the business and what a late cancellation costs, for the messages that say so. */
export async function businessReach(db: DbOrTx): Promise<{ phone: string; noShowFeeCents: number; freeCancellationHours: number }> {
  const { settings } = await readSettings(db);
  return { phone: settings.business.phone, noShowFeeCents: settings.prices.noShowFeeCents, freeCancellationHours: settings.schedule.freeCancellationHours };
}

/** The schedule bookings are taken on now: days, windows, places, closed dates, horizon, cut-offs (decision 055). */
export async function readSchedule(db: DbOrTx): Promise<BusinessSettings['schedule']> {
  return (await readSettings(db)).settings.schedule;
}

/** What the environment gives a new installation (decision 055: first-start defaults, Settings rule after). */
/** The schedule deliveries are planned on (decision 056): the pick-ups' days, windows and closed dates, in the business's zone. */
export function deliverySchedule(read: SettingsRead): DeliverySchedule {
  const { schedule, business } = read.settings;
  return { timeZone: business.timeZone, serviceWeekdays: schedule.serviceWeekdays, closedDates: schedule.closedDates, pickupWindows: schedule.pickupWindows, turnaroundHours: schedule.turnaroundHours };
}

export type FirstStart = { zipCodes: readonly string[]; capacityPerWindow?: number; horizonDays?: number; closedDates?: readonly string[]; timeZone?: string; open: boolean };

/**
 * A new installation's settings, written once at start-up: the spec's, with the service area,
 * places per window, horizon and closed days the environment set (decision 055: SERVICE_ZIP_CODES,
 * PICKUP_CAPACITY_PER_WINDOW, BOOKING_HORIZON_DAYS and CLOSED_DATES are first-start defaults, so an
 * installation that set them keeps them when Settings take over). A saved row is never touched.
 */
export async function seedFirstStartSettings(db: DbOrTx, from: FirstStart): Promise<void> {
  const area = z.safeParse(settingsSections.serviceArea, { ...defaultSettings.serviceArea, zipCodes: [...new Set(from.zipCodes)] });
  const { schedule: spec } = defaultSettings;
  const schedule = z.safeParse(settingsSections.schedule, {
    ...spec,
    capacityPerWindow: from.capacityPerWindow ?? spec.capacityPerWindow,
    horizonDays: from.horizonDays ?? spec.horizonDays,
    closedDates: [...new Set(from.closedDates ?? spec.closedDates)].sort(),
  });
  const settings = { ...defaultSettings, ...(area.success ? { serviceArea: area.data } : {}), ...(schedule.success ? { schedule: schedule.data } : {}) };
  // production opens once its owner confirms the business; development keeps its demo business
  // open, and so does an installation upgraded from before Settings that has taken bookings already
  const [booked] = from.open ? [] : await db.select({ id: bookings.id }).from(bookings).limit(1);
  await db.insert(businessSettings).values({ id: 1, settings, version: 1, openedAt: from.open || booked ? sql`now()` : null }).onConflictDoNothing();
  // the time zone is the server's (BUSINESS_TIME_ZONE, decision 055): every start writes it into
  // the settings, so emails and pages say the zone the dates and cut-offs are kept in
  if (from.timeZone && (timeZones as readonly string[]).includes(from.timeZone))
    await db.execute(sql`update business_settings set settings = jsonb_set(settings, '{business,timeZone}', to_jsonb(${from.timeZone}::text))
      where id = 1 and settings->'business'->>'timeZone' is distinct from ${from.timeZone}`);
}

/**
 * Opens the website to bookings (first run): a master admin confirms the business as they saw it
 * at `version`; a save since is refused with settings_changed, so they confirm what is live.
 * Opening an open website changes nothing. Audited; the next version re-renders every page.
 */
export async function openForBookings(db: Db, actor: Actor & { role: string }, version: number): Promise<SettingsRead> {
  if (actor.role !== 'master_admin') throw domainError('settings_master_only');
  return db.transaction(async (tx) => {
    await tx.insert(businessSettings).values({ id: 1, settings: defaultSettings, version: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(businessSettings).where(eq(businessSettings.id, 1)).for('update');
    // opening an open website changes nothing, whatever version it was asked on
    if (row && row.openedAt !== null) return readSettings(tx);
    if (!row || row.version !== version) throw domainError('settings_changed');
    await tx
      .update(businessSettings)
      .set({ openedAt: sql`now()`, version: sql`${businessSettings.version} + 1`, updatedAt: sql`now()`, updatedBy: actor.id })
      .where(eq(businessSettings.id, 1));
    const settings = readStoredSettings(row.settings);
    await recordAudit(tx, actor, {
      action: 'settings.opened',
      targetType: 'settings',
      targetId: 'website',
      before: { open: false },
      after: { open: true, name: settings.business.name, phone: settings.business.phone, zipCodes: settings.serviceArea.zipCodes, perPoundCents: settings.prices.perPoundCents },
    });
    return readSettings(tx);
  });
}

/** The labels of the fields whose values differ (compared as JSON: lists and nested prices whole). */
function changedFields<S extends SettingsSection>(section: S, before: BusinessSettings[S], after: BusinessSettings[S]): string[] {
  const labels = settingsFieldLabels[section] as Record<string, string>;
  const from = before as Record<string, unknown>;
  const to = after as Record<string, unknown>;
  return Object.keys(labels).filter((k) => JSON.stringify(from[k]) !== JSON.stringify(to[k])).map((k) => labels[k]!);
}

/**
 * Saves one section, made on `version`: checked field by field (a 400 naming each), refused with
 * settings_changed when the settings moved on since, else written as the next version and audited.
 */
export async function saveSettingsSection(db: Db, actor: Actor & { role: string }, section: SettingsSection, values: unknown, version: number): Promise<SettingsRead> {
  // spec: back-office 9 (a plain admin reads the settings, a master admin changes them)
  if (actor.role !== 'master_admin') throw domainError('settings_master_only');
  const parsed = z.safeParse(settingsSections[section], values);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return db.transaction(async (tx) => {
    // the row exists (a new installation's defaults) and is locked: two saves at once take turns
    await tx.insert(businessSettings).values({ id: 1, settings: defaultSettings, version: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(businessSettings).where(eq(businessSettings.id, 1)).for('update');
    if (!row || row.version !== version) throw domainError('settings_changed');
    const current = readStoredSettings(row.settings);
    if (section === 'business' && (parsed.data as BusinessSettings['business']).timeZone !== current.business.timeZone) throw domainError('settings_time_zone_fixed');
    const next = { ...current, [section]: parsed.data } as BusinessSettings;
    const [saved] = await tx
      .update(businessSettings)
      .set({ settings: next, version: sql`${businessSettings.version} + 1`, updatedAt: sql`now()`, updatedBy: actor.id })
      .where(eq(businessSettings.id, 1))
      .returning();
    await recordAudit(tx, actor, {
      action: 'settings.changed',
      targetType: 'settings',
      targetId: section,
      before: current[section] as Record<string, unknown>,
      after: { ...(parsed.data as Record<string, unknown>), changed: changedFields(section, current[section], parsed.data as BusinessSettings[typeof section]) },
    });
    return { settings: next, version: saved!.version, updatedAt: saved!.updatedAt.toISOString(), open: saved!.openedAt !== null };
  });
}
