// The answers every API shares: its errors and its health. Apart from the form builders
// (./common.ts), which the public pages run in the browser: the web takes only types from here.
import * as z from 'zod/mini';

/** The JSON shape of every error the API answers with. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>['error'];

const jobBeatSchema = z.object({ lastRunAt: z.nullable(z.string()), everyMs: z.number(), behind: z.boolean() });

export const healthResponseSchema = z.object({
  /**
   * 'ok' (200); 'degraded' (207: serving, something needs attention); 'unavailable' (503) when the
   * database does not answer; 'draining' (503) while the process shuts down; 'outdated' (503) when
   * a newer release migrated the database (decision 061).
   */
  status: z.enum(['ok', 'degraded', 'unavailable', 'draining', 'outdated']),
  /** What needs attention, in words; empty when ok. */
  reasons: z.array(z.string()),
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
  /** This instance's background jobs: their last round, and whether they are more than three intervals behind; null when it runs none. */
  jobs: z.nullable(z.object({ background: jobBeatSchema, outbox: jobBeatSchema })),
});
