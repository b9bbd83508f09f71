// Every audit action in words (decision 048): a table keyed by every action of
// src/shared/audit-actions.ts (one missing does not compile), each case an event as its service
// records it (checked by the compiler against the action's type), then the rows earlier versions
// stored and the ones a customer's erasure emptied, which must still read well.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActionLabels, auditActionValues, type AuditAction } from '../../shared/audit-actions';
import type { AuditEventOf, DeletedBooking } from './audit-events';
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

type Said = { sentence: string; amountCents?: number | null; bookingId?: string | null };
/** Each action's events as their services record them, and what each reads as. */
type Cases = { [A in AuditAction]: [event: AuditEventOf<A>, said: Said][] };

const onBooking = { targetType: 'booking', targetId: BOOKING } as const;
const onPro = { targetType: 'laundry_pro', targetId: PRO } as const;
const onAdmin = { targetType: 'admin', targetId: ADMIN } as const;
const onSubscription = { targetType: 'subscription', targetId: 'sub-1' } as const;
/** Said of an entry on the booking, which it links to. */
const b = (sentence: string, amountCents: number | null = null): Said => ({ sentence, amountCents, bookingId: BOOKING });
// a booking's row has some eighty columns: the words read its name and amounts
const deletedRow: DeletedBooking = { ...({} as DeletedBooking), id: BOOKING, name: 'Jane Doe', authorizedAmount: 3150, totalAmount: 3150 };
const weighingBefore = { authorizedCents: 3250, capturedCents: 0, pricePerPoundCents: 175 };
type Weighed = AuditEventOf<'booking.weight_processed'>;
/** A weighing as the weighing service records it: nothing moved but what the case says. */
const weighed = (after: Partial<Weighed['after']>, before: Weighed['before'] = weighingBefore): Weighed => ({
  action: 'booking.weight_processed',
  ...onBooking,
  before,
  after: { weightTenths: 0, finalTotalCents: 0, chargeCents: 0, giftCardAppliedCents: 0, giftCardBackCents: 0, outcome: 'none', amountDueCents: 0, message: '', capturedCents: 0, extraChargedCents: 0, releasedCents: 0, ...after },
});
const counts = (blanketsQueenCount: number) => ({ sportsUniformsCount: 0, blanketsQueenCount, blanketsKingCount: 0, mattressPadsQueenCount: 0, mattressPadsKingCount: 0 });
const profile = { name: 'Maria Lopez', email: 'maria@example.com', phone: '+18035550100', perPoundRateCents: 75, hourlyRateCents: 0, startDate: '2026-11-01', notes: '', status: 'active' } as const;

const cases: Cases = {
  'auth.sign_in': [[{ action: 'auth.sign_in', ...onAdmin }, { sentence: 'Signed in to the back office' }]],
  'auth.password_reset_requested': [
    [{ action: 'auth.password_reset_requested', ...onAdmin, after: { email: 'casey@washday.example' } }, { sentence: 'Asked for a password-reset email for Casey Staff (casey@washday.example)' }],
    [{ action: 'auth.password_reset_requested', targetType: 'admin', targetId: null, after: { email: 'nobody@example.com' } }, { sentence: 'Asked for a password-reset email for nobody@example.com (no such account)' }],
  ],
  'auth.password_reset_completed': [
    [
      { action: 'auth.password_reset_completed', ...onAdmin, after: { email: 'casey@washday.example', sessionsEnded: true } },
      { sentence: 'Set a new password for Casey Staff (casey@washday.example) with an emailed reset link; every session of the account ended' },
    ],
  ],
  'admin.create': [
    [{ action: 'admin.create', ...onAdmin, after: { email: 'casey@washday.example', role: 'admin' } }, { sentence: 'Created admin Casey Staff (casey@washday.example) with a one-time password' }],
    [{ action: 'admin.create', targetType: 'admin', targetId: 'gone', after: { email: 'old@washday.example', role: 'master_admin' } }, { sentence: 'Created master admin old@washday.example with a one-time password' }],
  ],
  'admin.enable': [[{ action: 'admin.enable', ...onAdmin, before: { disabled: true }, after: { disabled: false } }, { sentence: 'Enabled Casey Staff (casey@washday.example)' }]],
  'admin.disable': [[{ action: 'admin.disable', ...onAdmin, before: { disabled: false }, after: { disabled: true } }, { sentence: 'Disabled Casey Staff (casey@washday.example) and signed them out everywhere' }]],
  'admin.reset_password': [[{ action: 'admin.reset_password', ...onAdmin }, { sentence: 'Reset the password of Casey Staff (casey@washday.example) to a one-time password and signed them out' }]],
  'settings.changed': [
    [
      { action: 'settings.changed', targetType: 'settings', targetId: 'prices', before: { perPoundCents: 175 }, after: { perPoundCents: 200, changed: ['Price per lb'] } },
      { sentence: 'Changed the prices: Price per lb' },
    ],
    [{ action: 'settings.changed', targetType: 'settings', targetId: 'business', before: {}, after: { changed: [] } }, { sentence: 'Saved the business unchanged' }],
  ],
  'promo_code.created': [
    [{ action: 'promo_code.created', targetType: 'promo_code', targetId: 'SPRING5', after: { code: 'SPRING5', bagRateCents: 2500 } }, { sentence: 'Created promo code SPRING5 at $25.00 a bag' }],
  ],
  'promo_code.changed': [
    [{ action: 'promo_code.changed', targetType: 'promo_code', targetId: 'SPRING5', before: { state: 'active' }, after: { state: 'paused', action: 'pause' } }, { sentence: 'Paused promo code SPRING5' }],
    [{ action: 'promo_code.changed', targetType: 'promo_code', targetId: 'SPRING5', before: { state: 'paused' }, after: { state: 'active', action: 'resume' } }, { sentence: 'Resumed promo code SPRING5' }],
    [{ action: 'promo_code.changed', targetType: 'promo_code', targetId: 'SPRING5', before: { state: 'active' }, after: { state: 'ended', action: 'end' } }, { sentence: 'Ended promo code SPRING5' }],
  ],
  'settings.opened': [
    [
      { action: 'settings.opened', targetType: 'settings', targetId: 'website', before: { open: false }, after: { open: true, name: 'Suds & Sons Laundry', phone: '(803) 555-0199', zipCodes: ['29072'], perPoundCents: 200 } },
      { sentence: 'Opened the website to bookings as Suds & Sons Laundry, (803) 555-0199' },
    ],
  ],
  'admin.change_own_password': [
    [{ action: 'admin.change_own_password', ...onAdmin, after: { otherSessionsEnded: 2 } }, { sentence: 'Changed their own password, ending 2 other sessions' }],
    [{ action: 'admin.change_own_password', ...onAdmin, after: { otherSessionsEnded: 0 } }, { sentence: 'Changed their own password' }],
  ],
  'booking.status_changed': [
    [{ action: 'booking.status_changed', ...onBooking, before: { status: 'confirmed' }, after: { status: 'in-progress', reason: 'weighing' } }, b('Moved WD-3F2A1C from Confirmed to In progress to weigh it')],
    [{ action: 'booking.status_changed', ...onBooking, before: { status: 'completed' }, after: { status: 'delivered' } }, b('Moved WD-3F2A1C from Completed to Delivered')],
    [
      { action: 'booking.status_changed', ...onBooking, before: { status: 'confirmed' }, after: { status: 'cancelled', authorisationReleased: true, releasedCents: 3150, giftCardReturnedCents: 1000 } },
      b('Cancelled WD-3F2A1C, released $31.50, returned $10.00 to the gift card', 3150),
    ],
  ],
  'booking.price_per_pound_changed': [
    [{ action: 'booking.price_per_pound_changed', ...onBooking, before: { pricePerPoundCents: 175 }, after: { pricePerPoundCents: 200 } }, b('Changed the price per lb of WD-3F2A1C from $1.75 to $2.00', 200)],
  ],
  'booking.weight_processed': [
    [
      weighed({ weightTenths: 142, finalTotalCents: 2585, chargeCents: 2585, outcome: 'refund', message: 'Refund of $6.65 processed', capturedCents: 2585, releasedCents: 665 }),
      b('Weighed WD-3F2A1C at 14.2 lb (bill $25.85), captured $25.85, released $6.65', 2585),
    ],
    [
      weighed(
        { weightTenths: 300, finalTotalCents: 5500, chargeCents: 4500, giftCardAppliedCents: 1000, outcome: 'needs_customer', amountDueCents: 1250, message: 'Captured $32.50.', capturedCents: 3250, itemCounts: counts(2) },
        { ...weighingBefore, itemCounts: counts(1) },
      ),
      b('Weighed WD-3F2A1C at 30.0 lb (bill $55.00), gift card paid $10.00, captured $32.50, $12.50 due from the customer', 5500),
    ],
    [
      weighed({ weightTenths: 100, finalTotalCents: 1750, chargeCents: 1750, outcome: 'charge', message: 'The authorization had expired', extraChargedCents: 1750 }),
      b('Weighed WD-3F2A1C at 10.0 lb (bill $17.50), charged $17.50 to the saved card (the authorization had expired)', 1750),
    ],
    [
      weighed({ weightTenths: 20, finalTotalCents: 40, chargeCents: 40, outcome: 'waived', message: 'Below the card minimum', releasedCents: 3150 }),
      b('Weighed WD-3F2A1C at 2.0 lb (bill $0.40), released $31.50, nothing charged (below the card minimum)', 40),
    ],
    [weighed({ weightTenths: 80, outcome: 'none', message: 'No payment change needed' }, { ...weighingBefore, authorizedCents: 0 }), b('Weighed WD-3F2A1C at 8.0 lb (bill $0.00), no payment change needed', 0)],
  ],
  'booking.weight_failed': [
    [{ action: 'booking.weight_failed', ...onBooking, after: { weightTenths: 142, chargeCents: 2585, error: 'Your card was declined.' } }, b('Tried to weigh WD-3F2A1C at 14.2 lb, but the charge of $25.85 failed: Your card was declined.', 2585)],
  ],
  'booking.scale_photo_added': [[{ action: 'booking.scale_photo_added', ...onBooking, after: { bytes: 1000, type: 'image/png' } }, b('Added the scale photo of WD-3F2A1C')]],
  'booking.receipt_sent': [[{ action: 'booking.receipt_sent', ...onBooking, after: { to: 'jane@example.com', finalTotalCents: 2585 } }, b('Sent the final receipt of WD-3F2A1C ($25.85) to jane@example.com', 2585)]],
  'booking.rating_email_sent': [[{ action: 'booking.rating_email_sent', ...onBooking, after: { to: 'jane@example.com' } }, b('Sent the delivery confirmation and rating request of WD-3F2A1C to jane@example.com')]],
  'booking.deleted': [[{ action: 'booking.deleted', ...onBooking, before: deletedRow, after: { authorisationReleased: true, giftCardReturnedCents: 0 } }, b('Deleted WD-3F2A1C (Jane Doe), released $31.50', 3150)]],
  'booking.refunded': [
    [
      { action: 'booking.refunded', ...onBooking, after: { destination: 'card', amountCents: 1200, refundedCents: 1200, reason: 'Scale misread', payments: [{ paymentIntentId: 'pi_1', amountCents: 1200 }] } },
      b('Refunded $12.00 of WD-3F2A1C to the card: Scale misread', 1200),
    ],
    [
      { action: 'booking.refunded', ...onBooking, after: { destination: 'gift_card', amountCents: 500, refundedCents: 500, reason: 'Late delivery', giftCardId: 'gc-1' } },
      b('Credited $5.00 of WD-3F2A1C to gift card ••••••••K7QX: Late delivery', 500),
    ],
  ],
  'booking.reweighed': [
    [
      {
        action: 'booking.reweighed',
        ...onBooking,
        before: { weightTenths: 200, finalTotalCents: 3500 },
        after: { fromWeightTenths: 200, toWeightTenths: 142, toTotalCents: 2485, refundedCents: 1015, chargedCents: 0, giftCardReturnedCents: 0, amountDueCents: 0, reason: 'Enter pressed too early' },
      },
      b('Corrected the weight of WD-3F2A1C from 20.0 lb to 14.2 lb ($24.85), refunded $10.15 to the card: Enter pressed too early', 2485),
    ],
    [
      {
        action: 'booking.reweighed',
        ...onBooking,
        before: { weightTenths: 142, finalTotalCents: 2485 },
        after: { fromWeightTenths: 142, toWeightTenths: 200, toTotalCents: 3500, refundedCents: 0, chargedCents: 0, giftCardReturnedCents: 0, amountDueCents: 1015, reason: 'Scale misread' },
      },
      b('Corrected the weight of WD-3F2A1C from 14.2 lb to 20.0 lb ($35.00), $10.15 due: Scale misread', 3500),
    ],
  ],
  'booking.rescheduled': [
    [
      { action: 'booking.rescheduled', ...onBooking, before: { pickupDate: '2026-11-23', pickupTime: '8am-12pm' }, after: { pickupDate: '2026-11-25', pickupTime: '12pm-4pm', by: 'customer' }, ip: '198.51.100.7' },
      b('Moved WD-3F2A1C from Monday, November 23, 2026, 8AM – 12PM to Wednesday, November 25, 2026, 12PM – 4PM (by the customer, from their orders)'),
    ],
  ],
  'booking.delivery_moved': [
    [
      { action: 'booking.delivery_moved', ...onBooking, before: { dueBackDate: '2026-11-25', dueBackTime: '12pm-4pm' }, after: { dueBackDate: '2026-11-27', dueBackTime: '4pm-8pm', by: 'customer' }, ip: '198.51.100.7' },
      b('Moved the delivery of WD-3F2A1C from Wednesday, November 25, 2026, 12PM – 4PM to Friday, November 27, 2026, 4PM – 8PM (by the customer, from their orders)'),
    ],
  ],
  'customer.note_added': [[{ action: 'customer.note_added', ...onBooking, after: { body: 'Gate code 4411; dog is friendly' } }, b('Added a note on the customer of WD-3F2A1C: “Gate code 4411; dog is friendly”')]],
  'booking.details_changed': [
    [
      { action: 'booking.details_changed', ...onBooking, before: { address: '1 Elm St', phone: '+18035550101' }, after: { address: '40 Sunset Blvd', phone: '+18035550199', by: 'customer', textsStopped: true } },
      b('Changed details of WD-3F2A1C: Address “1 Elm St” → “40 Sunset Blvd”; Phone “(803) 555-0101” → “(803) 555-0199” (by the customer, from their orders), texts stopped until the new number agrees to them'),
    ],
    [
      { action: 'booking.details_changed', ...onBooking, before: { pickupLocation: 'front-door' }, after: { pickupLocation: 'back-door', by: 'customer' } },
      b('Changed a detail of WD-3F2A1C: Pick-up spot “Front door” → “Back door” (by the customer, from their orders)'),
    ],
  ],
  'customer.erased': [
    [{ action: 'customer.erased', targetType: 'customer', targetId: null, after: { orders: 3, by: 'customer' } }, { sentence: 'A customer deleted their data from their orders: 3 orders kept without their details' }],
  ],
  'series.started': [
    [
      { action: 'series.started', ...onBooking, after: { seriesId: 's', everyWeeks: 2, nextDate: '2026-12-09', by: 'customer' } },
      b('Made WD-3F2A1C a regular pick-up, every 2 weeks, from Wednesday, December 9, 2026 (by the customer)'),
    ],
  ],
  'series.paused': [[{ action: 'series.paused', ...onBooking, before: { status: 'active' }, after: { seriesId: 's', status: 'paused', by: 'customer' } }, b('Paused the regular pick-up of WD-3F2A1C (by the customer)')]],
  'series.resumed': [[{ action: 'series.resumed', ...onBooking, before: { status: 'paused' }, after: { seriesId: 's', status: 'active', by: 'customer' } }, b('Resumed the regular pick-up of WD-3F2A1C (by the customer)')]],
  'series.stopped': [[{ action: 'series.stopped', ...onBooking, before: { status: 'active' }, after: { seriesId: 's', status: 'stopped', by: 'customer' } }, b('Stopped the regular pick-up of WD-3F2A1C (by the customer)')]],
  'series.occurrence_missed': [
    [
      { action: 'series.occurrence_missed', ...onBooking, after: { seriesId: 's', date: '2026-12-02', reason: 'that window is full' } },
      b('The regular pick-up of WD-3F2A1C on Wednesday, December 2, 2026 could not be booked: that window is full (the customer was emailed)'),
    ],
  ],
  'booking.laundry_pro_assigned': [
    [{ action: 'booking.laundry_pro_assigned', ...onBooking, before: { laundryProId: null, perPoundPayoutCents: null }, after: { laundryProId: PRO, weighed: false } }, b('Assigned WD-3F2A1C to Maria Lopez')],
    [
      { action: 'booking.laundry_pro_assigned', ...onBooking, before: { laundryProId: PRO, perPoundPayoutCents: 1065 }, after: { laundryProId: PRO_2, weighed: true } },
      b('Assigned WD-3F2A1C to Dee Banks (was Maria Lopez), who earns its weighed payout'),
    ],
    [{ action: 'booking.laundry_pro_assigned', ...onBooking, before: { laundryProId: PRO, perPoundPayoutCents: null }, after: { laundryProId: null, weighed: false } }, b('Took WD-3F2A1C off Maria Lopez')],
  ],
  'booking.pro_picked_up': [[{ action: 'booking.pro_picked_up', ...onBooking, before: { status: 'confirmed' }, after: { status: 'in-progress', laundryProId: PRO } }, b('Marked WD-3F2A1C picked up in the pro portal')]],
  'booking.pro_delivered': [[{ action: 'booking.pro_delivered', ...onBooking, before: { status: 'completed' }, after: { status: 'delivered', laundryProId: PRO } }, b('Marked WD-3F2A1C delivered in the pro portal')]],
  'booking.moved': [
    [
      { action: 'booking.moved', ...onBooking, before: { pickupDate: '2026-11-23', pickupTime: '8am-12pm' }, after: { pickupDate: '2026-11-25', pickupTime: '12pm-4pm' } },
      b('Moved WD-3F2A1C from Monday, November 23, 2026, 8AM – 12PM to Wednesday, November 25, 2026, 12PM – 4PM for the customer'),
    ],
  ],
  'booking.phone_order_created': [
    [
      { action: 'booking.phone_order_created', ...onBooking, after: { totalCents: 3150, channel: 'both', pickupDate: '2026-11-25', pickupTime: '12pm-4pm' } },
      b('Took WD-3F2A1C on the phone for Wednesday, November 25, 2026, 12PM – 4PM, estimate $31.50; its pay link went by email and text'),
    ],
  ],
  'booking.pay_link_sent': [[{ action: 'booking.pay_link_sent', ...onBooking, after: { channel: 'text' } }, b('Sent the pay link of WD-3F2A1C again by text')]],
  'booking.details_edited': [
    [
      { action: 'booking.details_edited', ...onBooking, before: { address: '1 Elm St', phone: '+18035550101' }, after: { address: '40 Sunset Blvd', phone: '+18035550199', textsStopped: true } },
      b('Changed details of WD-3F2A1C for the customer: Address “1 Elm St” → “40 Sunset Blvd”; Phone “(803) 555-0101” → “(803) 555-0199”, texts stopped until the new number agrees to them'),
    ],
  ],
  'booking.stop_photo_added': [[{ action: 'booking.stop_photo_added', ...onBooking, after: { kind: 'pickup', bytes: 1000, type: 'image/jpeg' } }, b('Added the photo at pick-up of WD-3F2A1C')]],
  'booking.missed_pickup_reported': [[{ action: 'booking.missed_pickup_reported', ...onBooking, after: { reason: 'no_one_home', laundryProId: PRO } }, b('Reported the pick-up of WD-3F2A1C missed: no one home')]],
  'booking.missed_pickup_confirmed': [
    [{ action: 'booking.missed_pickup_confirmed', ...onBooking, after: { feeCents: 2000, outcome: 'charged' } }, b('Confirmed the missed pick-up of WD-3F2A1C: the $20.00 no-show fee charged', 2000)],
    [{ action: 'booking.missed_pickup_confirmed', ...onBooking, after: { feeCents: 2000, outcome: 'no_card' } }, b('Confirmed the missed pick-up of WD-3F2A1C: no card to charge', 2000)],
  ],
  'booking.missed_pickup_dismissed': [[{ action: 'booking.missed_pickup_dismissed', ...onBooking, before: { reason: 'no_bags_out' } }, b('Dismissed the missed pick-up of WD-3F2A1C')]],
  'booking.no_show_fee_waived': [[{ action: 'booking.no_show_fee_waived', ...onBooking, after: { refundedCents: 2000 } }, b('Gave back the $20.00 no-show fee of WD-3F2A1C', 2000)]],
  'booking.progress_changed': [
    [{ action: 'booking.progress_changed', ...onBooking, before: { stage: 'picked_up' }, after: { stage: 'washing', by: 'staff' } }, b('Moved WD-3F2A1C from picked up to washing')],
    [{ action: 'booking.progress_changed', ...onBooking, before: { stage: 'ready' }, after: { stage: 'out_for_delivery', by: 'pro' } }, b('Moved WD-3F2A1C from ready to out for delivery in the pro portal')],
  ],
  'laundry_pro.created': [[{ action: 'laundry_pro.created', ...onPro, after: profile }, { sentence: 'Added laundry pro Maria Lopez at $0.75 per lb', amountCents: 75 }]],
  'laundry_pro.updated': [
    [
      { action: 'laundry_pro.updated', ...onPro, before: { perPoundRateCents: 75, phone: '+18035550100', status: 'active' }, after: { perPoundRateCents: 90, phone: '+18035550142', status: 'inactive' } },
      { sentence: 'Edited laundry pro Maria Lopez: per-lb rate $0.75 → $0.90, phone, now inactive' },
    ],
  ],
  'laundry_pro.account_created': [[{ action: 'laundry_pro.account_created', ...onPro, after: { accountId: 'acct_123' } }, { sentence: 'Set up a payment account for Maria Lopez' }]],
  'laundry_pro.portal_invited': [
    [{ action: 'laundry_pro.portal_invited', ...onPro, after: { email: 'maria@example.com' } }, { sentence: 'Invited Maria Lopez to the pro portal at maria@example.com' }],
    [{ action: 'laundry_pro.portal_invited', ...onPro, after: { email: 'maria@example.com', restored: true } }, { sentence: 'Gave back the pro portal to Maria Lopez at maria@example.com' }],
  ],
  'laundry_pro.portal_revoked': [
    [{ action: 'laundry_pro.portal_revoked', ...onPro, after: { email: 'maria@example.com', sessionsEnded: 2 } }, { sentence: 'Revoked the pro portal access of Maria Lopez, ending 2 sessions' }],
    [{ action: 'laundry_pro.portal_revoked', ...onPro, after: { email: 'maria@example.com', sessionsEnded: 0 } }, { sentence: 'Revoked the pro portal access of Maria Lopez' }],
  ],
  'laundry_pro.portal_email_confirmed': [
    [
      { action: 'laundry_pro.portal_email_confirmed', ...onPro, before: { email: 'maria@example.com' }, after: { email: 'maria.new@example.com', sessionsEnded: 1 } },
      { sentence: 'Confirmed maria.new@example.com as the pro portal sign-in of Maria Lopez (was maria@example.com)' },
    ],
  ],
  'laundry_pro.payout': [
    [
      {
        action: 'laundry_pro.payout',
        ...onPro,
        after: {
          payoutId: 'x',
          amountCents: 4215,
          assignments: ['a1', 'a2', 'a3'].map((assignmentId) => ({ assignmentId, amountCents: 1405, sourceCharge: null })),
        },
      },
      { sentence: 'Paid Maria Lopez $42.15 for 3 bookings', amountCents: 4215 },
    ],
    [
      { action: 'laundry_pro.payout', targetType: 'laundry_pro', targetId: 'gone', after: { payoutId: 'y', amountCents: 500, assignments: [{ assignmentId: 'a4', amountCents: 500, sourceCharge: 'ch_1' }] } },
      { sentence: 'Paid a pro no longer on file $5.00 for 1 booking', amountCents: 500 },
    ],
  ],
  'gift_card.email_resent': [[{ action: 'gift_card.email_resent', targetType: 'gift_card', targetId: 'gc-1', after: { recipientEmail: 'sam@example.com' } }, { sentence: 'Sent gift card ••••••••K7QX to sam@example.com again' }]],
  'invoice.sent': [
    [
      { action: 'invoice.sent', targetType: 'invoice', targetId: 'inv-1', after: { invoiceNumber: 'INV-0007', clientEmail: 'acme@example.com', totalCents: 12000 } },
      { sentence: 'Sent invoice INV-0007 of $120.00 to acme@example.com', amountCents: 12000 },
    ],
  ],
  'invoice.marked_paid': [
    [{ action: 'invoice.marked_paid', targetType: 'invoice', targetId: 'inv-1', before: { status: 'pending' }, after: { status: 'paid', totalCents: 12000 } }, { sentence: 'Marked invoice INV-0007 of $120.00 paid', amountCents: 12000 }],
  ],
  'subscription.created': [
    [
      { action: 'subscription.created', ...onSubscription, after: { invoiceNumber: 'SUB-0001', clientEmail: 'acme@example.com', monthlyPriceCents: 9900, billingDay: 5, firstBilling: '2026-12-05' } },
      { sentence: "Started Acme Dental's subscription at $99.00 a month, billed on day 5; sent the first invoice, SUB-0001", amountCents: 9900 },
    ],
  ],
  'subscription.invoiced': [
    [{ action: 'subscription.invoiced', ...onSubscription, after: { invoiceNumber: 'SUB-0002', billingDate: '2027-01-05', totalCents: 9900 } }, { sentence: "Sent Acme Dental's monthly invoice SUB-0002 of $99.00", amountCents: 9900 }],
  ],
  'subscription.paused': [[{ action: 'subscription.paused', ...onSubscription, before: { status: 'active' }, after: { status: 'paused', nextBillingDate: '2027-01-05' } }, { sentence: "Paused Acme Dental's subscription" }]],
  'subscription.resumed': [
    [{ action: 'subscription.resumed', ...onSubscription, before: { status: 'paused' }, after: { status: 'active', nextBillingDate: '2027-02-05' } }, { sentence: "Resumed Acme Dental's subscription, next billed on 2027-02-05" }],
  ],
  'subscription.ended': [[{ action: 'subscription.ended', ...onSubscription, before: { status: 'active' }, after: { status: 'ended', nextBillingDate: '2027-01-05' } }, { sentence: "Ended Acme Dental's subscription" }]],
  'tools.terms_sent': [[{ action: 'tools.terms_sent', targetType: 'client', targetId: 'acme@example.com', after: { clientName: 'Acme Dental' } }, { sentence: 'Sent the terms to Acme Dental (acme@example.com)' }]],
  'message.handled': [[{ action: 'message.handled', targetType: 'contact_message', targetId: 'msg-1' }, { sentence: "Marked Ann Caller's message handled" }]],
  'message.reopened': [[{ action: 'message.reopened', targetType: 'contact_message', targetId: 'msg-1' }, { sentence: "Reopened Ann Caller's message" }]],
  'outbox.resent': [
    [{ action: 'outbox.resent', targetType: 'outbox', targetId: 'ob-1', before: { status: 'failed' } }, { sentence: 'Sent the email “Your laundry is weighed” to jane@example.com again', bookingId: OUTBOX_BOOKING }],
  ],
  'data.exported': [[{ action: 'data.exported', targetType: 'export', targetId: null, after: { file: 'washday-bookings-2026-11-26.csv' } }, { sentence: 'Downloaded washday-bookings-2026-11-26.csv' }]],
};

/** Rows as earlier versions stored them, and as a customer's erasure leaves them: not events of today's types. */
const storedRows: [string, AuditRecord, Said][] = [
  [
    'a cancellation recorded before the released amount was kept',
    { action: 'booking.status_changed', ...onBooking, before: { status: 'confirmed' }, after: { status: 'cancelled', authorisationReleased: true, giftCardReturnedCents: 0 } },
    b('Cancelled WD-3F2A1C, released the card authorization'),
  ],
  [
    "a weighing recorded before the card's amounts were kept",
    { action: 'booking.weight_processed', ...onBooking, before: {}, after: { weightTenths: 142, finalTotalCents: 2585, chargeCents: 2585, outcome: 'refund' } },
    b('Weighed WD-3F2A1C at 14.2 lb (bill $25.85), charged $25.85', 2585),
  ],
  ['a progress step recorded before who moved it was kept', { action: 'booking.progress_changed', ...onBooking, before: { stage: 'picked_up' }, after: { stage: 'washing' } }, b('Moved WD-3F2A1C from picked up to washing')],
  ['a payout whose items are not what they are today', { action: 'laundry_pro.payout', ...onPro, before: null, after: { amountCents: 500, assignments: [{}] } }, { sentence: 'Paid Maria Lopez $5.00 for 1 booking', amountCents: 500 }],
  ['a note emptied by its customer’s erasure', { action: 'customer.note_added', ...onBooking, before: null, after: { erased: true } }, b('Added a note on the customer of WD-3F2A1C (since deleted with their data)')],
  ['details emptied by their customer’s erasure', { action: 'booking.details_changed', ...onBooking, before: null, after: { erased: true } }, b('The customer of WD-3F2A1C changed their details (since deleted with their data)')],
  ['details of the wrong kind', { action: 'booking.receipt_sent', ...onBooking, before: 'x', after: [1, 2] }, b('Sent the final receipt of WD-3F2A1C')],
  ['amounts that are not whole cents', { action: 'invoice.sent', targetType: 'invoice', targetId: 'inv-1', before: null, after: { totalCents: '12000', invoiceNumber: 7 } }, { sentence: 'Sent an invoice' }],
];

function expectWords(record: AuditRecord, said: Said, action: AuditAction) {
  const words = auditWords(record, names);
  expect(words.label).toBe(auditActionLabels[action]);
  expect(words.sentence).toBe(said.sentence);
  expect(words.amountCents).toBe(said.amountCents ?? null);
  expect(words.bookingId).toBe(said.bookingId ?? null);
  // no raw key or id in what people read (docs/design.md 7: bookings by their WD- code)
  for (const id of [BOOKING, OUTBOX_BOOKING, PRO, 'gc-1', 'inv-1', 'sub-1', 'msg-1', 'ob-1', 'acct_123', 'pi_1', 'ch_1']) expect(words.sentence).not.toContain(id);
  expect(words.sentence).not.toMatch(/\b[a-z]+_[a-z_]+\b|undefined|null|NaN|\[object/);
}

/** An event as the database gives it back: before and after through JSON, absent ones null. */
const asStored = (event: { action: string; targetType: string; targetId: string | null; before?: unknown; after?: unknown }): AuditRecord => ({
  action: event.action,
  targetType: event.targetType,
  targetId: event.targetId,
  before: event.before === undefined ? null : JSON.parse(JSON.stringify(event.before)),
  after: event.after === undefined ? null : JSON.parse(JSON.stringify(event.after)),
});

describe('the audit log in words', () => {
  const table = Object.entries(cases).flatMap(([action, list]) => list.map(([event, said], i) => [`${action} #${i + 1}`, event, said] as const));
  it.each(table)('%s', (_name, event, said) => expectWords(asStored(event), said, event.action));

  it('has a case for every action of the table, and none it does not know', () => {
    expect(Object.keys(cases).sort()).toEqual([...auditActionValues].sort());
    for (const [action, list] of Object.entries(cases)) expect(list.length, action).toBeGreaterThan(0);
  });

  it.each(storedRows)('reads a row stored before: %s', (_name, row, said) => expectWords(row, said, row.action as AuditAction));

  it('says who acted when nobody was signed in', () => {
    expect(nobodyLabel('auth.password_reset_requested')).toBe('Not signed in');
    expect(nobodyLabel('admin.create')).toBe('Set-up');
    expect(nobodyLabel('subscription.invoiced')).toBe('Monthly billing');
    expect(nobodyLabel('booking.rescheduled')).toBe('The customer');
    expect(nobodyLabel('booking.details_changed')).toBe('The customer');
    expect(nobodyLabel('customer.erased')).toBe('The customer');
    expect(nobodyLabel('series.paused')).toBe('The customer');
    expect(nobodyLabel('series.occurrence_missed')).toBe('The system');
    expect(nobodyLabel('booking.something_new')).toBe('The system');
  });

  it('reads an action it does not know without showing its key', () => {
    const words = auditWords({ action: 'booking.something_new', targetType: 'booking', targetId: BOOKING, before: null, after: null }, names);
    expect(words).toEqual({ label: 'Other action', sentence: 'An action this version does not describe', amountCents: null, bookingId: BOOKING });
  });

  it('asks for the names of the actor, the target and the pros or gift card its details name', () => {
    expect(auditReferences({ action: 'booking.laundry_pro_assigned', actorId: ADMIN, targetType: 'booking', targetId: BOOKING, before: { laundryProId: PRO }, after: { laundryProId: PRO_2 } })).toEqual({
      people: [ADMIN],
      bookings: [BOOKING],
      pros: [PRO, PRO_2],
    });
    expect(auditReferences({ action: 'booking.refunded', actorId: null, targetType: 'booking', targetId: BOOKING, before: null, after: { destination: 'gift_card', giftCardId: 'gc-1' } })).toEqual({
      bookings: [BOOKING],
      giftCards: ['gc-1'],
    });
    expect(auditReferences({ action: 'tools.terms_sent', actorId: null, targetType: 'client', targetId: 'a@example.com', before: null, after: null })).toEqual({});
    expect(auditReferences({ action: 'booking.something_new', actorId: null, targetType: 'booking', targetId: BOOKING, before: null, after: { laundryProId: PRO } })).toEqual({ bookings: [BOOKING] });
  });

  it('is written by recordAudit alone: no other file of src/server writes the audit_log table', () => {
    const server = join(import.meta.dirname, '..');
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && /\.(insert|update|delete)\(auditLog\)/.test(readFileSync(path, 'utf8'))) writers.push(relative(server, path));
      }
    };
    walk(server);
    expect(writers).toEqual(['audit/record-audit.ts']);
  });
});
