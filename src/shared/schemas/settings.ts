// The Settings tab's contract (decision 055): the settings with their version out; one section's
// values in, with the version they were made on. zod/mini: the back office's browser code imports it.
import * as z from 'zod/mini';
import { businessSettingsSchema, type SettingsSection, settingsSectionNames, settingsSections } from '../settings';

export const settingsResponseSchema = z.strictObject({
  settings: businessSettingsSchema,
  version: z.number().check(z.int(), z.minimum(1)),
  updatedAt: z.nullable(z.string()),
  /** Whether the signed-in admin may save (a master admin); a plain admin reads them. */
  canEdit: z.boolean(),
  /** The website takes bookings; false until a master admin opens it (a new installation in production, decision 055). */
  open: z.boolean(),
});
export type SettingsResponse = z.output<typeof settingsResponseSchema>;

const version = z.number({ error: 'Version must be a number' }).check(z.int('Version must be a whole number'), z.minimum(1, 'Version must be 1 or more'));
/** One section's values with the version they were made on, each section checked by its own schema. */
export const saveSettingsRequestSchema = z.discriminatedUnion(
  'section',
  settingsSectionNames.map((section) => z.strictObject({ section: z.literal(section), version, values: settingsSections[section] })) as unknown as [SaveSection<'business'>, SaveSection<'serviceArea'>, SaveSection<'schedule'>, SaveSection<'prices'>],
  { error: 'Section must be one of the business, the service area, the schedule or the prices' },
);
type SaveSection<S extends SettingsSection> = z.ZodMiniObject<{ section: z.ZodMiniLiteral<S>; version: typeof version; values: (typeof settingsSections)[S] }, z.core.$strict>;
export type SaveSettingsRequest = z.output<typeof saveSettingsRequestSchema>;

/** Opening the website to bookings, on the version of the settings the owner confirmed. */
export const openForBookingsRequestSchema = z.strictObject({ version });
