// To a customer who asked to see their orders (decision 021): the one-time sign-in link. Plain
// words, no layout: the link is the whole message. It is the customer's secret: the Outbox shows
// staff the message with the link hidden (src/server/notifications/redact.ts).
import { business } from '../src/shared/business';
import { escapeHtml } from '../src/shared/html';
import { pickupWindowLabel } from '../src/shared/business';
import { formatLongDate } from '../src/shared/dates';
import { bookingWindowIcs } from './booking-ics';
import type { BookingEmailData, RenderedEmail } from './email-data';

export async function renderOrdersSignInLink(d: { url: string; minutes: number }): Promise<RenderedEmail> {
  const text = `Hi,\n\nHere is your link to see your ${business.name} orders (it works once, for ${d.minutes} minutes):\n\n${d.url}\n\nIt keeps you signed in on that device for 30 days. If you did not ask for it, ignore this email: nobody can see your orders without it.`;
  const html = `<p>Hi,</p><p><a href="${escapeHtml(d.url)}">See your ${escapeHtml(business.name)} orders</a> (the link works once, for ${d.minutes} minutes, and keeps you signed in on that device for 30 days).</p><p>If you did not ask for it, ignore this email: nobody can see your orders without it.</p>`;
  return { subject: `Your ${business.name} orders: sign-in link`, html, text };
}

/**
 * To a customer who moved their pick-up (decision 021): the new window, in words and as the same
 * calendar event revised, so the calendar moves it rather than adding a second one.
 */
export async function renderBookingRescheduled(d: BookingEmailData & { previousLabel: string; sequence: number }): Promise<RenderedEmail> {
  const when = `${formatLongDate(d.pickupDate)}, ${pickupWindowLabel(d.pickupTime)}`;
  const text = `Hi ${d.name},\n\nYour pick-up ${d.confirmation} has moved to ${when} (it was ${d.previousLabel}). The updated calendar invitation is attached.\n\nNothing else changes: ${d.paymentNote}\n\nFree cancellation up to ${business.freeCancellationHours} hours before the window starts: ${d.cancelUrl}\n\nQuestions: ${business.phone}, ${business.email}`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>Your pick-up <strong>${escapeHtml(d.confirmation)}</strong> has moved to <strong>${escapeHtml(when)}</strong> (it was ${escapeHtml(d.previousLabel)}). The updated calendar invitation is attached.</p><p>Nothing else changes: ${escapeHtml(d.paymentNote)}</p><p><a href="${escapeHtml(d.cancelUrl)}">Cancel for free</a> up to ${business.freeCancellationHours} hours before the window starts.</p><p>Questions: ${escapeHtml(business.phone)}, ${escapeHtml(business.email)}</p>`;
  return {
    subject: `Your pick-up moved: ${d.confirmation}, ${when}`,
    html,
    text,
    attachments: [{ filename: `pickup-${d.confirmation}.ics`, contentType: 'text/calendar; method=PUBLISH', content: bookingWindowIcs(d, d.sequence) }],
  };
}
