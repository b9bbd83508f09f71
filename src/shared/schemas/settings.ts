// The Settings tab's contract (decision 055): the settings with their version out; one section's
// values in, with the version they were made on. zod/mini: the back office's browser code imports it.
import * as z from 'zod/mini';
import { businessSettingsSchema, settingsSectionNames } from '../settings';

export const settingsResponseSchema = z.strictObject({
  settings: businessSettingsSchema,
  version: z.number().check(z.int(), z.minimum(1)),
  updatedAt: z.nullable(z.string()),
  /** Whether the signed-in admin may save (a master admin); a plain admin reads them. */
  canEdit: z.boolean(),
});
export type SettingsResponse = z.output<typeof settingsResponseSchema>;

export const saveSettingsRequestSchema = z.strictObject({
  section: z.enum(settingsSectionNames as [string, ...string[]], { error: 'Section must be one of the business, the service area, the schedule or the prices' }),
  version: z.number({ error: 'Version must be a number' }).check(z.int('Version must be a whole number'), z.minimum(1, 'Version must be 1 or more')),
  /** The section's fields, checked by its own schema on the server so each message names its field. */
  values: z.unknown(),
});
export type SaveSettingsRequest = z.output<typeof saveSettingsRequestSchema>;
