// To a customer who asked to see their orders (decision 021): the one-time sign-in link. Plain
// words, no layout: the link is the whole message. It is the customer's secret: the Outbox shows
// staff the message with the link hidden (src/server/notifications/redact.ts).
import { business } from '../src/shared/business';
import { escapeHtml } from '../src/shared/html';
import type { RenderedEmail } from './email-data';

export async function renderOrdersSignInLink(d: { url: string; minutes: number }): Promise<RenderedEmail> {
  const text = `Hi,\n\nHere is your link to see your ${business.name} orders (it works once, for ${d.minutes} minutes):\n\n${d.url}\n\nIt keeps you signed in on that device for 30 days. If you did not ask for it, ignore this email: nobody can see your orders without it.`;
  const html = `<p>Hi,</p><p><a href="${escapeHtml(d.url)}">See your ${escapeHtml(business.name)} orders</a> (the link works once, for ${d.minutes} minutes, and keeps you signed in on that device for 30 days).</p><p>If you did not ask for it, ignore this email: nobody can see your orders without it.</p>`;
  return { subject: `Your ${business.name} orders: sign-in link`, html, text };
}
