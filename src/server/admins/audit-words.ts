// The audit log in words (docs/design.md 6; spec: back-office 2): each recorded action becomes one
// sentence built from what it stored, with the ids it names turned into what people know them by
// (a booking's WD- code, docs/design.md 7; a pro's, an admin's or a client's name; a gift card's masked
// code). Pure: the names are looked up by audit-log.service.ts and handed in.
import { auditActionLabel, isAuditAction, type AuditAction } from '../../shared/audit-actions';
import { confirmationNumber, pickupLocationLabels } from '../../shared/booking-values';
import { formatCents } from '../../shared/money';
import { pickupWindowLabel } from '../../shared/business';
import { formatLongDate } from '../../shared/dates';
import { customerDetailLabels } from '../../shared/customer-order-words';
import { progressLabels, progressStages, type ProgressStage } from '../../shared/order-progress';
import { formatPhone } from '../../shared/phone';
import { bookingStatusLabels, type BookingStatus } from '../../shared/schemas/back-office';

export type AuditRecord = { action: string; targetType: string; targetId: string | null; before: unknown; after: unknown };

/** The names of what audit rows point at, by id (each map holds only what still exists). */
export type AuditNames = {
  people: Map<string, { name: string; email: string }>;
  pros: Map<string, string>;
  /** booking id → its customer's name */
  bookings: Map<string, string>;
  /** gift card id → its code masked but the last 4 */
  giftCards: Map<string, string>;
  /** invoice id → its number */
  invoices: Map<string, string>;
  /** subscription id → its client's name */
  subscriptions: Map<string, string>;
  /** contact message id → its sender's name */
  messages: Map<string, string>;
  outbox: Map<string, { channel: string; subject: string; recipient: string; bookingId: string | null }>;
};

export const noNames = (): AuditNames => ({
  people: new Map(),
  pros: new Map(),
  bookings: new Map(),
  giftCards: new Map(),
  invoices: new Map(),
  subscriptions: new Map(),
  messages: new Map(),
  outbox: new Map(),
});

export type AuditWords = { label: string; sentence: string; amountCents: number | null; bookingId: string | null };

type Details = Record<string, unknown>;
const details = (v: unknown): Details => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Details) : {});
const cents = (d: Details, key: string): number | null => (typeof d[key] === 'number' && Number.isInteger(d[key]) ? (d[key] as number) : null);
const text = (d: Details, key: string): string | null => (typeof d[key] === 'string' && d[key] !== '' ? (d[key] as string) : null);
const money = (c: number) => formatCents(c);
const pounds = (tenths: number) => `${(tenths / 10).toFixed(1)} lb`;
const statusWord = (s: unknown) => (typeof s === 'string' && s in bookingStatusLabels ? bookingStatusLabels[s as BookingStatus] : 'another status');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Ctx = { row: AuditRecord; before: Details; after: Details; names: AuditNames };

function personPhrase(names: AuditNames, id: string | null, fallbackEmail: string | null): string {
  const known = id ? names.people.get(id) : undefined;
  if (known) return known.name && known.name !== known.email ? `${known.name} (${known.email})` : known.email;
  return fallbackEmail ?? 'an account no longer on file';
}
const proName = (names: AuditNames, id: unknown) => (typeof id === 'string' && names.pros.get(id)) || 'a pro no longer on file';
const bookingCode = (row: AuditRecord) => (row.targetId ? confirmationNumber(row.targetId) : 'a booking');
const detailWord = (field: string) => (customerDetailLabels as Record<string, string>)[field] ?? field;
const detailValue = (field: string, value: unknown) => {
  if (typeof value !== 'string' || !value) return '';
  if (field === 'phone') return formatPhone(value);
  return field === 'pickupLocation' ? ((pickupLocationLabels as Record<string, string>)[value] ?? value) : value;
};
const join = (parts: (string | null | false)[]) => parts.filter((p): p is string => Boolean(p)).join(', ');

/** What a weighing did, clause by clause: "captured $25.85, released $6.65". */
function weighingClauses(a: Details): string {
  const captured = cents(a, 'capturedCents');
  const extra = cents(a, 'extraChargedCents') ?? 0;
  const released = cents(a, 'releasedCents') ?? 0;
  const giftApplied = cents(a, 'giftCardAppliedCents') ?? 0;
  const giftBack = cents(a, 'giftCardBackCents') ?? 0;
  const due = cents(a, 'amountDueCents') ?? 0;
  const outcome = text(a, 'outcome');
  const clauses = [
    giftApplied > 0 && `gift card paid ${money(giftApplied)}`,
    captured !== null && captured > 0 && `captured ${money(captured)}`,
    extra > 0 && (outcome === 'charge' && captured === 0 ? `charged ${money(extra)} to the saved card (the authorization had expired)` : `charged ${money(extra)} more to the saved card`),
    released > 0 && `released ${money(released)}`,
    giftBack > 0 && `returned ${money(giftBack)} to the gift card`,
    due > 0 && `${money(due)} due from the customer`,
    outcome === 'waived' && 'nothing charged (below the card minimum)',
  ];
  // a weighing recorded before the card's amounts were kept says what it charged in all
  if (captured === null && cents(a, 'chargeCents')) clauses.push(`charged ${money(cents(a, 'chargeCents')!)}`);
  const said = join(clauses);
  return said || 'no payment change needed';
}

const proFields: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  perPoundRateCents: 'per-lb rate',
  hourlyRateCents: 'hourly rate',
  startDate: 'start date',
  notes: 'notes',
  status: 'status',
};
function proChanges(before: Details, after: Details): string {
  const keys = Object.keys(after).filter((k) => k in proFields);
  if (keys.length === 0) return 'no change';
  return keys
    .map((k) => {
      const from = before[k];
      const to = after[k];
      if (k.endsWith('Cents') && typeof from === 'number' && typeof to === 'number') return `${proFields[k]} ${money(from)} → ${money(to)}`;
      if (k === 'status' && typeof to === 'string') return `now ${to}`;
      return proFields[k]!;
    })
    .join(', ');
}

type Phrase = { sentence: (c: Ctx) => string; amount?: (c: Ctx) => number | null; booking?: (c: Ctx) => string | null };
const onBooking = ({ row }: Ctx) => (row.targetType === 'booking' ? row.targetId : null);
const subscriptionOf = ({ row, names }: Ctx) => (row.targetId && names.subscriptions.get(row.targetId)) || 'a client';

/** One entry per action: the test beside this file holds a row for each. */
const phrases: Record<AuditAction, Phrase> = {
  'auth.sign_in': { sentence: () => 'Signed in to the back office' },
  'auth.password_reset_requested': {
    sentence: ({ row, after, names }) =>
      row.targetId ? `Asked for a password-reset email for ${personPhrase(names, row.targetId, text(after, 'email'))}` : `Asked for a password-reset email for ${text(after, 'email') ?? 'an address'} (no such account)`,
  },
  'auth.password_reset_completed': {
    sentence: ({ row, after, names }) => `Set a new password for ${personPhrase(names, row.targetId, text(after, 'email'))} with an emailed reset link; every session of the account ended`,
  },
  'admin.create': {
    sentence: ({ row, after, names }) => `Created ${after.role === 'master_admin' ? 'master admin' : 'admin'} ${personPhrase(names, row.targetId, text(after, 'email'))} with a one-time password`,
  },
  'admin.enable': { sentence: ({ row, names }) => `Enabled ${personPhrase(names, row.targetId, null)}` },
  'admin.disable': { sentence: ({ row, names }) => `Disabled ${personPhrase(names, row.targetId, null)} and signed them out everywhere` },
  'admin.reset_password': { sentence: ({ row, names }) => `Reset the password of ${personPhrase(names, row.targetId, null)} to a one-time password and signed them out` },
  'admin.change_own_password': {
    sentence: ({ after }) => {
      const ended = cents(after, 'otherSessionsEnded') ?? 0;
      return ended > 0 ? `Changed their own password, ending ${plural(ended, 'other session')}` : 'Changed their own password';
    },
  },
  'booking.rescheduled': {
    booking: onBooking,
    sentence: ({ row, before, after }) => {
      const when = (d: Details) => (text(d, 'pickupDate') ? `${formatLongDate(text(d, 'pickupDate')!)}, ${pickupWindowLabel(text(d, 'pickupTime') ?? '')}` : 'another window');
      return `Moved ${bookingCode(row)} from ${when(before)} to ${when(after)} (by the customer, from their orders)`;
    },
  },
  'booking.details_changed': {
    booking: onBooking,
    sentence: ({ row, before, after }) => {
      if (after.erased === true) return `The customer of ${bookingCode(row)} changed their details (since deleted with their data)`;
      const fields = Object.keys(before);
      return join([
        `Changed ${fields.length === 1 ? 'a detail' : 'details'} of ${bookingCode(row)}: ${fields.map((f) => `${detailWord(f)} “${detailValue(f, before[f])}” → “${detailValue(f, after[f])}”`).join('; ')} (by the customer, from their orders)`,
        after.textsStopped === true && 'texts stopped until the new number agrees to them',
      ]);
    },
  },
  'series.started': {
    booking: onBooking,
    sentence: ({ row, after }) => `Made ${bookingCode(row)} a regular pick-up, every ${cents(after, 'everyWeeks') === 2 ? '2 weeks' : 'week'}, from ${text(after, 'nextDate') ? formatLongDate(text(after, 'nextDate')!) : 'its next date'} (by the customer)`,
  },
  'series.paused': { booking: onBooking, sentence: ({ row }) => `Paused the regular pick-up of ${bookingCode(row)} (by the customer)` },
  'series.resumed': { booking: onBooking, sentence: ({ row }) => `Resumed the regular pick-up of ${bookingCode(row)} (by the customer)` },
  'series.stopped': { booking: onBooking, sentence: ({ row }) => `Stopped the regular pick-up of ${bookingCode(row)} (by the customer)` },
  'series.occurrence_missed': {
    booking: onBooking,
    sentence: ({ row, after }) => `The regular pick-up of ${bookingCode(row)} on ${text(after, 'date') ? formatLongDate(text(after, 'date')!) : 'its day'} could not be booked: ${text(after, 'reason') ?? 'no reason given'} (the customer was emailed)`,
  },
  'customer.erased': {
    sentence: ({ after }) => `A customer deleted their data from their orders: ${plural(cents(after, 'orders') ?? 0, 'order')} kept without their details`,
  },
  'customer.note_added': {
    booking: onBooking,
    sentence: ({ row, after }) =>
      after.erased === true ? `Added a note on the customer of ${bookingCode(row)} (since deleted with their data)` : `Added a note on the customer of ${bookingCode(row)}: “${(text(after, 'body') ?? '').slice(0, 120)}”`,
  },
  'booking.status_changed': {
    booking: onBooking,
    amount: ({ after }) => (cents(after, 'releasedCents') || null),
    sentence: ({ row, before, after }) => {
      if (after.status === 'cancelled') {
        const released = cents(after, 'releasedCents');
        const giftBack = cents(after, 'giftCardReturnedCents') ?? 0;
        return join([
          `Cancelled ${bookingCode(row)}`,
          released ? `released ${money(released)}` : after.authorisationReleased === true && 'released the card authorization',
          giftBack > 0 && `returned ${money(giftBack)} to the gift card`,
        ]);
      }
      const why = after.reason === 'weighing' ? ' to weigh it' : '';
      return `Moved ${bookingCode(row)} from ${statusWord(before.status)} to ${statusWord(after.status)}${why}`;
    },
  },
  'booking.price_per_pound_changed': {
    booking: onBooking,
    amount: ({ after }) => cents(after, 'pricePerPoundCents'),
    sentence: ({ row, before, after }) => {
      const from = cents(before, 'pricePerPoundCents');
      const to = cents(after, 'pricePerPoundCents');
      return `Changed the price per lb of ${bookingCode(row)}${from !== null ? ` from ${money(from)}` : ''}${to !== null ? ` to ${money(to)}` : ''}`;
    },
  },
  'booking.weight_processed': {
    booking: onBooking,
    amount: ({ after }) => cents(after, 'finalTotalCents'),
    sentence: ({ row, after }) => {
      const weight = cents(after, 'weightTenths');
      const total = cents(after, 'finalTotalCents');
      return `Weighed ${bookingCode(row)}${weight !== null ? ` at ${pounds(weight)}` : ''}${total !== null ? ` (bill ${money(total)})` : ''}, ${weighingClauses(after)}`;
    },
  },
  'booking.weight_failed': {
    booking: onBooking,
    amount: ({ after }) => cents(after, 'chargeCents'),
    sentence: ({ row, after }) => {
      const weight = cents(after, 'weightTenths');
      const charge = cents(after, 'chargeCents');
      const why = text(after, 'error');
      return `Tried to weigh ${bookingCode(row)}${weight !== null ? ` at ${pounds(weight)}` : ''}, but the charge${charge !== null ? ` of ${money(charge)}` : ''} failed${why ? `: ${why}` : ''}`;
    },
  },
  'booking.scale_photo_added': { booking: onBooking, sentence: ({ row }) => `Added the scale photo of ${bookingCode(row)}` },
  'booking.receipt_sent': {
    booking: onBooking,
    amount: ({ after }) => cents(after, 'finalTotalCents'),
    sentence: ({ row, after }) => {
      const total = cents(after, 'finalTotalCents');
      return `Sent the final receipt of ${bookingCode(row)}${total !== null ? ` (${money(total)})` : ''}${text(after, 'to') ? ` to ${text(after, 'to')}` : ''}`;
    },
  },
  'booking.rating_email_sent': {
    booking: onBooking,
    sentence: ({ row, after }) => `Sent the delivery confirmation and rating request of ${bookingCode(row)}${text(after, 'to') ? ` to ${text(after, 'to')}` : ''}`,
  },
  'booking.deleted': {
    booking: onBooking,
    amount: ({ before }) => cents(before, 'totalAmount'),
    sentence: ({ row, before, after }) => {
      const who = text(before, 'name');
      const authorised = cents(before, 'authorizedAmount') ?? 0;
      const giftBack = cents(after, 'giftCardReturnedCents') ?? 0;
      return join([
        `Deleted ${bookingCode(row)}${who ? ` (${who})` : ''}`,
        after.authorisationReleased === true && (authorised > 0 ? `released ${money(authorised)}` : 'released the card authorization'),
        giftBack > 0 && `returned ${money(giftBack)} to the gift card`,
      ]);
    },
  },
  // decision 031: a refund to the card, or a credit to a gift card (named by its masked code)
  'booking.refunded': {
    booking: onBooking,
    amount: ({ after }) => cents(after, 'refundedCents'),
    sentence: ({ row, after, names }) => {
      const amount = cents(after, 'refundedCents');
      const card = text(after, 'giftCardId');
      const where = after.destination === 'gift_card' ? `to gift card ${(card && names.giftCards.get(card)) ?? '(no longer on file)'}` : 'to the card';
      const why = text(after, 'reason');
      return `${after.destination === 'gift_card' ? 'Credited' : 'Refunded'}${amount !== null ? ` ${money(amount)}` : ''} of ${bookingCode(row)} ${where}${why ? `: ${why}` : ''}`;
    },
  },
  // decision 034: a weight corrected before the customer approved the bill, and where the money went
  'booking.reweighed': {
    booking: onBooking,
    amount: ({ after }) => cents(after, 'toTotalCents'),
    sentence: ({ row, after }) => {
      const from = cents(after, 'fromWeightTenths');
      const to = cents(after, 'toWeightTenths');
      const total = cents(after, 'toTotalCents');
      const refunded = cents(after, 'refundedCents') ?? 0;
      const charged = cents(after, 'chargedCents') ?? 0;
      const gift = cents(after, 'giftCardReturnedCents') ?? 0;
      const due = cents(after, 'amountDueCents') ?? 0;
      const why = text(after, 'reason');
      return join([
        `Corrected the weight of ${bookingCode(row)}${from !== null ? ` from ${pounds(from)}` : ''}${to !== null ? ` to ${pounds(to)}` : ''}${total !== null ? ` (${money(total)})` : ''}`,
        refunded > 0 && `refunded ${money(refunded)} to the card`,
        charged > 0 && `charged ${money(charged)} more`,
        gift > 0 && `returned ${money(gift)} to the gift card`,
        due > 0 && `${money(due)} due`,
      ]) + (why ? `: ${why}` : '');
    },
  },
  'booking.laundry_pro_assigned': {
    booking: onBooking,
    sentence: ({ row, before, after, names }) => {
      const from = typeof before.laundryProId === 'string' ? proName(names, before.laundryProId) : null;
      const to = typeof after.laundryProId === 'string' ? proName(names, after.laundryProId) : null;
      if (!to) return `Took ${bookingCode(row)} off ${from ?? 'its pro'}`;
      return `Assigned ${bookingCode(row)} to ${to}${from ? ` (was ${from})` : ''}${after.weighed === true ? ', who earns its weighed payout' : ''}`;
    },
  },
  'booking.pro_picked_up': { booking: onBooking, sentence: ({ row }) => `Marked ${bookingCode(row)} picked up in the pro portal` },
  'booking.pro_delivered': { booking: onBooking, sentence: ({ row }) => `Marked ${bookingCode(row)} delivered in the pro portal` },
  'booking.progress_changed': {
    booking: onBooking,
    sentence: ({ row, before, after }) => {
      const stage = (d: Details) => (progressStages as readonly string[]).includes(text(d, 'stage') ?? '') ? progressLabels[text(d, 'stage') as ProgressStage].toLowerCase() : 'another stage';
      return `Moved ${bookingCode(row)} from ${stage(before)} to ${stage(after)}${after.by === 'pro' ? ' in the pro portal' : ''}`;
    },
  },
  'laundry_pro.created': {
    amount: ({ after }) => cents(after, 'perPoundRateCents'),
    sentence: ({ row, after, names }) => {
      const rate = cents(after, 'perPoundRateCents');
      return `Added laundry pro ${text(after, 'name') ?? proName(names, row.targetId)}${rate !== null ? ` at ${money(rate)} per lb` : ''}`;
    },
  },
  'laundry_pro.updated': { sentence: ({ row, before, after, names }) => `Edited laundry pro ${proName(names, row.targetId)}: ${proChanges(before, after)}` },
  'laundry_pro.account_created': { sentence: ({ row, names }) => `Set up a payment account for ${proName(names, row.targetId)}` },
  'laundry_pro.portal_invited': {
    sentence: ({ row, after, names }) =>
      `${after.restored === true ? 'Gave back the pro portal to' : 'Invited'} ${proName(names, row.targetId)}${after.restored === true ? '' : ' to the pro portal'}${text(after, 'email') ? ` at ${text(after, 'email')}` : ''}`,
  },
  'laundry_pro.portal_revoked': {
    sentence: ({ row, after, names }) => {
      const ended = cents(after, 'sessionsEnded');
      return `Revoked the pro portal access of ${proName(names, row.targetId)}${ended ? `, ending ${plural(ended, 'session')}` : ''}`;
    },
  },
  'laundry_pro.portal_email_confirmed': {
    sentence: ({ row, before, after, names }) => `Confirmed ${text(after, 'email') ?? 'a new email'} as the pro portal sign-in of ${proName(names, row.targetId)}${text(before, 'email') ? ` (was ${text(before, 'email')})` : ''}`,
  },
  'laundry_pro.payout': {
    amount: ({ after }) => cents(after, 'amountCents'),
    sentence: ({ row, after, names }) => {
      const amount = cents(after, 'amountCents');
      const items = Array.isArray(after.assignments) ? after.assignments.length : 0;
      return `Paid ${proName(names, row.targetId)}${amount !== null ? ` ${money(amount)}` : ''}${items > 0 ? ` for ${plural(items, 'booking')}` : ''}`;
    },
  },
  'gift_card.email_resent': {
    sentence: ({ row, after, names }) => {
      const masked = row.targetId ? names.giftCards.get(row.targetId) : undefined;
      return `Sent gift card ${masked ?? '(no longer on file)'} to ${text(after, 'recipientEmail') ?? 'its recipient'} again`;
    },
  },
  'invoice.sent': {
    amount: ({ after }) => cents(after, 'totalCents'),
    sentence: ({ after }) => {
      const total = cents(after, 'totalCents');
      const number = text(after, 'invoiceNumber');
      return `Sent ${number ? `invoice ${number}` : 'an invoice'}${total !== null ? ` of ${money(total)}` : ''}${text(after, 'clientEmail') ? ` to ${text(after, 'clientEmail')}` : ''}`;
    },
  },
  'invoice.marked_paid': {
    amount: ({ after }) => cents(after, 'totalCents'),
    sentence: ({ row, after, names }) => {
      const total = cents(after, 'totalCents');
      return `Marked invoice ${(row.targetId && names.invoices.get(row.targetId)) || '(no longer on file)'}${total !== null ? ` of ${money(total)}` : ''} paid`;
    },
  },
  'subscription.created': {
    amount: ({ after }) => cents(after, 'monthlyPriceCents'),
    sentence: (c) => {
      const price = cents(c.after, 'monthlyPriceCents');
      const day = cents(c.after, 'billingDay');
      const first = text(c.after, 'invoiceNumber');
      return `Started ${subscriptionOf(c)}'s subscription${price !== null ? ` at ${money(price)} a month` : ''}${day !== null ? `, billed on day ${day}` : ''}${first ? `; sent the first invoice, ${first}` : ''}`;
    },
  },
  'subscription.invoiced': {
    amount: ({ after }) => cents(after, 'totalCents'),
    sentence: (c) => {
      const total = cents(c.after, 'totalCents');
      const number = text(c.after, 'invoiceNumber');
      return `Sent ${subscriptionOf(c)}'s monthly invoice${number ? ` ${number}` : ''}${total !== null ? ` of ${money(total)}` : ''}`;
    },
  },
  'subscription.paused': { sentence: (c) => `Paused ${subscriptionOf(c)}'s subscription` },
  'subscription.resumed': {
    sentence: (c) => `Resumed ${subscriptionOf(c)}'s subscription${text(c.after, 'nextBillingDate') ? `, next billed on ${text(c.after, 'nextBillingDate')}` : ''}`,
  },
  'subscription.ended': { sentence: (c) => `Ended ${subscriptionOf(c)}'s subscription` },
  'tools.terms_sent': {
    sentence: ({ row, after }) => `Sent the terms to ${text(after, 'clientName') ?? 'a client'}${row.targetId ? ` (${row.targetId})` : ''}`,
  },
  'data.exported': { sentence: ({ after }) => `Downloaded ${text(after, 'file') ?? 'an export'}` },
  'message.handled': { sentence: ({ row, names }) => `Marked ${(row.targetId && names.messages.get(row.targetId)) || 'a deleted contact'}'s message handled` },
  'message.reopened': { sentence: ({ row, names }) => `Reopened ${(row.targetId && names.messages.get(row.targetId)) || 'a deleted contact'}'s message` },
  'outbox.resent': {
    booking: ({ row, names }) => (row.targetId && names.outbox.get(row.targetId)?.bookingId) || null,
    sentence: ({ row, names }) => {
      const msg = row.targetId ? names.outbox.get(row.targetId) : undefined;
      if (!msg) return 'Sent a message again';
      const what = msg.channel === 'sms' ? 'the text message' : msg.subject ? `the email “${msg.subject}”` : 'the email';
      return `Sent ${what} to ${msg.recipient} again`;
    },
  },
};

/** The label, the sentence, the money and the booking of one audit row. */
export function auditWords(row: AuditRecord, names: AuditNames): AuditWords {
  const label = auditActionLabel(row.action);
  if (!isAuditAction(row.action)) return { label, sentence: 'An action this version does not describe', amountCents: null, bookingId: row.targetType === 'booking' ? row.targetId : null };
  const phrase = phrases[row.action];
  const ctx: Ctx = { row, before: details(row.before), after: details(row.after), names };
  return { label, sentence: phrase.sentence(ctx), amountCents: phrase.amount?.(ctx) ?? null, bookingId: phrase.booking?.(ctx) ?? null };
}

/** Who acted, in words, when nobody was signed in. */
export function nobodyLabel(action: string): string {
  if (action.startsWith('auth.')) return 'Not signed in';
  if (action === 'admin.create') return 'Set-up';
  if (action === 'subscription.invoiced') return 'Monthly billing';
  if (action === 'booking.rescheduled' || action === 'booking.details_changed' || action === 'customer.erased') return 'The customer';
  if (action.startsWith('series.') && action !== 'series.occurrence_missed') return 'The customer';
  return 'The system';
}

/** The ids an audit row names, by kind, for the look-up of their names. */
export function auditReferences(row: AuditRecord & { actorId: string | null }): Partial<Record<keyof AuditNames, string[]>> {
  const refs: Partial<Record<keyof AuditNames, string[]>> = {};
  const add = (kind: keyof AuditNames, id: unknown) => {
    if (typeof id === 'string' && id) (refs[kind] ??= []).push(id);
  };
  add('people', row.actorId);
  const kinds: Record<string, keyof AuditNames> = {
    admin: 'people',
    laundry_pro: 'pros',
    booking: 'bookings',
    gift_card: 'giftCards',
    invoice: 'invoices',
    subscription: 'subscriptions',
    contact_message: 'messages',
    outbox: 'outbox',
  };
  const kind = kinds[row.targetType];
  if (kind) add(kind, row.targetId);
  if (row.action === 'booking.refunded') add('giftCards', details(row.after).giftCardId);
  if (row.action === 'booking.laundry_pro_assigned') {
    add('pros', details(row.before).laundryProId);
    add('pros', details(row.after).laundryProId);
  }
  return refs;
}
