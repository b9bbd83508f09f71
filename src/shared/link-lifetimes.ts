// How long each one-time link and signed-in device lasts: the one place the services that make
// them, the emails and texts that send them and the messages that refuse a spent one read it from.

/** A customer's sign-in link to "Your orders" (by email or text): once, for this many minutes. */
export const signInLinkMinutes = 15;
/** A customer's signed-in device, after the link. */
export const customerSessionDays = 30;
/** A staff member's or pro's set-password link. */
export const passwordResetLinkMinutes = 60;
/** A pro's link confirming a new email address. */
export const proEmailLinkHours = 24;
/** A bill's link in the customer's email (a newer bill needs the newer link). */
export const invoiceLinkDays = 60;
/** The delivery email's rating links (decision 063). */
export const ratingLinkDays = 60;

/** What a customer is told of their sign-in link. */
export const signInLinkTerms = `It works once, for ${signInLinkMinutes} minutes.`;
