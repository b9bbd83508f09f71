// Every audit action in words: one row per action of src/shared/audit-actions.ts, built from the
// details its service stores, and a scan of src/server proving no recorded action is missing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActionLabels, auditActionValues, type AuditAction } from '../../shared/audit-actions';
import { auditReferences, auditWords, noNames, nobodyLabel, type AuditNames, type AuditRecord } from './audit-words';

const BOOKING = '3f2a1c9e-0000-4000-8000-000000000001';
const OUTBOX_BOOKING = 'aa11bb22-0000-4000-8000-000000000002';
const PRO = 'p-1';
const PRO_2 = 'p-2';
const ADMIN = 'adm1';

const names: AuditNames = {
  ...noNames(),
  people: new Map([[ADMIN, { name: 'Casey Staff', email: 'casey@washday.example' }]]),
  pros: new Map([
    [PRO, 'Maria Lopez'],
    [PRO_2, 'Dee Banks'],
  ]),
  bookings: new Map([[BOOKING, 'Jane Doe']]),
  giftCards: new Map([['gc-1', '••••••••K7QX']]),
  invoices: new Map([['inv-1', 'INV-0007']]),
  subscriptions: new Map([['sub-1', 'Acme Dental']]),
  messages: new Map([['msg-1', 'Ann Caller']]),
  outbox: new Map([['ob-1', { channel: 'email', subject: 'Your laundry is weighed', recipient: 'jane@example.com', bookingId: OUTBOX_BOOKING }]]),
};

type Row = { action: AuditAction; targetType: string; targetId: string | null; before?: unknown; after?: unknown; sentence: string; amountCents?: number | null; bookingId?: string | null };

const b = (action: AuditAction, before: unknown, after: unknown, sentence: string, extra: Partial<Row> = {}): Row => ({ action, targetType: 'booking', targetId: BOOKING, before, after, sentence, bookingId: BOOKING, ...extra });

const rows: Row[] = [
  { action: 'auth.sign_in', targetType: 'admin', targetId: ADMIN, sentence: 'Signed in to the back office' },
  { action: 'auth.password_reset_requested', targetType: 'admin', targetId: ADMIN, after: { email: 'casey@washday.example' }, sentence: 'Asked for a password-reset email for Casey Staff (casey@washday.example)' },
  { action: 'auth.password_reset_requested', targetType: 'admin', targetId: null, after: { email: 'nobody@example.com' }, sentence: 'Asked for a password-reset email for nobody@example.com (no such account)' },
  { action: 'auth.password_reset_completed', targetType: 'admin', targetId: ADMIN, after: { email: 'casey@washday.example', sessionsEnded: true }, sentence: 'Set a new password for Casey Staff (casey@washday.example) with an emailed reset link; every session of the account ended' },
  { action: 'admin.create', targetType: 'admin', targetId: ADMIN, after: { email: 'casey@washday.example', role: 'admin' }, sentence: 'Created admin Casey Staff (casey@washday.example) with a one-time password' },
  { action: 'admin.create', targetType: 'admin', targetId: 'gone', after: { email: 'old@washday.example', role: 'master_admin' }, sentence: 'Created master admin old@washday.example with a one-time password' },
  { action: 'admin.enable', targetType: 'admin', targetId: ADMIN, sentence: 'Enabled Casey Staff (casey@washday.example)' },
  { action: 'admin.disable', targetType: 'admin', targetId: ADMIN, sentence: 'Disabled Casey Staff (casey@washday.example) and signed them out everywhere' },
  { action: 'admin.reset_password', targetType: 'admin', targetId: ADMIN, sentence: 'Reset the password of Casey Staff (casey@washday.example) to a one-time password and signed them out' },
  { action: 'admin.change_own_password', targetType: 'admin', targetId: ADMIN, after: { otherSessionsEnded: 2 }, sentence: 'Changed their own password, ending 2 other sessions' },
  { action: 'admin.change_own_password', targetType: 'admin', targetId: ADMIN, after: { otherSessionsEnded: 0 }, sentence: 'Changed their own password' },
  b('booking.status_changed', { status: 'confirmed' }, { status: 'in-progress', reason: 'weighing' }, 'Moved WD-3F2A1C from Confirmed to In progress to weigh it'),
  b('booking.status_changed', { status: 'completed' }, { status: 'delivered' }, 'Moved WD-3F2A1C from Completed to Delivered'),
  b('booking.status_changed', { status: 'confirmed' }, { status: 'cancelled', authorisationReleased: true, releasedCents: 3150, giftCardReturnedCents: 1000 }, 'Cancelled WD-3F2A1C, released $31.50, returned $10.00 to the gift card', { amountCents: 3150 }),
  // recorded before the released amount was kept
  b('booking.status_changed', { status: 'confirmed' }, { status: 'cancelled', authorisationReleased: true, giftCardReturnedCents: 0 }, 'Cancelled WD-3F2A1C, released the card authorization'),
  b('booking.price_per_pound_changed', { pricePerPoundCents: 175 }, { pricePerPoundCents: 200 }, 'Changed the price per lb of WD-3F2A1C from $1.75 to $2.00', { amountCents: 200 }),
  b('booking.refunded', null, { destination: 'card', amountCents: 1200, refundedCents: 1200, reason: 'Scale misread' }, 'Refunded $12.00 of WD-3F2A1C to the card: Scale misread', { amountCents: 1200 }),
  b('booking.reweighed', null, { fromWeightTenths: 200, toWeightTenths: 142, toTotalCents: 2485, refundedCents: 1015, chargedCents: 0, giftCardReturnedCents: 0, amountDueCents: 0, reason: 'Enter pressed too early' }, 'Corrected the weight of WD-3F2A1C from 20.0 lb to 14.2 lb ($24.85), refunded $10.15 to the card: Enter pressed too early', { amountCents: 2485 }),
  b('booking.reweighed', null, { fromWeightTenths: 142, toWeightTenths: 200, toTotalCents: 3500, refundedCents: 0, chargedCents: 0, giftCardReturnedCents: 0, amountDueCents: 1015, reason: 'Scale misread' }, 'Corrected the weight of WD-3F2A1C from 14.2 lb to 20.0 lb ($35.00), $10.15 due: Scale misread', { amountCents: 3500 }),
  b('booking.refunded', null, { destination: 'gift_card', amountCents: 500, refundedCents: 500, reason: 'Late delivery', giftCardId: 'gc-1' }, 'Credited $5.00 of WD-3F2A1C to gift card ••••••••K7QX: Late delivery', { amountCents: 500 }),
  b(
    'booking.weight_processed',
    { authorizedCents: 3250, capturedCents: 0, pricePerPoundCents: 175 },
    { weightTenths: 142, finalTotalCents: 2585, chargeCents: 2585, giftCardAppliedCents: 0, giftCardBackCents: 0, outcome: 'refund', amountDueCents: 0, capturedCents: 2585, extraChargedCents: 0, releasedCents: 665 },
    'Weighed WD-3F2A1C at 14.2 lb (bill $25.85), captured $25.85, released $6.65',
    { amountCents: 2585 },
  ),
  b(
    'booking.weight_processed',
    {},
    { weightTenths: 300, finalTotalCents: 5500, chargeCents: 4500, giftCardAppliedCents: 1000, giftCardBackCents: 0, outcome: 'needs_customer', amountDueCents: 1250, capturedCents: 3250, extraChargedCents: 0, releasedCents: 0 },
    'Weighed WD-3F2A1C at 30.0 lb (bill $55.00), gift card paid $10.00, captured $32.50, $12.50 due from the customer',
    { amountCents: 5500 },
  ),
  b(
    'booking.weight_processed',
    {},
    { weightTenths: 100, finalTotalCents: 1750, chargeCents: 1750, outcome: 'charge', amountDueCents: 0, capturedCents: 0, extraChargedCents: 1750, releasedCents: 0 },
    'Weighed WD-3F2A1C at 10.0 lb (bill $17.50), charged $17.50 to the saved card (the authorization had expired)',
    { amountCents: 1750 },
  ),
  b('booking.weight_processed', {}, { weightTenths: 20, finalTotalCents: 40, chargeCents: 40, outcome: 'waived', amountDueCents: 0, capturedCents: 0, extraChargedCents: 0, releasedCents: 3150 }, 'Weighed WD-3F2A1C at 2.0 lb (bill $0.40), released $31.50, nothing charged (below the card minimum)', {
    amountCents: 40,
  }),
  b('booking.weight_processed', {}, { weightTenths: 80, finalTotalCents: 0, chargeCents: 0, outcome: 'none', amountDueCents: 0 }, 'Weighed WD-3F2A1C at 8.0 lb (bill $0.00), no payment change needed', { amountCents: 0 }),
  // recorded before the card's amounts were kept
  b('booking.weight_processed', {}, { weightTenths: 142, finalTotalCents: 2585, chargeCents: 2585, outcome: 'refund' }, 'Weighed WD-3F2A1C at 14.2 lb (bill $25.85), charged $25.85', { amountCents: 2585 }),
  b('booking.weight_failed', {}, { weightTenths: 142, chargeCents: 2585, error: 'Your card was declined.' }, 'Tried to weigh WD-3F2A1C at 14.2 lb, but the charge of $25.85 failed: Your card was declined.', { amountCents: 2585 }),
  b('booking.scale_photo_added', null, { bytes: 1000, type: 'image/png' }, 'Added the scale photo of WD-3F2A1C'),
  b('booking.receipt_sent', null, { to: 'jane@example.com', finalTotalCents: 2585 }, 'Sent the final receipt of WD-3F2A1C ($25.85) to jane@example.com', { amountCents: 2585 }),
  b('booking.rating_email_sent', null, { to: 'jane@example.com' }, 'Sent the delivery confirmation and rating request of WD-3F2A1C to jane@example.com'),
  b('booking.deleted', { name: 'Jane Doe', authorizedAmount: 3150, totalAmount: 3150 }, { authorisationReleased: true, giftCardReturnedCents: 0 }, 'Deleted WD-3F2A1C (Jane Doe), released $31.50', { amountCents: 3150 }),
  b('booking.rescheduled', { pickupDate: '2026-11-23', pickupTime: '8am-12pm' }, { pickupDate: '2026-11-25', pickupTime: '12pm-4pm', by: 'customer' }, 'Moved WD-3F2A1C from Monday, November 23, 2026, 8AM – 12PM to Wednesday, November 25, 2026, 12PM – 4PM (by the customer, from their orders)'),
  b('customer.note_added', null, { body: 'Gate code 4411; dog is friendly' }, 'Added a note on the customer of WD-3F2A1C: “Gate code 4411; dog is friendly”'),
  b('customer.note_added', null, { erased: true }, 'Added a note on the customer of WD-3F2A1C (since deleted with their data)'),
  b('booking.details_changed', { address: '1 Elm St', phone: '+18035550101' }, { address: '40 Sunset Blvd', phone: '+18035550199', by: 'customer', textsStopped: true }, 'Changed details of WD-3F2A1C: Address “1 Elm St” → “40 Sunset Blvd”; Phone “(803) 555-0101” → “(803) 555-0199” (by the customer, from their orders), texts stopped until the new number agrees to them'),
  b('booking.details_changed', { pickupLocation: 'front-door' }, { pickupLocation: 'back-door', by: 'customer' }, 'Changed a detail of WD-3F2A1C: Pick-up spot “Front door” → “Back door” (by the customer, from their orders)'),
  b('booking.progress_changed', { stage: 'picked_up' }, { stage: 'washing' }, 'Moved WD-3F2A1C from picked up to washing'),
  b('booking.progress_changed', { stage: 'ready' }, { stage: 'out_for_delivery', by: 'pro' }, 'Moved WD-3F2A1C from ready to out for delivery in the pro portal'),
  b('series.started', null, { seriesId: 's', everyWeeks: 2, nextDate: '2026-12-09', by: 'customer' }, 'Made WD-3F2A1C a regular pick-up, every 2 weeks, from Wednesday, December 9, 2026 (by the customer)'),
  b('series.paused', { status: 'active' }, { status: 'paused' }, 'Paused the regular pick-up of WD-3F2A1C (by the customer)'),
  b('series.resumed', { status: 'paused' }, { status: 'active' }, 'Resumed the regular pick-up of WD-3F2A1C (by the customer)'),
  b('series.stopped', { status: 'active' }, { status: 'stopped' }, 'Stopped the regular pick-up of WD-3F2A1C (by the customer)'),
  b('series.occurrence_missed', null, { date: '2026-12-02', reason: 'that window is full' }, 'The regular pick-up of WD-3F2A1C on Wednesday, December 2, 2026 could not be booked: that window is full (the customer was emailed)'),
  b('booking.details_changed', null, { erased: true }, 'The customer of WD-3F2A1C changed their details (since deleted with their data)'),
  { action: 'customer.erased', targetType: 'customer', targetId: null, after: { orders: 3, by: 'customer' }, sentence: 'A customer deleted their data from their orders: 3 orders kept without their details' },
  b('booking.laundry_pro_assigned', { laundryProId: null }, { laundryProId: PRO, weighed: false }, 'Assigned WD-3F2A1C to Maria Lopez'),
  b('booking.laundry_pro_assigned', { laundryProId: PRO }, { laundryProId: PRO_2, weighed: true }, 'Assigned WD-3F2A1C to Dee Banks (was Maria Lopez), who earns its weighed payout'),
  b('booking.laundry_pro_assigned', { laundryProId: PRO }, { laundryProId: null, weighed: false }, 'Took WD-3F2A1C off Maria Lopez'),
  b('booking.pro_picked_up', { status: 'confirmed' }, { status: 'in-progress', laundryProId: PRO }, 'Marked WD-3F2A1C picked up in the pro portal'),
  b('booking.pro_delivered', { status: 'completed' }, { status: 'delivered', laundryProId: PRO }, 'Marked WD-3F2A1C delivered in the pro portal'),
  { action: 'laundry_pro.created', targetType: 'laundry_pro', targetId: PRO, after: { name: 'Maria Lopez', perPoundRateCents: 75 }, sentence: 'Added laundry pro Maria Lopez at $0.75 per lb', amountCents: 75 },
  {
    action: 'laundry_pro.updated',
    targetType: 'laundry_pro',
    targetId: PRO,
    before: { perPoundRateCents: 75, phone: '+18035550100', status: 'active' },
    after: { perPoundRateCents: 90, phone: '+18035550142', status: 'inactive' },
    sentence: 'Edited laundry pro Maria Lopez: per-lb rate $0.75 → $0.90, phone, now inactive',
  },
  { action: 'laundry_pro.account_created', targetType: 'laundry_pro', targetId: PRO, after: { accountId: 'acct_123' }, sentence: 'Set up a payment account for Maria Lopez' },
  { action: 'laundry_pro.portal_invited', targetType: 'laundry_pro', targetId: PRO, after: { email: 'maria@example.com' }, sentence: 'Invited Maria Lopez to the pro portal at maria@example.com' },
  { action: 'laundry_pro.portal_invited', targetType: 'laundry_pro', targetId: PRO, after: { email: 'maria@example.com', restored: true }, sentence: 'Gave back the pro portal to Maria Lopez at maria@example.com' },
  { action: 'laundry_pro.portal_revoked', targetType: 'laundry_pro', targetId: PRO, after: { email: 'maria@example.com', sessionsEnded: 2 }, sentence: 'Revoked the pro portal access of Maria Lopez, ending 2 sessions' },
  { action: 'laundry_pro.portal_revoked', targetType: 'laundry_pro', targetId: PRO, after: { email: 'maria@example.com', sessionsEnded: 0 }, sentence: 'Revoked the pro portal access of Maria Lopez' },
  {
    action: 'laundry_pro.portal_email_confirmed',
    targetType: 'laundry_pro',
    targetId: PRO,
    before: { email: 'maria@example.com' },
    after: { email: 'maria.new@example.com', sessionsEnded: 1 },
    sentence: 'Confirmed maria.new@example.com as the pro portal sign-in of Maria Lopez (was maria@example.com)',
  },
  {
    action: 'laundry_pro.payout',
    targetType: 'laundry_pro',
    targetId: PRO,
    after: { payoutId: 'x', amountCents: 4215, assignments: [{}, {}, {}] },
    sentence: 'Paid Maria Lopez $42.15 for 3 bookings',
    amountCents: 4215,
  },
  { action: 'laundry_pro.payout', targetType: 'laundry_pro', targetId: 'gone', after: { amountCents: 500, assignments: [{}] }, sentence: 'Paid a pro no longer on file $5.00 for 1 booking', amountCents: 500 },
  { action: 'gift_card.email_resent', targetType: 'gift_card', targetId: 'gc-1', after: { recipientEmail: 'sam@example.com' }, sentence: 'Sent gift card ••••••••K7QX to sam@example.com again' },
  { action: 'invoice.sent', targetType: 'invoice', targetId: 'inv-1', after: { invoiceNumber: 'INV-0007', clientEmail: 'acme@example.com', totalCents: 12000 }, sentence: 'Sent invoice INV-0007 of $120.00 to acme@example.com', amountCents: 12000 },
  { action: 'invoice.marked_paid', targetType: 'invoice', targetId: 'inv-1', before: { status: 'pending' }, after: { status: 'paid', totalCents: 12000 }, sentence: 'Marked invoice INV-0007 of $120.00 paid', amountCents: 12000 },
  {
    action: 'subscription.created',
    targetType: 'subscription',
    targetId: 'sub-1',
    after: { invoiceNumber: 'SUB-0001', clientEmail: 'acme@example.com', monthlyPriceCents: 9900, billingDay: 5, firstBilling: '2026-12-05' },
    sentence: "Started Acme Dental's subscription at $99.00 a month, billed on day 5; sent the first invoice, SUB-0001",
    amountCents: 9900,
  },
  { action: 'subscription.invoiced', targetType: 'subscription', targetId: 'sub-1', after: { invoiceNumber: 'SUB-0002', billingDate: '2027-01-05', totalCents: 9900 }, sentence: "Sent Acme Dental's monthly invoice SUB-0002 of $99.00", amountCents: 9900 },
  { action: 'subscription.paused', targetType: 'subscription', targetId: 'sub-1', before: { status: 'active' }, after: { status: 'paused' }, sentence: "Paused Acme Dental's subscription" },
  { action: 'subscription.resumed', targetType: 'subscription', targetId: 'sub-1', after: { status: 'active', nextBillingDate: '2027-02-05' }, sentence: "Resumed Acme Dental's subscription, next billed on 2027-02-05" },
  { action: 'subscription.ended', targetType: 'subscription', targetId: 'sub-1', after: { status: 'ended' }, sentence: "Ended Acme Dental's subscription" },
  { action: 'tools.terms_sent', targetType: 'client', targetId: 'acme@example.com', after: { clientName: 'Acme Dental' }, sentence: 'Sent the terms to Acme Dental (acme@example.com)' },
  { action: 'message.handled', targetType: 'contact_message', targetId: 'msg-1', sentence: "Marked Ann Caller's message handled" },
  { action: 'message.reopened', targetType: 'contact_message', targetId: 'msg-1', sentence: "Reopened Ann Caller's message" },
  { action: 'outbox.resent', targetType: 'outbox', targetId: 'ob-1', before: { status: 'failed' }, sentence: 'Sent the email “Your laundry is weighed” to jane@example.com again', bookingId: OUTBOX_BOOKING },
  { action: 'data.exported', targetType: 'export', targetId: null, after: { file: 'washday-bookings-2026-11-26.csv' }, sentence: 'Downloaded washday-bookings-2026-11-26.csv' },
];

describe('the audit log in words', () => {
  it.each(rows.map((r) => [r.action, r] as const))('%s', (_action, row) => {
    const record: AuditRecord = { action: row.action, targetType: row.targetType, targetId: row.targetId, before: row.before ?? null, after: row.after ?? null };
    const words = auditWords(record, names);
    expect(words.label).toBe(auditActionLabels[row.action]);
    expect(words.sentence).toBe(row.sentence);
    expect(words.amountCents).toBe(row.amountCents ?? null);
    expect(words.bookingId).toBe(row.bookingId ?? null);
    // no raw key or id in what people read (docs/design.md 7: bookings by their WD- code)
    for (const id of [BOOKING, OUTBOX_BOOKING, PRO, 'gc-1', 'inv-1', 'sub-1', 'msg-1', 'ob-1', 'acct_123']) expect(words.sentence).not.toContain(id);
    expect(words.sentence).not.toMatch(/\b[a-z]+_[a-z_]+\b|undefined|null|NaN/);
  });

  it('has a row for every action of the table', () => {
    expect(new Set(rows.map((r) => r.action))).toEqual(new Set(auditActionValues));
  });

  it('says who acted when nobody was signed in', () => {
    expect(nobodyLabel('auth.password_reset_requested')).toBe('Not signed in');
    expect(nobodyLabel('admin.create')).toBe('Set-up');
    expect(nobodyLabel('subscription.invoiced')).toBe('Monthly billing');
    expect(nobodyLabel('booking.rescheduled')).toBe('The customer');
    expect(nobodyLabel('booking.details_changed')).toBe('The customer');
    expect(nobodyLabel('customer.erased')).toBe('The customer');
  });

  it('reads an action it does not know without showing its key', () => {
    const words = auditWords({ action: 'booking.something_new', targetType: 'booking', targetId: BOOKING, before: null, after: null }, names);
    expect(words).toEqual({ label: 'Other action', sentence: 'An action this version does not describe', amountCents: null, bookingId: BOOKING });
  });

  it('asks for the names of the actor, the target and the pros a reassignment names', () => {
    expect(auditReferences({ action: 'booking.laundry_pro_assigned', actorId: ADMIN, targetType: 'booking', targetId: BOOKING, before: { laundryProId: PRO }, after: { laundryProId: PRO_2 } })).toEqual({
      people: [ADMIN],
      bookings: [BOOKING],
      pros: [PRO, PRO_2],
    });
    expect(auditReferences({ action: 'tools.terms_sent', actorId: null, targetType: 'client', targetId: 'a@example.com', before: null, after: null })).toEqual({});
  });

  it('knows every action recorded anywhere in src/server', () => {
    const recorded = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
          for (const m of readFileSync(path, 'utf8').matchAll(/action: (?:[^'`\n]*\? )?'([a-z_]+\.[a-z_]+)'(?: : '([a-z_]+\.[a-z_]+)')?/g)) {
            recorded.add(m[1]!);
            if (m[2]) recorded.add(m[2]);
          }
        }
      }
    };
    walk(join(import.meta.dirname, '..'));
    expect(recorded.size).toBeGreaterThan(20);
    expect([...recorded].filter((a) => !(a in auditActionLabels))).toEqual([]);
  });
});
