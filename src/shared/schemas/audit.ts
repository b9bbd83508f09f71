// The audit log as people read it (GET /api/admin/audit, master admins only; docs/design.md 6): a page
// of entries, newest first, each in words, filtered by person, action and dates in the business's
// time zone. zod/mini like every schema the browser loads (docs/decisions/009).
import * as z from 'zod/mini';
import { auditActionValues } from '../audit-actions';
import { isIsoDate } from '../dates';

export const AUDIT_PAGE_SIZE = 25;

const dateField = (name: 'from' | 'to') =>
  z._default(z.optional(z.string().check(z.refine((v) => v === '' || isIsoDate(v), `${name} must be a date (YYYY-MM-DD)`))), '');

export const auditQuerySchema = z
  .strictObject({
    /** The person who acted, by their email ('' for everyone). */
    by: z._default(z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'by is an email address (254 characters at most)'))), ''),
    action: z._default(z.optional(z.enum(['', ...auditActionValues], { error: 'Unknown action' })), ''),
    from: dateField('from'),
    to: dateField('to'),
    page: z._default(
      z.optional(z.coerce.number({ error: 'page must be a whole number from 1' }).check(z.int('page must be a whole number from 1'), z.minimum(1, 'page must be a whole number from 1'), z.maximum(100_000, 'page is too large'))),
      1,
    ),
    pageSize: z._default(
      z.optional(z.coerce.number({ error: 'pageSize must be 10 to 100' }).check(z.int('pageSize must be 10 to 100'), z.minimum(10, 'pageSize must be 10 to 100'), z.maximum(100, 'pageSize must be 10 to 100'))),
      AUDIT_PAGE_SIZE,
    ),
  })
  .check(
    z.refine((q) => q.from === '' || q.to === '' || q.from <= q.to, { message: 'to must be on or after from', path: ['to'] }),
  );
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPersonSchema = z.object({ name: z.string(), email: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The action's key: the filter's value, never shown (its label and sentence are). */
  action: z.string(),
  label: z.string(),
  /** What happened, in words: "Weighed WD-3F2A1C at 14.2 lb, captured $25.85, released $6.65". */
  sentence: z.string(),
  /** Who did it; null when nobody was signed in (a reset asked on the login page, the set-up, the monthly billing). */
  who: z.nullable(auditPersonSchema),
  /** Said in words when `who` is null: "Not signed in", "Set-up", "Monthly billing". */
  whoLabel: z.string(),
  ip: z.nullable(z.string()),
  /** The money the action moved or set, in cents, when it has one. */
  amountCents: z.nullable(z.number()),
  /** The booking it concerns (WD-3F2A1C), and whether it still exists to be opened. */
  booking: z.nullable(z.object({ code: z.string(), exists: z.boolean() })),
  /** The record it concerns, for the API's callers and tests; never shown. */
  targetId: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Everyone who has acted, for the person filter: name and email, by name. */
  people: z.array(auditPersonSchema),
});
export type AuditList = z.infer<typeof auditListResponseSchema>;
