// What each audit action records (decision 048; docs/design.md 6: staff actions on money or people):
// one type per action of src/shared/audit-actions.ts, the exact shape of its row's target and of
// its `before` and `after` details. `recordAudit` takes only these; the words read them back.
import type { AuditAction } from '../../shared/audit-actions';
import type { SettingsSection } from '../../shared/settings';
import type { ProgressStage } from '../../shared/order-progress';
import type { ItemCounts } from '../../shared/pricing';
import type { RefundPiece } from '../../shared/pricing-refunds';
import type { staffRoleValues } from '../../shared/schemas/admin';
import type { BookingStatus, weightOutcomeValues } from '../../shared/schemas/back-office';
import type { CustomerDetails } from '../../shared/schemas/customer-orders';
import type { PayLinkChannel } from '../../shared/phone-orders';
import type { MissedPickupReason, NoShowFeeOutcome, StopPhotoKind } from '../../shared/stops';
import type { bookings, outboxStatus, proStatus, seriesStatus, subscriptionStatus } from '../db/schema';

type BookingRow = typeof bookings.$inferSelect;
type SeriesStatus = (typeof seriesStatus.enumValues)[number];
type SubscriptionStatus = (typeof subscriptionStatus.enumValues)[number];

/** What the log keeps of a deleted booking: its row as it was, without the derived search text. */
export type DeletedBooking = Omit<BookingRow, 'searchText' | 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** A pro's card as staff save it (spec: back-office 5). */
export type ProProfileValues = {
  name: string;
  email: string;
  phone: string;
  perPoundRateCents: number;
  hourlyRateCents: number;
  startDate: string;
  notes: string;
  status: (typeof proStatus.enumValues)[number];
};

/** The card's amounts of a weighing, for the words: captured, charged beyond the hold, let go. */
type WeighingCard = { capturedCents: number; extraChargedCents: number; releasedCents: number };

// the address of a request nobody signed in to sent: a reset asked on the login page, a customer's own change
type FromAddress = { ip?: string | null };
type OnAdmin = { targetType: 'admin'; targetId: string };
type OnBooking = { targetType: 'booking'; targetId: string };
type OnPro = { targetType: 'laundry_pro'; targetId: string };
type OnSubscription = { targetType: 'subscription'; targetId: string };
type ByCustomer = { by: 'customer' };
type SeriesMove = OnBooking & FromAddress & { before: { status: SeriesStatus }; after: { seriesId: string; status: SeriesStatus } & ByCustomer };
type SubscriptionMove = OnSubscription & { before: { status: SubscriptionStatus }; after: { status: SubscriptionStatus; nextBillingDate: string } };
type ProStep = OnBooking & { before: { status: BookingStatus }; after: { status: BookingStatus; laundryProId: string } };

/** Every action's target and details. A key missing here, or one the table of actions lacks, fails the check below. */
export type AuditEvents = {
  'auth.sign_in': OnAdmin;
  /** the address asked for, known or not (no account: no target) */
  'auth.password_reset_requested': { targetType: 'admin'; targetId: string | null; after: { email: string } } & FromAddress;
  'auth.password_reset_completed': OnAdmin & FromAddress & { after: { email: string | null; sessionsEnded: true } };
  'admin.create': OnAdmin & { after: { email: string; role: (typeof staffRoleValues)[number] } };
  'admin.enable': OnAdmin & { before: { disabled: boolean }; after: { disabled: boolean } };
  'admin.disable': OnAdmin & { before: { disabled: boolean }; after: { disabled: boolean } };
  'admin.reset_password': OnAdmin;
  'admin.change_own_password': OnAdmin & { after: { otherSessionsEnded: number } };
  /** a section of the business's settings (decision 055): its values before and after, the fields that changed */
  'settings.changed': { targetType: 'settings'; targetId: SettingsSection; before: Record<string, unknown>; after: Record<string, unknown> & { changed: string[] } };
  /** The first run's confirmation: the business as the owner confirmed it when the website opened. */
  'promo_code.created': { targetType: 'promo_code'; targetId: string; after: Record<string, unknown> & { code: string; bagRateCents: number } };
  'promo_code.changed': { targetType: 'promo_code'; targetId: string; before: { state: string }; after: { state: string; action: 'pause' | 'resume' | 'end' } };
  'settings.opened': { targetType: 'settings'; targetId: 'website'; before: { open: false }; after: { open: true; name: string; phone: string; zipCodes: string[]; perPoundCents: number } };
  'booking.status_changed': OnBooking & {
    before: { status: BookingStatus };
    after: {
      status: BookingStatus;
      /** moved to in progress by the weighing itself */
      reason?: 'weighing';
      // a cancellation: what went back
      authorisationReleased?: boolean;
      releasedCents?: number;
      giftCardReturnedCents?: number;
    };
  };
  'booking.price_per_pound_changed': OnBooking & { before: { pricePerPoundCents: number }; after: { pricePerPoundCents: number } };
  'booking.weight_processed': OnBooking & {
    before: { authorizedCents: number; capturedCents: number; pricePerPoundCents: number; itemCounts?: ItemCounts };
    after: WeighingCard & {
      weightTenths: number;
      finalTotalCents: number;
      chargeCents: number;
      giftCardAppliedCents: number;
      giftCardBackCents: number;
      outcome: (typeof weightOutcomeValues)[number];
      amountDueCents: number;
      /** what staff were told */
      message: string;
      /** decision 033: the items staff counted */
      itemCounts?: ItemCounts;
    };
  };
  'booking.weight_failed': OnBooking & { after: { weightTenths: number; chargeCents: number; error: string } };
  'booking.scale_photo_added': OnBooking & { after: { bytes: number; type: string } };
  'booking.receipt_sent': OnBooking & { after: { to: string; finalTotalCents: number } };
  'booking.rating_email_sent': OnBooking & { after: { to: string } };
  'booking.deleted': OnBooking & { before: DeletedBooking; after: { authorisationReleased: boolean; giftCardReturnedCents: number } };
  // decision 031: to the card (the payments it went back to), or a credit to a gift card
  'booking.refunded': OnBooking & {
    after:
      | { destination: 'card'; amountCents: number; refundedCents: number; reason: string; payments: RefundPiece[] }
      | { destination: 'gift_card'; amountCents: number; refundedCents: number; reason: string; giftCardId: string };
  };
  // decision 034
  'booking.reweighed': OnBooking & {
    before: { weightTenths: number; finalTotalCents: number };
    after: {
      fromWeightTenths: number;
      toWeightTenths: number;
      toTotalCents: number;
      refundedCents: number;
      chargedCents: number;
      giftCardReturnedCents: number;
      amountDueCents: number;
      reason: string;
      refundFailure?: string;
    };
  };
  'booking.delivery_moved': OnBooking & FromAddress & { before: { dueBackDate: string; dueBackTime: string }; after: { dueBackDate: string; dueBackTime: string } & ByCustomer };
  'booking.rescheduled': OnBooking & FromAddress & { before: { pickupDate: string; pickupTime: string }; after: { pickupDate: string; pickupTime: string } & ByCustomer };
  // decision 022: emptied when the customer deletes their data (ErasedDetails)
  'customer.note_added': OnBooking & { after: { body: string } };
  'booking.details_changed': OnBooking &
    FromAddress & {
      /** only the fields that changed, as the booking held them */
      before: Partial<Pick<BookingRow, keyof CustomerDetails>>;
      after: Partial<CustomerDetails> & ByCustomer & { textsStopped?: true };
    };
  'customer.erased': { targetType: 'customer'; targetId: null; after: { orders: number } & ByCustomer } & FromAddress;
  // decision 024
  'series.started': OnBooking & FromAddress & { after: { seriesId: string; everyWeeks: number; nextDate: string } & ByCustomer };
  'series.paused': SeriesMove;
  'series.resumed': SeriesMove;
  'series.stopped': SeriesMove;
  'series.occurrence_missed': OnBooking & { after: { seriesId: string; date: string; reason: string } };
  'booking.laundry_pro_assigned': OnBooking & { before: { laundryProId: string | null; perPoundPayoutCents: number | null }; after: { laundryProId: string | null; weighed: boolean } };
  'booking.pro_picked_up': ProStep;
  'booking.pro_delivered': ProStep;
  // decision 057
  'booking.moved': OnBooking & { before: { pickupDate: string; pickupTime: string }; after: { pickupDate: string; pickupTime: string } };
  // emptied, as the customer's own change is, when the customer deletes their data (ErasedDetails)
  'booking.details_edited': OnBooking & { before: Partial<Pick<BookingRow, keyof CustomerDetails>>; after: Partial<CustomerDetails> & { textsStopped?: true } };
  // decision 058: a booking taken on the phone, its pay link sent again
  'booking.phone_order_created': OnBooking & { after: { totalCents: number; channel: PayLinkChannel; pickupDate: string; pickupTime: string } };
  'booking.pay_link_sent': OnBooking & { after: { channel: PayLinkChannel } };
  'booking.stop_photo_added': OnBooking & { after: { kind: StopPhotoKind; bytes: number; type: string } };
  'booking.missed_pickup_reported': OnBooking & { after: { reason: MissedPickupReason; laundryProId: string } };
  'booking.missed_pickup_confirmed': OnBooking & { after: { feeCents: number; outcome: NoShowFeeOutcome } };
  'booking.missed_pickup_dismissed': OnBooking & { before: { reason: MissedPickupReason } };
  'booking.no_show_fee_waived': OnBooking & { after: { refundedCents: number } };
  // decision 023
  'booking.progress_changed': OnBooking & { before: { stage: ProgressStage | null }; after: { stage: ProgressStage; by: 'staff' | 'pro' } };
  'laundry_pro.created': OnPro & { after: ProProfileValues };
  /** only the fields that changed */
  'laundry_pro.updated': OnPro & { before: Partial<ProProfileValues>; after: Partial<ProProfileValues> };
  'laundry_pro.account_created': OnPro & { after: { accountId: string } };
  'laundry_pro.portal_invited': OnPro & { after: { email: string; restored?: true } };
  'laundry_pro.portal_revoked': OnPro & { after: { email: string; sessionsEnded: number } };
  'laundry_pro.portal_email_confirmed': OnPro & { before: { email: string | null }; after: { email: string; sessionsEnded: number } };
  'laundry_pro.payout': OnPro & { after: { payoutId: string; amountCents: number; assignments: { assignmentId: string; amountCents: number; sourceCharge: string | null }[] } };
  'gift_card.email_resent': { targetType: 'gift_card'; targetId: string; after: { recipientEmail: string | null } };
  'invoice.sent': { targetType: 'invoice'; targetId: string; after: { invoiceNumber: string; clientEmail: string; totalCents: number } };
  'invoice.marked_paid': { targetType: 'invoice'; targetId: string; before: { status: 'pending' }; after: { status: 'paid'; totalCents: number } };
  'subscription.created': OnSubscription & { after: { invoiceNumber: string; clientEmail: string; monthlyPriceCents: number; billingDay: number; firstBilling: string } };
  'subscription.invoiced': OnSubscription & { after: { invoiceNumber: string; billingDate: string; totalCents: number } };
  'subscription.paused': SubscriptionMove;
  'subscription.resumed': SubscriptionMove;
  'subscription.ended': SubscriptionMove;
  /** the target is the client's email: the terms go to someone with no record of their own */
  'tools.terms_sent': { targetType: 'client'; targetId: string; after: { clientName: string } };
  'message.handled': { targetType: 'contact_message'; targetId: string };
  'message.reopened': { targetType: 'contact_message'; targetId: string };
  'outbox.resent': { targetType: 'outbox'; targetId: string; before: { status: (typeof outboxStatus.enumValues)[number] } };
  'data.exported': { targetType: 'export'; targetId: null; after: { file: string } };
};

// every action of the table has its event and no event lacks its action: a compile error names the one
type Missing = Exclude<AuditAction, keyof AuditEvents> | Exclude<keyof AuditEvents, AuditAction>;
export const everyActionHasAnEvent: [Missing] extends [never] ? true : { missing: Missing } = true;

type Flat<T> = { [K in keyof T]: T[K] };
/** One action's event, as a call site writes it. */
export type AuditEventOf<A extends AuditAction> = Flat<{ action: A } & AuditEvents[A]>;
/** Any action's event: a union on `action`. */
export type AuditEvent = { [A in AuditAction]: AuditEventOf<A> }[AuditAction];

/** The actions whose details hold a customer's own words or details: emptied with their data (decision 022). */
export const actionsWithCustomerDetails = ['booking.details_changed', 'booking.details_edited', 'customer.note_added'] as const satisfies readonly AuditAction[];
/** What such an entry holds once its customer deleted their data. */
export type ErasedDetails = { erased: true };

type KeysOf<T> = T extends unknown ? keyof T : never;
/**
 * The details as the log reads them back: each of the event's fields may be missing (a row written
 * before the field was kept) and its value is checked before use (the column is jsonb, written by
 * every earlier version). A field the event does not have cannot be read.
 */
export type StoredDetails<T> = [T] extends [undefined] ? Record<never, never> : { readonly [K in KeysOf<NonNullable<T>>]?: unknown };
type DetailsOf<A extends AuditAction, K extends 'before' | 'after'> = AuditEvents[A] extends { [P in K]: infer D } ? D : undefined;

/** One action's row as the log reads it: the action's own fields, loosely (StoredDetails). */
export type StoredEvent<A extends AuditAction> = {
  action: A;
  targetType: string;
  targetId: string | null;
  before: StoredDetails<DetailsOf<A, 'before'>>;
  after: StoredDetails<DetailsOf<A, 'after'>> & (A extends (typeof actionsWithCustomerDetails)[number] ? StoredDetails<ErasedDetails> : Record<never, never>);
};
