// The back office's page of one customer (decisions 021 and 022): every
// order under their email, the money paid, due and on hold, and staff notes.
import * as z from 'zod/mini';

export const customerPageOrderSchema = z.object({
  id: z.string(),
  confirmation: z.string(),
  pickupDate: z.string(),
  pickupTime: z.string(),
  bookingStatus: z.string(),
  /** The staff money label (docs/design.md 9: Authorized $x, Captured $x, ...). */
  moneyLabel: z.string(),
  totalCents: z.number(),
  /** The customer's rating of it after delivery (decision 063), in words ("2 out of 5 (Fair)"), with their comment; null before. */
  rating: z.nullable(z.object({ label: z.string(), comment: z.nullable(z.string()) })),
});

export const customerNoteSchema = z.object({ id: z.string(), createdAt: z.string(), body: z.string(), authorEmail: z.nullable(z.string()) });

export const customerPageSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** (803) 555-0142 */
  phone: z.string(),
  address: z.string(),
  orders: z.array(customerPageOrderSchema),
  paidCents: z.number(),
  dueCents: z.number(),
  onHoldCents: z.number(),
  notes: z.array(customerNoteSchema),
  /** Their regular pick-ups (decision 024): when, their state, the next date, the last issue; never their link. */
  series: z.array(z.object({ id: z.string(), label: z.string(), statusLabel: z.string(), nextLabel: z.nullable(z.string()), lastIssue: z.nullable(z.string()) })),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerNoteMessage = 'Write the note (2,000 characters at most)';
export const addCustomerNoteRequestSchema = z.strictObject({
  body: z.string({ error: customerNoteMessage }).check(z.trim(), z.minLength(1, customerNoteMessage), z.maxLength(2000, customerNoteMessage)),
});
export const addCustomerNoteResponseSchema = z.object({ note: customerNoteSchema });
