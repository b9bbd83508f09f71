// One way to send an email: queue it in the outbox from a template name and its data, in the
// transaction of the change that causes it (docs/design.md 7). The templates are one table in
// emails/render.ts; the outbox worker delivers.
//
// The templates load with the first email the server renders rather than at boot: React Email's
// components (and the syntax highlighter they bring along) take about half a second to load,
// which every start paid before its first request (docs/decisions/007).
import type { emailTemplates } from '../../../emails/render';
import type { RenderedEmail } from '../../../emails/email-data';
import { brandOf, withBrand } from '../../../emails/brand';
import type { BusinessSettings } from '../../shared/settings';
import type { DbOrTx } from '../db/client';
import { readSettings } from '../settings/settings.service';
import { enqueueEmail } from './outbox.service';

type Templates = typeof emailTemplates;
export type EmailTemplate = keyof Templates;
export type EmailData<K extends EmailTemplate> = Parameters<Templates[K]>[0];

/** The outbox's kind of each template: what staff filter the Outbox by. */
const outboxKinds: Record<EmailTemplate, string> = {
  bookingConfirmation: 'booking_confirmation',
  abandonedForBusiness: 'abandoned_business',
  abandonedForCustomer: 'abandoned_customer',
  contactMessage: 'contact_message',
  contactReceived: 'contact_received',
  systemAlert: 'system_alert',
  bookingCancelled: 'booking_cancelled',
  finalReceipt: 'final_receipt',
  paymentDue: 'payment_due',
  bookingRefunded: 'booking_refunded',
  deliveryConfirmation: 'delivery_confirmation',
  passwordReset: 'password_reset',
  giftCard: 'gift_card',
  giftCardReceipt: 'gift_card_receipt',
  laundryWeighed: 'laundry_weighed',
  laundryReweighed: 'laundry_reweighed',
  weightQuestion: 'weight_question',
  lowRating: 'low_rating',
  proPasswordLink: 'pro_password_link',
  proPayout: 'pro_payout',
  proJobAssigned: 'pro_job_assigned',
  proEmailConfirm: 'pro_email_confirm',
  proEmailChangeNotice: 'pro_email_change_notice',
  termsEmail: 'terms',
  invoiceEmail: 'invoice',
  invoiceReceipt: 'invoice_receipt',
  ordersSignInLink: 'orders_sign_in_link',
  bookingRescheduled: 'booking_rescheduled',
  customerDetailsChanged: 'customer_details_changed',
  customerDataErased: 'customer_data_erased',
  laundryPickedUp: 'laundry_picked_up',
  laundryOutForDelivery: 'laundry_out_for_delivery',
  deliveryMoved: 'delivery_moved',
  onMyWay: 'on_my_way',
  missedPickup: 'missed_pickup',
  phoneOrderPayLink: 'phone_order_pay_link',
  seriesStarted: 'series_started',
  seriesIssue: 'series_issue',
  seriesReminder: 'series_reminder',
};

let loading: Promise<Templates> | undefined;

/** Renders one template to its subject, HTML, text and attachments, speaking for the business as its settings say (decision 055). */
export async function renderEmail<K extends EmailTemplate>(template: K, data: EmailData<K>, settings: BusinessSettings): Promise<RenderedEmail> {
  loading ??= import('../../../emails/render').then((m) => m.emailTemplates);
  loading.catch(() => (loading = undefined)); // a failed load is tried again by the next email
  const render = (await loading)[template] as (data: EmailData<K>) => Promise<RenderedEmail>;
  return withBrand(brandOf(settings), () => render(data));
}

/**
 * Queues an email rendered from a template; a second call with the same dedupe key changes
 * nothing (answers false). replyTo: where the recipient's answer goes (the customer, for mail
 * to the business).
 */
export async function queueEmail<K extends EmailTemplate>(
  tx: DbOrTx,
  template: K,
  data: EmailData<K>,
  envelope: { to: string; dedupeKey: string; replyTo?: string; bookingId?: string | null; notBefore?: Date },
): Promise<boolean> {
  // the settings as they are in this transaction: the name, phone and area the email shows
  const email = await renderEmail(template, data, (await readSettings(tx)).settings);
  return enqueueEmail(tx, {
    dedupeKey: envelope.dedupeKey,
    kind: outboxKinds[template],
    to: envelope.to,
    subject: email.subject,
    payload: {
      html: email.html,
      text: email.text,
      ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
      ...(email.attachments ? { attachments: email.attachments } : {}),
    },
    bookingId: envelope.bookingId ?? null,
    ...(envelope.notBefore ? { notBefore: envelope.notBefore } : {}),
  });
}
