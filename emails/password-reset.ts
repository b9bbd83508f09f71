// To a staff member who asked to reset their password: the one-time link (better-auth makes it;
// it works once, for one hour). Plain words, no layout: the link is the whole message.
import { business } from '../src/shared/business';
import type { RenderedEmail } from './email-data';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function renderPasswordReset(d: { name: string; url: string }): Promise<RenderedEmail> {
  const text = `Hi ${d.name},\n\nSomeone asked to reset the password of your ${business.name} admin account. Set a new one here (the link works once, for one hour):\n\n${d.url}\n\nIf it wasn't you, ignore this email.`;
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>Someone asked to reset the password of your ${escapeHtml(business.name)} admin account.</p><p><a href="${escapeHtml(d.url)}">Set a new password</a> (the link works once, for one hour).</p><p>If it wasn't you, ignore this email.</p>`;
  return { subject: `Reset your ${business.name} admin password`, html, text };
}
