// The back office's System card (decision 061): the health's state, this instance's last backup and
// the outbox. Its own file: the public pages import api-common.ts at run time, and this stays out of them.
import * as z from 'zod/mini';
import { healthResponseSchema } from './api-common';

export const systemStatusResponseSchema = z.object({
  status: healthResponseSchema.shape.status,
  reasons: z.array(z.string()),
  lastBackup: z.nullable(z.object({ at: z.string(), ok: z.boolean(), error: z.nullable(z.string()) })),
  outbox: z.nullable(z.object({ waiting: z.number(), failed: z.number() })),
  jobs: healthResponseSchema.shape.jobs,
});
export type SystemStatus = z.infer<typeof systemStatusResponseSchema>;
