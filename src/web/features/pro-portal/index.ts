// The laundry pros' own portal (decision 018): the signed-in portal with its sign-in card, the
// pages a set-password link and a new email's confirmation link land on (decision 041), the
// portal's frame, and its data hooks.
export { ProLayout } from './pro-layout';
export { ProPasswordCard } from './pro-password-card';
export { ProEmailConfirmCard } from './pro-email-confirm-card';
export { ProPortalView } from './pro-portal-view';
export { proPortalKeys, statementHref, useProPortal, useProStep } from './pro-portal-api';
