// Live progress (decision 023): an order's timeline as the customer's pages receive it.
import * as z from 'zod/mini';

export const timelineStepSchema = z.object({
  stage: z.string(),
  label: z.string(),
  state: z.enum(['done', 'current', 'next']),
  /** When the order reached it (ISO), when known. */
  at: z.nullable(z.string()),
});
export type TimelineStepView = z.infer<typeof timelineStepSchema>;
