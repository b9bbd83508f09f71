// The laundry pros' own portal (decision 018): the signed-in portal with its sign-in card, the
// page a set-password link lands on, the portal's frame, and its data hooks.
export { ProLayout } from './pro-layout';
export { ProPasswordCard } from './pro-password-card';
export { ProPortalView } from './pro-portal-view';
export { proPortalKeys, statementHref, useProPortal, useProStep } from './pro-portal-api';
