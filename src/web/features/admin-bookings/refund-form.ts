// The refund dialog's form (decision 031, docs/decisions/050): what staff type, checked by the
// shared refund rules before anything is sent. The amount is typed in dollars and read into cents
// by `parseRefundAmount`, the server's own reading.
import * as z from 'zod/mini';
import { parseRefundAmount, refundAmountProblem, refundReasonProblem } from '../../../shared/pricing-refunds';
import { refundDestinationValues } from '../../../shared/schemas/refunds';

/** The amount typed, if it can be refunded: its cents, else the rule it breaks. */
export function readRefundAmount(text: string, refundable: number): { cents: number } | { error: string } {
  const parsed = parseRefundAmount(text);
  if ('error' in parsed) return parsed;
  const problem = refundAmountProblem(parsed.cents, refundable);
  return problem ? { error: problem } : parsed;
}

const ruled = (problem: (value: string) => string | null) =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  );

export function refundFormSchema(refundable: number) {
  return z.object({
    amount: ruled((text) => {
      const read = readRefundAmount(text, refundable);
      return 'error' in read ? read.error : null;
    }),
    destination: z.enum(refundDestinationValues),
    reason: ruled(refundReasonProblem),
  });
}
export type RefundFormValues = z.infer<ReturnType<typeof refundFormSchema>>;
