// Every email the business sends, rendered to a subject, HTML and plain text (and attachments).
// The outbox stores the result; the templates beside this file are React Email components.
import { createElement } from 'react';
import { brand } from './brand';
import { formatLongDate } from '../src/shared/dates';
import { formatCents } from '../src/shared/money';
import { bookingWindowIcs } from './booking-ics';
import { renderBoth } from './render-core';
import { AbandonedForBusinessEmail } from './abandoned-for-business';
import { AbandonedForCustomerEmail } from './abandoned-for-customer';
import { BookingCancelledEmail } from './booking-cancelled';
import { PaymentDueEmail, type PaymentDueProps } from './payment-due';
import { PhoneOrderPayLinkEmail, type PhoneOrderPayLinkProps } from './phone-order-pay-link';
import { BookingRefundedEmail, type BookingRefundedProps } from './booking-refunded';
import { BookingConfirmationEmail } from './booking-confirmation';
import { ContactMessageEmail } from './contact-message';
import { ContactReceivedEmail } from './contact-received';
import { SystemAlertEmail, type SystemAlertProps } from './system-alert';
import { DeliveryConfirmationEmail } from './delivery-confirmation';
import { FinalReceiptEmail } from './final-receipt';
import { GiftCardEmail } from './gift-card';
import { GiftCardReceiptEmail } from './gift-card-receipt';
import { LaundryWeighedEmail, type LaundryWeighedProps } from './laundry-weighed';
import { LaundryReweighedEmail, type LaundryReweighedProps } from './laundry-reweighed';
import { WeightQuestionEmail, type WeightQuestionProps } from './weight-question';
import { LowRatingEmail, type LowRatingProps } from './low-rating';
import { ratingLabel } from '../src/shared/ratings';
import { PasswordResetEmail, type PasswordResetProps } from './password-reset';
import { OrdersSignInLinkEmail, type OrdersSignInLinkProps } from './orders-sign-in-link';
import { BookingRescheduledEmail, rescheduledWhen, type BookingRescheduledProps } from './booking-rescheduled';
import { CustomerDataErasedEmail, CustomerDetailsChangedEmail, type CustomerDataErasedProps, type CustomerDetailsChangedProps } from './customer-details';
import {
  DeliveryMovedEmail,
  LaundryOutForDeliveryEmail,
  LaundryPickedUpEmail,
  MissedPickupEmail,
  OnMyWayEmail,
  type DeliveryMovedProps,
  type LaundryProgressProps,
  type MissedPickupProps,
  type OnMyWayProps,
} from './laundry-progress';
import { SeriesIssueEmail, SeriesReminderEmail, SeriesStartedEmail, type SeriesIssueProps, type SeriesReminderProps, type SeriesStartedProps } from './series-emails';
import { ProEmailChangeNoticeEmail, ProEmailConfirmEmail, ProJobAssignedEmail, ProPasswordLinkEmail, ProPayoutEmail } from './pro-emails';
import type { ProEmailChangeNoticeProps, ProEmailConfirmProps, ProJobAssignedProps, ProPasswordLinkProps, ProPayoutProps } from './pro-emails';
import { InvoiceEmail, InvoiceReceiptEmail, TermsEmail, type InvoiceReceiptProps, type TermsEmailProps } from './staff-tool-emails';
import { invoicePdfBase64 } from './invoice-pdf';
import type { BookingEmailData, DeliveryConfirmationData, FinalReceiptData, GiftCardEmailData, GiftCardReceiptData, InvoiceEmailData, RenderedEmail } from './email-data';
import { pickupWindowLabel, singleLine } from './format';

/** The confirmation of a booked pick-up, with the window as a calendar event. */
export async function renderBookingConfirmation(d: BookingEmailData): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(BookingConfirmationEmail, { data: d }));
  const ics = bookingWindowIcs(d);
  return {
    subject: `Your pick-up is booked: ${d.confirmation}`,
    html,
    text,
    attachments: [{ filename: `pickup-${d.confirmation}.ics`, contentType: 'text/calendar; method=PUBLISH', content: ics }],
  };
}

/** To the business: a customer left the payment page; who they are, the window and the estimate. */
export async function renderAbandonedForBusiness(d: BookingEmailData): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(AbandonedForBusinessEmail, { data: d }));
  return {
    subject: `Payment not completed: ${singleLine(d.name, 80)}, ${formatLongDate(d.pickupDate)} ${pickupWindowLabel(d.pickupTime)} (${d.confirmation})`,
    html,
    text,
  };
}

/** To the customer who left the payment page: a short note with a link back to /book. */
export async function renderAbandonedForCustomer(d: { name: string | null; bookUrl: string }): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(AbandonedForCustomerEmail, d));
  return { subject: `Your pick-up isn't booked yet`, html, text };
}

/** To the business: a contact-form message. The caller sets reply-to to the sender's address. */
export async function renderContactMessage(d: {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  receivedAt: Date;
}): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(ContactMessageEmail, d));
  return { subject: `Contact form: ${singleLine(d.subject) || '(no subject)'}`, html, text };
}

/** To whoever wrote through the contact form: it arrived (nothing they typed is in it). */
export async function renderContactReceived(d: { receivedAt: Date }): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(ContactReceivedEmail, d));
  return { subject: 'We received your message', html, text };
}

/** To the customer: their pick-up is cancelled. */
export async function renderBookingCancelled(d: {
  confirmation: string;
  name: string | null;
  pickupDate: string;
  pickupTime: string;
  releasedNote: string;
  bookUrl: string;
}): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(BookingCancelledEmail, d));
  return { subject: `Your pick-up is cancelled: ${d.confirmation}`, html, text };
}

/** To the customer: part of the weighed bill could not be charged; a link to pay exactly that. */
export async function renderPaymentDue(d: PaymentDueProps): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(PaymentDueEmail, d));
  return { subject: `${formatCents(d.amountDueCents)} is still due on your order ${d.confirmation}`, html, text };
}

/** To the customer who booked on the phone: the link to confirm it with their card (decision 058). */
export async function renderPhoneOrderPayLink(d: PhoneOrderPayLinkProps): Promise<RenderedEmail> {
  return { subject: `Confirm your pick-up ${d.confirmation}`, ...(await renderBoth(createElement(PhoneOrderPayLinkEmail, d))) };
}

/** To the customer: staff refunded part of the order to the card or credited it to a gift card (decision 031). */
export async function renderBookingRefunded(d: BookingRefundedProps): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(BookingRefundedEmail, d));
  const amount = formatCents(d.amountCents);
  return { subject: d.giftCard ? `${amount} credited to your gift card: order ${d.confirmation}` : `${amount} refunded: order ${d.confirmation}`, html, text };
}

/** To the customer: the laundry is weighed and nothing is due; the weight, the total and the invoice link. */
export async function renderLaundryWeighed(d: LaundryWeighedProps): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(LaundryWeighedEmail, d));
  return { subject: `Your laundry is weighed: ${formatCents(d.finalTotalCents)} for order ${d.confirmation}`, html, text };
}

/** To the customer: staff corrected the weight before the bill was approved (decision 034); the new invoice link. */
export async function renderLaundryReweighed(d: LaundryReweighedProps): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(LaundryReweighedEmail, d));
  return { subject: `Your laundry's weight is corrected: ${formatCents(d.finalTotalCents)} for order ${d.confirmation}`, html, text };
}

/** To the business: a customer questions the weight on their invoice. The caller sets reply-to to the customer. */
export async function renderWeightQuestion(d: WeightQuestionProps): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(WeightQuestionEmail, d));
  return { subject: `Weight questioned: ${d.confirmation} (${singleLine(d.name, 80)})`, html, text };
}

/** To the business: a low rating from the delivery email's link (decision 063). */
export async function renderLowRating(d: LowRatingProps): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(LowRatingEmail, d));
  return { subject: `Low rating: ${ratingLabel(d.stars)} for ${d.confirmation} (${singleLine(d.name, 80)})`, html, text };
}

/** To the customer: the itemised receipt once the laundry is weighed and the card settled. */
export async function renderFinalReceipt(d: FinalReceiptData): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(FinalReceiptEmail, { data: d }));
  return { subject: `Your receipt: order ${d.orderNumber}`, html, text };
}

/** To the recipient of a gift card: its code. The subject never carries the code (the staff's outbox shows subjects). */
export async function renderGiftCard(d: GiftCardEmailData): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(GiftCardEmail, { data: d }));
  return { subject: `You have a ${formatCents(d.amountCents)} ${brand().name} gift card from ${singleLine(d.purchaserEmail, 80)}`, html, text };
}

/** To whoever bought a gift card: the receipt, without the code. */
export async function renderGiftCardReceipt(d: GiftCardReceiptData): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(GiftCardReceiptEmail, { data: d }));
  return { subject: `Your ${brand().name} gift card receipt: ${formatCents(d.amountCents)} for ${singleLine(d.recipientName, 80)}`, html, text };
}

/** To the customer: the laundry is delivered; five mailto: links to rate us (spec: back-office 2, Send Rating Email). */
export async function renderDeliveryConfirmation(d: DeliveryConfirmationData): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(DeliveryConfirmationEmail, { data: d }));
  return { subject: `Your laundry is delivered: ${d.confirmation}`, html, text };
}

/** To a staff member who asked: the one-time link to set a new password. */
export async function renderPasswordReset(d: PasswordResetProps): Promise<RenderedEmail> {
  return { subject: `Reset your ${brand().name} admin password`, ...(await renderBoth(createElement(PasswordResetEmail, d))) };
}

/** To a customer who asked to see their orders (decision 021): the one-time sign-in link. */
export async function renderOrdersSignInLink(d: OrdersSignInLinkProps): Promise<RenderedEmail> {
  return { subject: `Your ${brand().name} orders: sign-in link`, ...(await renderBoth(createElement(OrdersSignInLinkEmail, d))) };
}

/** To a customer who moved their pick-up (decision 021), with the calendar event revised (its sequence). */
export async function renderBookingRescheduled(d: BookingRescheduledProps): Promise<RenderedEmail> {
  const { html, text } = await renderBoth(createElement(BookingRescheduledEmail, { data: d }));
  return {
    subject: `Your pick-up moved: ${d.confirmation}, ${rescheduledWhen(d)}`,
    html,
    text,
    attachments: [{ filename: `pickup-${d.confirmation}.ics`, contentType: 'text/calendar; method=PUBLISH', content: bookingWindowIcs(d, d.sequence) }],
  };
}

/** To a customer who changed their details (decision 022): what their upcoming pick-ups now say. */
export async function renderCustomerDetailsChanged(d: CustomerDetailsChangedProps): Promise<RenderedEmail> {
  return { subject: `Your ${brand().name} pick-up details changed`, ...(await renderBoth(createElement(CustomerDetailsChangedEmail, d))) };
}

/** To a customer who deleted their data (decision 022): what went and what the business keeps. */
export async function renderCustomerDataErased(d: CustomerDataErasedProps): Promise<RenderedEmail> {
  return { subject: `Your ${brand().name} data is deleted`, ...(await renderBoth(createElement(CustomerDataErasedEmail, d))) };
}

/** Live progress (decision 023): the laundry is picked up. */
export async function renderLaundryPickedUp(d: LaundryProgressProps): Promise<RenderedEmail> {
  return { subject: `We picked up your laundry: ${d.confirmation}`, ...(await renderBoth(createElement(LaundryPickedUpEmail, d))) };
}

/** Live progress (decision 023): the laundry is out for delivery. */
export async function renderLaundryOutForDelivery(d: LaundryProgressProps): Promise<RenderedEmail> {
  return { subject: `Your laundry is on its way: ${d.confirmation}`, ...(await renderBoth(createElement(LaundryOutForDeliveryEmail, d))) };
}

/** The customer chose another delivery window (decision 056). */
export async function renderDeliveryMoved(d: DeliveryMovedProps): Promise<RenderedEmail> {
  return { subject: `Your delivery time: ${d.confirmation}, ${d.dueBack}`, ...(await renderBoth(createElement(DeliveryMovedEmail, d))) };
}

/** The pro is on the way (decision 056). */
export async function renderMissedPickup(d: MissedPickupProps): Promise<RenderedEmail> {
  return { subject: `We missed your pick-up: ${d.confirmation}`, ...(await renderBoth(createElement(MissedPickupEmail, d))) };
}

export async function renderOnMyWay(d: OnMyWayProps): Promise<RenderedEmail> {
  return { subject: `We are on the way: ${d.confirmation}`, ...(await renderBoth(createElement(OnMyWayEmail, d))) };
}

/** Recurring pick-ups (decision 024): the series is set up. */
export async function renderSeriesStarted(d: SeriesStartedProps): Promise<RenderedEmail> {
  return { subject: `Your regular pick-up: ${d.label}`, ...(await renderBoth(createElement(SeriesStartedEmail, d))) };
}

/** Recurring pick-ups (decision 024): an occurrence could not be booked, and what to do. */
export async function renderSeriesIssue(d: SeriesIssueProps): Promise<RenderedEmail> {
  return { subject: `Your regular pick-up needs you: ${d.label}`, ...(await renderBoth(createElement(SeriesIssueEmail, d))) };
}

/** Recurring pick-ups (decision 024): the day-before reminder, with the way to skip this one. */
export async function renderSeriesReminder(d: SeriesReminderProps): Promise<RenderedEmail> {
  return { subject: `Tomorrow: your regular pick-up ${d.confirmation}`, ...(await renderBoth(createElement(SeriesReminderEmail, d))) };
}

/** To a laundry pro (decision 018): the one-time link to set the password of their portal. */
export async function renderProPasswordLink(d: ProPasswordLinkProps): Promise<RenderedEmail> {
  return { subject: `Your ${brand().name} pro portal`, ...(await renderBoth(createElement(ProPasswordLinkEmail, d))) };
}

/** To a laundry pro: a payout was made, how much and for which orders. */
/** A job given to a pro (decision 056). */
export async function renderProJobAssigned(d: ProJobAssignedProps): Promise<RenderedEmail> {
  return { subject: `New pick-up ${d.orderId}: ${d.pickupLabel}`, ...(await renderBoth(createElement(ProJobAssignedEmail, d))) };
}

export async function renderProPayout(d: ProPayoutProps): Promise<RenderedEmail> {
  return { subject: `${brand().name} sent you ${d.amount}`, ...(await renderBoth(createElement(ProPayoutEmail, d))) };
}

/** decision 041: to a pro's new address, the one-time link that makes it their sign-in. */
export async function renderProEmailConfirm(d: ProEmailConfirmProps): Promise<RenderedEmail> {
  return { subject: `Confirm your new email for the ${brand().name} pro portal`, ...(await renderBoth(createElement(ProEmailConfirmEmail, d))) };
}

/** decision 041: to the address a pro signs in with, a new one was written or confirmed. */
export async function renderProEmailChangeNotice(d: ProEmailChangeNoticeProps): Promise<RenderedEmail> {
  const subject = d.confirmed ? `Your ${brand().name} pro portal sign-in moved` : `The email on your ${brand().name} profile was changed`;
  return { subject, ...(await renderBoth(createElement(ProEmailChangeNoticeEmail, d))) };
}

/** The terms of service to a client (spec: back-office 7 send-terms-email). */
export async function renderTermsEmail(d: TermsEmailProps): Promise<RenderedEmail> {
  return { subject: `${brand().name} terms of service`, ...(await renderBoth(createElement(TermsEmail, d))) };
}

/** An invoice to its client (spec: back-office 7 send-manual-invoice, send-subscription-invoice), with the PDF. */
export async function renderInvoiceEmail(d: InvoiceEmailData): Promise<RenderedEmail> {
  const [{ html, text }, pdf] = await Promise.all([renderBoth(createElement(InvoiceEmail, { data: d })), invoicePdfBase64(d)]);
  return {
    subject: `Invoice ${d.invoiceNumber} from ${brand().name}: ${d.total} due ${d.dueDate}`,
    html,
    text,
    attachments: [{ filename: `${d.invoiceNumber}.pdf`, contentType: 'application/pdf', content: pdf, encoding: 'base64' }],
  };
}

/** To the business: something in the system needs a person (decision 061). */
export async function renderSystemAlert(d: SystemAlertProps): Promise<RenderedEmail> {
  return { subject: `Washday needs attention: ${d.title}`, ...(await renderBoth(createElement(SystemAlertEmail, d))) };
}

/** To the client: their invoice was paid through its link (docs/design.md 9 invoices). */
export async function renderInvoiceReceipt(d: InvoiceReceiptProps): Promise<RenderedEmail> {
  return { subject: `Payment received for invoice ${d.invoiceNumber}`, ...(await renderBoth(createElement(InvoiceReceiptEmail, d))) };
}

/**
 * Every email the business sends, by template name: the one table that
 * src/server/notifications/send-email.ts (queueEmail) renders from.
 */
export const emailTemplates = {
  bookingConfirmation: renderBookingConfirmation,
  abandonedForBusiness: renderAbandonedForBusiness,
  abandonedForCustomer: renderAbandonedForCustomer,
  contactMessage: renderContactMessage,
  contactReceived: renderContactReceived,
  bookingCancelled: renderBookingCancelled,
  finalReceipt: renderFinalReceipt,
  paymentDue: renderPaymentDue,
  phoneOrderPayLink: renderPhoneOrderPayLink,
  bookingRefunded: renderBookingRefunded,
  deliveryConfirmation: renderDeliveryConfirmation,
  passwordReset: renderPasswordReset,
  giftCard: renderGiftCard,
  giftCardReceipt: renderGiftCardReceipt,
  laundryWeighed: renderLaundryWeighed,
  laundryReweighed: renderLaundryReweighed,
  weightQuestion: renderWeightQuestion,
  lowRating: renderLowRating,
  proPasswordLink: renderProPasswordLink,
  proPayout: renderProPayout,
  proJobAssigned: renderProJobAssigned,
  proEmailConfirm: renderProEmailConfirm,
  proEmailChangeNotice: renderProEmailChangeNotice,
  termsEmail: renderTermsEmail,
  invoiceEmail: renderInvoiceEmail,
  invoiceReceipt: renderInvoiceReceipt,
  ordersSignInLink: renderOrdersSignInLink,
  bookingRescheduled: renderBookingRescheduled,
  customerDetailsChanged: renderCustomerDetailsChanged,
  customerDataErased: renderCustomerDataErased,
  laundryPickedUp: renderLaundryPickedUp,
  laundryOutForDelivery: renderLaundryOutForDelivery,
  deliveryMoved: renderDeliveryMoved,
  onMyWay: renderOnMyWay,
  missedPickup: renderMissedPickup,
  seriesStarted: renderSeriesStarted,
  seriesIssue: renderSeriesIssue,
  seriesReminder: renderSeriesReminder,
  systemAlert: renderSystemAlert,
};
