// The Invoices tab's query (spec: back-office 2; docs/design.md 7): apart from ./invoices.ts, whose
// request schemas the staff tools' forms load, because a query reads numbers from text (z.coerce),
// which no form needs and every public page's shared form code would otherwise carry.
import * as z from 'zod/mini';
import { staffInvoiceSchema } from './invoices';

export const invoiceListFilterValues = ['all', 'pending', 'overdue', 'paid'] as const;
export const invoiceListQuerySchema = z.strictObject({
  status: z._default(z.optional(z.enum(invoiceListFilterValues, { error: 'Choose all, pending, overdue or paid' })), 'all'),
  q: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100, 'The search is too long'))), ''),
  page: z._default(z.optional(z.coerce.number({ error: 'The page must be a whole number' }).check(z.int('The page must be a whole number'), z.minimum(1, 'The page must be a whole number'), z.maximum(10_000, 'The page must be a whole number'))), 1),
  pageSize: z._default(z.optional(z.coerce.number({ error: 'The page size must be 10 to 100' }).check(z.int('The page size must be 10 to 100'), z.minimum(10, 'The page size must be 10 to 100'), z.maximum(100, 'The page size must be 10 to 100'))), 20),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
export const invoiceListSchema = z.object({ invoices: z.array(staffInvoiceSchema), total: z.number(), page: z.number(), pageSize: z.number() });

/** decision 015 (amended): the invoices paid, of all time, and what they came to: income beside booking revenue. */
export const invoiceIncomeSchema = z.object({ invoicesPaid: z.number(), invoiceIncomeCents: z.number() });

