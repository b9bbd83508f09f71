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

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
});
