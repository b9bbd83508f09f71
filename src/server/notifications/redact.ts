// One-time links are for their recipient only (docs/design.md 6): a password-reset link read in the
// Outbox tab would let any staff member set the master admin's password, a cancel link would let
// them cancel a customer's pick-up as the customer. Every staff view of a queued message goes
// through redactOneTimeLinks; the stored payload (what the recipient gets) is never changed. A
// gift card's code is its recipient's secret too (docs/design.md 9): with it any staff member could
// spend the card, so it is hidden the same way.
import { giftCardCodeLabel } from '../../../emails/email-data';
import { hiddenLinkText } from '../../shared/schemas/back-office';

export { hiddenLinkText };

/** What staff read where a gift card's code was. */
export const hiddenGiftCardCodeText = '[gift card code hidden — sent only to the recipient]';
// the gift-card email shows its code once, after its label ("Gift card code: K7QZ…", emails/gift-card.tsx)
const giftCardCode = new RegExp(`(${giftCardCodeLabel}\\s*:\\s*)[A-Za-z0-9-]+`, 'gi');

/** The outbox preview's length: the text is redacted first, then cut, so a cut never exposes half a link. */
export const previewLength = 280;

// a run of characters between spaces, quotes, angle and square brackets: a link in plain text
// ("Open this link: [https://…]") or in a text message
const runPattern = /[^\s<>"'`[\]]+/g;
// names of query or fragment parameters that carry a secret, in any link or on their own
const secretParam = /(?:^|[?&#;,:(])(?:token|t|access_token|id_token|signature|sig|code|key|secret|otp|password|auth|hash|session_id|verification)=/i;
// the reset link's path carries its token: /api/auth/reset-password/<token>, /reset-password?token=
const resetPath = /\/(?:reset-password|verify-email|magic-link|set-password)(?:[/?#]|$)/i;
const urlStart = /https?:\/\/|www\./i;
// punctuation after a link in a sentence is not part of it
const trailing = /[.,;:!?)]+$/;

function looksLikeLink(run: string): boolean {
  return urlStart.test(run) || run.startsWith('/');
}

function carriesSecret(run: string): boolean {
  if (secretParam.test(run) || resetPath.test(run)) return true;
  if (!looksLikeLink(run)) return false;
  // any link with a query string or a fragment: ours carry their tokens there (cancel links,
  // the reset link's callback), and a link we do not know is treated the same way
  if (/[?#]./.test(run.replace(trailing, ''))) return true;
  // a path segment that looks random (20+ letters and digits, mixed): a token carried in the path
  return run.split(/[/?#]/).some((s) => /^[A-Za-z0-9_-]{20,}$/.test(s) && (/\d/.test(s) || (/[a-z]/.test(s) && /[A-Z]/.test(s))));
}

/**
 * The text with every link that carries a secret (a token, a signature, a reset path, any query
 * string) replaced by hiddenLinkText, and a gift card's code by hiddenGiftCardCodeText. Links
 * without one (https://washday.example/book) stay.
 */
export function redactOneTimeLinks(text: string): string {
  return text.replace(giftCardCode, `$1${hiddenGiftCardCodeText}`).replace(runPattern, (run) => {
    if (!carriesSecret(run)) return run;
    const end = run.match(trailing)?.[0] ?? '';
    const body = end ? run.slice(0, -end.length) : run;
    const start = body.search(urlStart);
    // "Link:https://…" keeps its "Link:"; a bare "token=…" goes whole
    return `${start > 0 ? body.slice(0, start) : ''}${hiddenLinkText}${end}`;
  });
}

/** The Outbox tab's preview: redacted, then cut to previewLength (never through the placeholder). */
export function outboxPreview(text: string): string {
  const redacted = redactOneTimeLinks(text);
  if (redacted.length <= previewLength) return redacted;
  for (const placeholder of [hiddenLinkText, hiddenGiftCardCodeText]) {
    const straddling = redacted.indexOf(placeholder, Math.max(0, previewLength - placeholder.length + 1));
    if (straddling >= 0 && straddling < previewLength) return redacted.slice(0, straddling + placeholder.length);
  }
  return redacted.slice(0, previewLength);
}
