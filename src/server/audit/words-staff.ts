// Staff accounts, the laundry pros, the staff tools and the back office's other actions, in words
// (decision 048; spec: back-office 2, 5, 7): one describer per action.
import type { ProProfileValues, StoredDetails } from './audit-events';
import { cents, money, personPhrase, plural, proName, text, type AuditNames, type SomeDescribers } from './words-support';

const proFields: Record<keyof ProProfileValues, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  perPoundRateCents: 'per-lb rate',
  hourlyRateCents: 'hourly rate',
  startDate: 'start date',
  notes: 'notes',
  status: 'status',
};
/** What an edit of a pro's card changed: the rates from and to, the status it is now, the other fields by name. */
function proChanges(before: StoredDetails<ProProfileValues>, after: StoredDetails<ProProfileValues>): string {
  const keys = (Object.keys(after) as (keyof ProProfileValues)[]).filter((k) => k in proFields);
  if (keys.length === 0) return 'no change';
  return keys
    .map((k) => {
      const from = cents(before[k]);
      const to = cents(after[k]);
      if (k.endsWith('Cents') && from !== null && to !== null) return `${proFields[k]} ${money(from)} → ${money(to)}`;
      if (k === 'status' && text(after.status)) return `now ${text(after.status)}`;
      return proFields[k];
    })
    .join(', ');
}

const subscriptionOf = (e: { targetId: string | null }, names: AuditNames) => (e.targetId && names.subscriptions.get(e.targetId)) || 'a client';
const messageOf = (e: { targetId: string | null }, names: AuditNames) => (e.targetId && names.messages.get(e.targetId)) || 'a deleted contact';
const notSignedIn = 'Not signed in';
/** Each section of the settings as the log names it. */
const settingsSectionWords = { business: 'the business', serviceArea: 'the service area', schedule: 'the schedule', prices: 'the prices' } as const;

export const staffWords = {
  'auth.sign_in': { nobody: notSignedIn, sentence: () => 'Signed in to the back office' },
  'auth.password_reset_requested': {
    nobody: notSignedIn,
    sentence: (e, names) =>
      e.targetId
        ? `Asked for a password-reset email for ${personPhrase(names, e.targetId, text(e.after.email))}`
        : `Asked for a password-reset email for ${text(e.after.email) ?? 'an address'} (no such account)`,
  },
  'auth.password_reset_completed': {
    nobody: notSignedIn,
    sentence: (e, names) => `Set a new password for ${personPhrase(names, e.targetId, text(e.after.email))} with an emailed reset link; every session of the account ended`,
  },
  'admin.create': {
    // the first master admin, made before anyone could sign in
    nobody: 'Set-up',
    sentence: (e, names) => `Created ${e.after.role === 'master_admin' ? 'master admin' : 'admin'} ${personPhrase(names, e.targetId, text(e.after.email))} with a one-time password`,
  },
  'admin.enable': { sentence: (e, names) => `Enabled ${personPhrase(names, e.targetId, null)}` },
  'admin.disable': { sentence: (e, names) => `Disabled ${personPhrase(names, e.targetId, null)} and signed them out everywhere` },
  'admin.reset_password': { sentence: (e, names) => `Reset the password of ${personPhrase(names, e.targetId, null)} to a one-time password and signed them out` },
  'settings.changed': {
    sentence: (e) => {
      const changed = Array.isArray(e.after.changed) ? e.after.changed.filter((f): f is string => typeof f === 'string') : [];
      const section = settingsSectionWords[e.targetId as keyof typeof settingsSectionWords] ?? 'the settings';
      return changed.length > 0 ? `Changed ${section}: ${changed.join(', ')}` : `Saved ${section} unchanged`;
    },
  },
  'promo_code.created': {
    sentence: (e) => {
      const rate = cents(e.after.bagRateCents);
      return `Created promo code ${e.targetId ?? ''}${rate !== null ? ` at ${money(rate)} a bag` : ''}`;
    },
  },
  'promo_code.changed': {
    sentence: (e) => `${({ pause: 'Paused', resume: 'Resumed', end: 'Ended' } as Record<string, string>)[String(e.after.action)] ?? 'Changed'} promo code ${e.targetId ?? ''}`,
  },
  'settings.opened': { sentence: (e) => `Opened the website to bookings as ${[text(e.after.name) ?? 'the business', text(e.after.phone)].filter(Boolean).join(', ')}` },
  'admin.change_own_password': {
    sentence: (e) => {
      const ended = cents(e.after.otherSessionsEnded) ?? 0;
      return ended > 0 ? `Changed their own password, ending ${plural(ended, 'other session')}` : 'Changed their own password';
    },
  },
  'laundry_pro.created': {
    amount: ({ after }) => cents(after.perPoundRateCents),
    sentence: (e, names) => {
      const rate = cents(e.after.perPoundRateCents);
      return `Added laundry pro ${text(e.after.name) ?? proName(names, e.targetId)}${rate !== null ? ` at ${money(rate)} per lb` : ''}`;
    },
  },
  'laundry_pro.updated': { sentence: (e, names) => `Edited laundry pro ${proName(names, e.targetId)}: ${proChanges(e.before, e.after)}` },
  'laundry_pro.account_created': { sentence: (e, names) => `Set up a payment account for ${proName(names, e.targetId)}` },
  'laundry_pro.portal_invited': {
    sentence: (e, names) => {
      const restored = e.after.restored === true;
      const email = text(e.after.email);
      return `${restored ? 'Gave back the pro portal to' : 'Invited'} ${proName(names, e.targetId)}${restored ? '' : ' to the pro portal'}${email ? ` at ${email}` : ''}`;
    },
  },
  'laundry_pro.portal_revoked': {
    sentence: (e, names) => {
      const ended = cents(e.after.sessionsEnded);
      return `Revoked the pro portal access of ${proName(names, e.targetId)}${ended ? `, ending ${plural(ended, 'session')}` : ''}`;
    },
  },
  'laundry_pro.portal_email_confirmed': {
    sentence: (e, names) => `Confirmed ${text(e.after.email) ?? 'a new email'} as the pro portal sign-in of ${proName(names, e.targetId)}${text(e.before.email) ? ` (was ${text(e.before.email)})` : ''}`,
  },
  'laundry_pro.payout': {
    amount: ({ after }) => cents(after.amountCents),
    sentence: (e, names) => {
      const amount = cents(e.after.amountCents);
      const items = Array.isArray(e.after.assignments) ? e.after.assignments.length : 0;
      return `Paid ${proName(names, e.targetId)}${amount !== null ? ` ${money(amount)}` : ''}${items > 0 ? ` for ${plural(items, 'booking')}` : ''}`;
    },
  },
  'gift_card.email_resent': {
    sentence: (e, names) => {
      const masked = e.targetId ? names.giftCards.get(e.targetId) : undefined;
      return `Sent gift card ${masked ?? '(no longer on file)'} to ${text(e.after.recipientEmail) ?? 'its recipient'} again`;
    },
  },
  'invoice.sent': {
    amount: ({ after }) => cents(after.totalCents),
    sentence: (e) => {
      const total = cents(e.after.totalCents);
      const number = text(e.after.invoiceNumber);
      const to = text(e.after.clientEmail);
      return `Sent ${number ? `invoice ${number}` : 'an invoice'}${total !== null ? ` of ${money(total)}` : ''}${to ? ` to ${to}` : ''}`;
    },
  },
  'invoice.marked_paid': {
    amount: ({ after }) => cents(after.totalCents),
    sentence: (e, names) => {
      const total = cents(e.after.totalCents);
      return `Marked invoice ${(e.targetId && names.invoices.get(e.targetId)) || '(no longer on file)'}${total !== null ? ` of ${money(total)}` : ''} paid`;
    },
  },
  'subscription.created': {
    amount: ({ after }) => cents(after.monthlyPriceCents),
    sentence: (e, names) => {
      const price = cents(e.after.monthlyPriceCents);
      const day = cents(e.after.billingDay);
      const first = text(e.after.invoiceNumber);
      return `Started ${subscriptionOf(e, names)}'s subscription${price !== null ? ` at ${money(price)} a month` : ''}${day !== null ? `, billed on day ${day}` : ''}${first ? `; sent the first invoice, ${first}` : ''}`;
    },
  },
  'subscription.invoiced': {
    nobody: 'Monthly billing',
    amount: ({ after }) => cents(after.totalCents),
    sentence: (e, names) => {
      const total = cents(e.after.totalCents);
      const number = text(e.after.invoiceNumber);
      return `Sent ${subscriptionOf(e, names)}'s monthly invoice${number ? ` ${number}` : ''}${total !== null ? ` of ${money(total)}` : ''}`;
    },
  },
  'subscription.paused': { sentence: (e, names) => `Paused ${subscriptionOf(e, names)}'s subscription` },
  'subscription.resumed': {
    sentence: (e, names) => `Resumed ${subscriptionOf(e, names)}'s subscription${text(e.after.nextBillingDate) ? `, next billed on ${text(e.after.nextBillingDate)}` : ''}`,
  },
  'subscription.ended': { sentence: (e, names) => `Ended ${subscriptionOf(e, names)}'s subscription` },
  'tools.terms_sent': { sentence: (e) => `Sent the terms to ${text(e.after.clientName) ?? 'a client'}${e.targetId ? ` (${e.targetId})` : ''}` },
  'data.exported': { sentence: (e) => `Downloaded ${text(e.after.file) ?? 'an export'}` },
  'message.handled': { sentence: (e, names) => `Marked ${messageOf(e, names)}'s message handled` },
  'message.reopened': { sentence: (e, names) => `Reopened ${messageOf(e, names)}'s message` },
  'outbox.resent': {
    booking: (e, names) => (e.targetId && names.outbox.get(e.targetId)?.bookingId) || null,
    sentence: (e, names) => {
      const msg = e.targetId ? names.outbox.get(e.targetId) : undefined;
      if (!msg) return 'Sent a message again';
      const what = msg.channel === 'sms' ? 'the text message' : msg.subject ? `the email “${msg.subject}”` : 'the email';
      return `Sent ${what} to ${msg.recipient} again`;
    },
  },
} satisfies SomeDescribers;
