// To a laundry pro (spec: back-office 2; decision 018): the link to set the password of their
// portal sign-in (an invitation from staff, or one they asked for), and a note when a payout is
// made. Plain words, no layout, like the staff password email.
import { business } from '../src/shared/business';
import type { RenderedEmail } from './email-data';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The one-time link (better-auth makes it; it works once, for one hour) to the pro's own sign-in. */
export async function renderProPasswordLink(d: { name: string; url: string; portalUrl: string }): Promise<RenderedEmail> {
  const text = `Hi ${d.name},\n\nSet the password of your ${business.name} pro portal here (the link works once, for one hour):\n\n${d.url}\n\nIn the portal you see your pick-ups, mark them picked up and delivered, and follow your earnings and payouts. If the link has expired, ask for a new one at ${d.portalUrl}.\n\nIf you did not expect this email, ignore it.`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p><a href="${escapeHtml(d.url)}">Set the password of your ${escapeHtml(business.name)} pro portal</a> (the link works once, for one hour).</p><p>In the portal you see your pick-ups, mark them picked up and delivered, and follow your earnings and payouts. If the link has expired, ask for a new one at <a href="${escapeHtml(d.portalUrl)}">${escapeHtml(d.portalUrl)}</a>.</p><p>If you did not expect this email, ignore it.</p>`;
  return { subject: `Your ${business.name} pro portal`, html, text };
}

/** A payout was made: how much, and for which orders. Amounts come formatted from the server. */
export async function renderProPayout(d: { name: string; amount: string; orders: { orderId: string; amount: string }[] }): Promise<RenderedEmail> {
  const lines = d.orders.map((o) => `Order ${o.orderId}: ${o.amount}`);
  const text = `Hi ${d.name},\n\n${business.name} sent you ${d.amount} through Stripe:\n\n${lines.join('\n')}\n\nIt reaches your bank on Stripe's payout schedule. Every payout is listed in your pro portal.\n\nThank you!`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>${escapeHtml(business.name)} sent you <strong>${escapeHtml(d.amount)}</strong> through Stripe:</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>It reaches your bank on Stripe's payout schedule. Every payout is listed in your pro portal.</p><p>Thank you!</p>`;
  return { subject: `${business.name} sent you ${d.amount}`, html, text };
}
