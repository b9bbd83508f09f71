// The pages of the signed-in areas (the back office and its staff tools, the pro portal), each its
// own chunk. The router loads this module with the first of them: the list of their chunks (which
// the bundler writes beside each dynamic import) then stays out of the start-up code every public
// page loads (docs/decisions/009, the public pages' budgets).
import type { ComponentType } from 'react';

export const signedInPages = {
  '/admin': () => import('./pages/admin/admin-page'),
  '/admin/login': () => import('./pages/admin/login-page'),
  '/admin/reset-password': () => import('./pages/admin/reset-password-page'),
  '/admin/print-order': () => import('./pages/admin/print-order-page'),
  '/admin/print-tags': () => import('./pages/admin/print-tags-page'),
  '/send-terms': () => import('./pages/admin/send-terms-page'),
  '/send-invoice': () => import('./pages/admin/send-invoice-page'),
  '/send-receipt': () => import('./pages/admin/send-receipt-page'),
  '/send-subscription-invoice': () => import('./pages/admin/send-subscription-invoice-page'),
  '/pro': () => import('./pages/pro/pro-page'),
  '/pro/reset-password': () => import('./pages/pro/pro-reset-password-page'),
  '/pro/confirm-email': () => import('./pages/pro/pro-confirm-email-page'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type SignedInPath = keyof typeof signedInPages;
