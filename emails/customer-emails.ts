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

/**
 * To a customer who changed their details from their orders (decision 022): what their upcoming
 * pick-ups now say, so a change they did not make does not go unnoticed.
 */
export async function renderCustomerDetailsChanged(d: { name: string; confirmations: string[]; lines: string[]; textsStopped: boolean }): Promise<RenderedEmail> {
  const which = d.confirmations.length === 1 ? `your pick-up ${d.confirmations[0]}` : `your upcoming pick-ups ${d.confirmations.join(', ')}`;
  const texts = d.textsStopped ? 'We will not text the new number until you agree to texts with your next booking.' : '';
  const text = `Hi ${d.name},\n\nYou changed the details of ${which}. They now say:\n\n${d.lines.map((l) => `- ${l}`).join('\n')}\n\n${texts ? `${texts}\n\n` : ''}If you did not make this change, call us at ${business.phone} or reply to this email.`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>You changed the details of ${escapeHtml(which)}. They now say:</p><ul>${d.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>${texts ? `<p>${escapeHtml(texts)}</p>` : ''}<p>If you did not make this change, call us at ${escapeHtml(business.phone)} or reply to this email.</p>`;
  return { subject: `Your ${business.name} pick-up details changed`, html, text };
}

/** To a customer who deleted their data (decision 022): what went and what the business keeps. */
export async function renderCustomerDataErased(d: { name: string; orders: number }): Promise<RenderedEmail> {
  const orders = d.orders === 1 ? 'your order stays' : `your ${d.orders} orders stay`;
  const kept = `For our accounts, ${orders} on our books with the amounts, dates and town only: no name, email, phone, street address or preferences.`;
  const text = `Hi ${d.name},\n\nAs you asked, we deleted your details from ${business.name}. ${kept} Your sign-in links and sessions no longer work.\n\nThis is the last email we send you unless you book again. Thank you for having been a customer.`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>As you asked, we deleted your details from ${escapeHtml(business.name)}. ${escapeHtml(kept)} Your sign-in links and sessions no longer work.</p><p>This is the last email we send you unless you book again. Thank you for having been a customer.</p>`;
  return { subject: `Your ${business.name} data is deleted`, html, text };
}

type ProgressEmailData = { name: string; confirmation: string; ordersUrl: string };

/** Live progress (decision 023): the laundry is picked up. */
export async function renderLaundryPickedUp(d: ProgressEmailData): Promise<RenderedEmail> {
  const text = `Hi ${d.name},\n\nWe picked up your laundry ${d.confirmation}. We weigh it next and send you the invoice, then tell you when it is on its way back.\n\nFollow it at ${d.ordersUrl}\n\nQuestions: ${business.phone}, ${business.email}`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>We picked up your laundry <strong>${escapeHtml(d.confirmation)}</strong>. We weigh it next and send you the invoice, then tell you when it is on its way back.</p><p><a href="${escapeHtml(d.ordersUrl)}">Follow your order</a></p><p>Questions: ${escapeHtml(business.phone)}, ${escapeHtml(business.email)}</p>`;
  return { subject: `We picked up your laundry: ${d.confirmation}`, html, text };
}

/** Live progress (decision 023): the laundry is out for delivery. */
export async function renderLaundryOutForDelivery(d: ProgressEmailData): Promise<RenderedEmail> {
  const text = `Hi ${d.name},\n\nYour laundry ${d.confirmation} is clean and out for delivery today.\n\nFollow it at ${d.ordersUrl}\n\nQuestions: ${business.phone}, ${business.email}`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>Your laundry <strong>${escapeHtml(d.confirmation)}</strong> is clean and out for delivery today.</p><p><a href="${escapeHtml(d.ordersUrl)}">Follow your order</a></p><p>Questions: ${escapeHtml(business.phone)}, ${escapeHtml(business.email)}</p>`;
  return { subject: `Your laundry is on its way: ${d.confirmation}`, html, text };
}

/** Recurring pick-ups (decision 024): the series is set up; its own page is the customer's secret. */
export async function renderSeriesStarted(d: { name: string; label: string; firstLabel: string; manageUrl: string }): Promise<RenderedEmail> {
  const how = 'Each pick-up is booked 3 days ahead with its own hold on your card for the estimate; you are charged the actual amount after we weigh. The evening before, we remind you: reply SKIP to a text, or use the link, to skip one.';
  const text = `Hi ${d.name},\n\nYour regular pick-up is set: ${d.label}. The first one is on ${d.firstLabel}.\n\n${how}\n\nSkip, pause or stop it any time: ${d.manageUrl}\n\nQuestions: ${business.phone}, ${business.email}`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>Your regular pick-up is set: <strong>${escapeHtml(d.label)}</strong>. The first one is on ${escapeHtml(d.firstLabel)}.</p><p>${escapeHtml(how)}</p><p><a href="${escapeHtml(d.manageUrl)}">Skip, pause or stop it</a> any time.</p><p>Questions: ${escapeHtml(business.phone)}, ${escapeHtml(business.email)}</p>`;
  return { subject: `Your regular pick-up: ${d.label}`, html, text };
}

/** Recurring pick-ups (decision 024): an occurrence could not be booked, and what to do. */
export async function renderSeriesIssue(d: { name: string; label: string; issue: string; manageUrl: string; bookUrl: string }): Promise<RenderedEmail> {
  const text = `Hi ${d.name},\n\nAbout your regular pick-up (${d.label}): ${d.issue}\n\nTo have it picked up anyway, book it at ${d.bookUrl} or call us at ${business.phone}. Your next regular pick-ups go on as usual: ${d.manageUrl}`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>About your regular pick-up (${escapeHtml(d.label)}): <strong>${escapeHtml(d.issue)}</strong></p><p>To have it picked up anyway, <a href="${escapeHtml(d.bookUrl)}">book it</a> or call us at ${escapeHtml(business.phone)}. Your next regular pick-ups go on as usual: <a href="${escapeHtml(d.manageUrl)}">manage them</a>.</p>`;
  return { subject: `Your regular pick-up needs you: ${d.label}`, html, text };
}

/** Recurring pick-ups (decision 024): the day-before reminder, with the way to skip this one. */
export async function renderSeriesReminder(d: { name: string; confirmation: string; when: string; manageUrl: string }): Promise<RenderedEmail> {
  const text = `Hi ${d.name},\n\nReminder: we pick up your laundry ${d.confirmation} tomorrow, ${d.when}.\n\nNot this time? Skip it (or pause or stop your regular pick-ups) here: ${d.manageUrl}. Skipping before the window's cut-off releases its hold: nothing is charged.`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>Reminder: we pick up your laundry <strong>${escapeHtml(d.confirmation)}</strong> tomorrow, ${escapeHtml(d.when)}.</p><p>Not this time? <a href="${escapeHtml(d.manageUrl)}">Skip it</a> (or pause or stop your regular pick-ups). Skipping before the window's cut-off releases its hold: nothing is charged.</p>`;
  return { subject: `Tomorrow: your regular pick-up ${d.confirmation}`, html, text };
}
