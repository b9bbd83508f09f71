// To a laundry pro (spec: back-office 2; decision 018): the link to set the password of their
// portal sign-in (an invitation from staff, or one they asked for), a note when a payout is made,
// and when staff change the email on their profile (decision 041) the link that confirms the new
// address, sent to it, and a note to the address they sign in with now. Plain words, no layout,
// like the staff password email.
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

/** decision 041: to the new address: the one-time link that makes it the pro's sign-in (a day, once). */
export async function renderProEmailConfirm(d: { name: string; url: string; linkHours: number }): Promise<RenderedEmail> {
  const text = `Hi ${d.name},\n\nYour email on your ${business.name} profile was changed to this address. To sign in to your pro portal with it from now on, confirm it here (the link works once, for ${d.linkHours} hours):\n\n${d.url}\n\nUntil you confirm, you keep signing in with your old email. If you did not expect this email, ignore it: nothing changes.`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>Your email on your ${escapeHtml(business.name)} profile was changed to this address. To sign in to your pro portal with it from now on, <a href="${escapeHtml(d.url)}">confirm this address</a> (the link works once, for ${d.linkHours} hours).</p><p>Until you confirm, you keep signing in with your old email. If you did not expect this email, ignore it: nothing changes.</p>`;
  return { subject: `Confirm your new email for the ${business.name} pro portal`, html, text };
}

/**
 * decision 041: to the address the pro signs in with: a new one was written on their profile (it
 * waits for its link), or was just confirmed from it (the sign-in moved).
 */
export async function renderProEmailChangeNotice(d: { name: string; newEmail: string; confirmed: boolean }): Promise<RenderedEmail> {
  const what = d.confirmed
    ? `Your ${business.name} pro portal sign-in was moved to ${d.newEmail}, confirmed from the link sent to that address. This address no longer signs in.`
    : `The email on your ${business.name} profile was changed to ${d.newEmail}. Your pro portal sign-in stays with this address unless the new one is confirmed from the link we sent to it.`;
  const worry = d.confirmed ? `If this was not you, call us at ${business.phone} now.` : `If you did not ask for this, do not confirm anything and call us at ${business.phone}.`;
  const text = `Hi ${d.name},\n\n${what}\n\n${worry}`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>${escapeHtml(what)}</p><p>${escapeHtml(worry)}</p>`;
  return { subject: d.confirmed ? `Your ${business.name} pro portal sign-in moved` : `The email on your ${business.name} profile was changed`, html, text };
}
