// The page routes the SPA renders. The server answers 404 for any other path (spec: customer-site 2).

export type PageRoute = {
  path: string;
  /** Prerendered to HTML at build time (public, content known at build time). */
  prerender: boolean;
  /**
   * Where a prerendered page keeps, in the tab's session storage, what the visitor did on it (the
   * booking wizard's draft). React takes a prerendered page over on the visitor's first
   * interaction (docs/decisions/006); a page with something kept there starts at once, so that the
   * visitor finds their draft back as soon as the page shows (decision 066).
   */
  resumeKey?: string;
  /**
   * A prerendered form the visitor came to fill in (/book, /admin/login): its code is fetched, not
   * run, once the page has loaded, so that the first press does not wait for the network (decision 066).
   */
  fetchCodeOnLoad?: boolean;
  /**
   * A query string that changes what the page first shows (/admin/login?forgot opens the reset
   * form): such a request gets the app shell, never prerendered markup React would not match.
   */
  shellWithQuery?: boolean;
  /** The document title before the business name; null for the home page (its description is the business's: src/shared/site-pages.ts). */
  title: string | null;
};

export const pageRoutes: PageRoute[] = [
  {
    path: '/',
    prerender: true,
    title: null,
  },
  { path: '/terms', prerender: true, title: 'Terms of Service' },
  { path: '/privacy', prerender: true, title: 'Privacy Policy' },
  // its draft: src/web/features/booking/booking-draft.ts's storageKey (booked-draft.test.ts)
  { path: '/book', prerender: true, resumeKey: 'washday.booking.v1', fetchCodeOnLoad: true, title: 'Book a pick-up' },
  { path: '/booking-success', prerender: false, title: 'Booking confirmed' },
  { path: '/booking-cancelled', prerender: false, title: 'Payment cancelled' },
  { path: '/cancel-booking', prerender: false, title: 'Cancel your pick-up' },
  { path: '/pay', prerender: false, title: 'Pay what is due' },
  { path: '/invoice', prerender: false, title: 'Your invoice' },
  { path: '/orders', prerender: false, title: 'Your orders' },
  { path: '/series', prerender: false, title: 'Your regular pick-up' },
  // the delivery email's rating links (decision 063)
  { path: '/rate', prerender: false, title: 'Rate your order' },
  { path: '/gift-card-success', prerender: false, title: 'Gift card purchased' },
  { path: '/gift-card-cancelled', prerender: false, title: 'Gift card purchase cancelled' },
  { path: '/admin', prerender: false, title: 'Admin' },
  // the staff's first page: its sign-in form prerendered, so it shows at once on a slow phone (decision 006)
  { path: '/admin/login', prerender: true, fetchCodeOnLoad: true, shellWithQuery: true, title: 'Admin Login' },
  { path: '/admin/reset-password', prerender: false, title: 'Reset password' },
  { path: '/admin/print-order', prerender: false, title: 'Print order' },
  // a tag per bag, with its QR code (decision 056)
  { path: '/admin/print-tags', prerender: false, title: 'Bag tags' },
  { path: '/send-terms', prerender: false, title: 'Send Terms' },
  { path: '/send-invoice', prerender: false, title: 'Send Invoice' },
  { path: '/send-receipt', prerender: false, title: 'Send Receipt' },
  { path: '/send-subscription-invoice', prerender: false, title: 'Subscription Invoice' },
  // the laundry pros' own portal (decision 018)
  { path: '/pro', prerender: false, title: 'Pro portal' },
  { path: '/pro/reset-password', prerender: false, title: 'Set your password' },
  // a new sign-in email confirmed from its link (decision 041)
  { path: '/pro/confirm-email', prerender: false, title: 'Confirm your new email' },
];

export const notFoundPrerenderPath = '/404';

export function normalisePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

export function findPageRoute(pathname: string): PageRoute | undefined {
  const path = normalisePath(pathname);
  return pageRoutes.find((r) => r.path === path);
}
