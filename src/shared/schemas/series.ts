// Recurring pick-ups (decision 024): starting one, the series as its customer sees it, and what
// they can do with it. zod/mini, like the other public pages' schemas.
import * as z from 'zod/mini';

export const seriesActionValues = ['skip', 'pause', 'resume', 'stop'] as const;
export type SeriesAction = (typeof seriesActionValues)[number];

const everyWeeks = z.union([z.literal(1), z.literal(2)], { error: 'Choose every week or every 2 weeks' });

/** From the confirmation page: the booking, and the page's own credential (its token or its checkout). */
export const startSeriesRequestSchema = z.strictObject({
  bookingId: z.string({ error: 'Booking not found.' }).check(z.regex(/^[0-9a-fA-F-]{36}$/, 'Booking not found.')),
  everyWeeks,
  token: z.optional(z.string().check(z.maxLength(200))),
  sessionId: z.optional(z.string().check(z.maxLength(200))),
});
/** From the customer's orders (signed in). */
export const startOrderSeriesRequestSchema = z.strictObject({ everyWeeks });

export const seriesViewSchema = z.object({
  id: z.string(),
  /** "Every week on Wednesday, 8AM – 12PM". */
  label: z.string(),
  status: z.enum(['active', 'paused', 'stopped']),
  statusLabel: z.string(),
  everyWeeks: z.number(),
  nextDate: z.nullable(z.string()),
  nextLabel: z.nullable(z.string()),
  /** The next occurrence already booked (with its hold), and its own cancel link. */
  booked: z.nullable(z.object({ id: z.string(), confirmation: z.string(), pickupLabel: z.string(), cancelUrl: z.string() })),
  /** The last occurrence that could not be made (a failed hold, a full window). */
  lastIssue: z.nullable(z.string()),
  /** The series' own page (the customer's secret). */
  manageUrl: z.string(),
});
export type SeriesView = z.infer<typeof seriesViewSchema>;

export const seriesResponseSchema = z.object({ series: seriesViewSchema });
export const seriesActionRequestSchema = z.strictObject({
  token: z.string({ error: 'This link is not valid.' }).check(z.minLength(1, 'This link is not valid.'), z.maxLength(200, 'This link is not valid.')),
  action: z.enum(seriesActionValues, { error: 'Choose skip, pause, resume or stop' }),
});
export const seriesActionResponseSchema = z.object({ series: seriesViewSchema, message: z.string() });
export const seriesQuerySchema = z.strictObject({
  token: z.string({ error: 'This link is not valid.' }).check(z.minLength(1, 'This link is not valid.'), z.maxLength(200, 'This link is not valid.')),
});
