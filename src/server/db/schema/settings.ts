// The business's settings (decision 055): one row, its sections as an owner saved them, and a
// version that each save moves on, so that a save made on an older version is refused, not lost.
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const businessSettings = pgTable(
  'business_settings',
  {
    /** Always 1: the installation's one business. */
    id: smallint('id').primaryKey().default(1),
    /** The sections as saved (src/shared/settings.ts); read back section by section over the defaults. */
    settings: jsonb('settings').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who saved last; null: nobody yet (the first start's defaults). */
    updatedBy: text('updated_by'),
    /** When a master admin confirmed the business and opened the website to bookings; null: "opening soon" (a new installation in production). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [check('business_settings_one_row', sql`${t.id} = 1`), check('business_settings_version', sql`${t.version} >= 1`)],
);
