// The SPA's route table: one lazily loaded page per route of the spec (route-level code splitting).
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { normalisePath, pageRoutes } from '../shared/routes';
import { lazyPage, type LazyPage } from './lazy-page';
import type { SignedInPath } from './signed-in-pages';
import { NotFoundPage } from './pages/not-found-page';
import { PageLoading } from './components/page-loading';

/** A signed-in area's page, loaded through ./signed-in-pages.ts. */
const signedIn = (path: SignedInPath) => lazyPage(() => import('./signed-in-pages').then((m) => m.signedInPages[path]()));

export const pages: Record<string, LazyPage> = {
  '/': lazyPage(() => import('./pages/landing/landing-page')),
  '/terms': lazyPage(() => import('./pages/terms-page')),
  '/privacy': lazyPage(() => import('./pages/privacy-page')),
  '/book': lazyPage(() => import('./pages/book-page')),
  '/booking-success': lazyPage(() => import('./pages/booking-success-page')),
  '/booking-cancelled': lazyPage(() => import('./pages/booking-cancelled-page')),
  '/cancel-booking': lazyPage(() => import('./pages/cancel-booking-page')),
  '/rate': lazyPage(() => import('./pages/rate-page')),
  '/pay': lazyPage(() => import('./pages/pay-page')),
  '/invoice': lazyPage(() => import('./pages/invoice-page')),
  '/orders': lazyPage(() => import('./pages/orders-page')),
  '/series': lazyPage(() => import('./pages/series-page')),
  '/gift-card-success': lazyPage(() => import('./pages/gift-card-success-page')),
  '/gift-card-cancelled': lazyPage(() => import('./pages/gift-card-cancelled-page')),
  // the back office and the pro portal: their pages' chunks are listed in ./signed-in-pages.ts,
  // loaded with the first of them, so the public pages' start-up code does not carry that list
  '/admin': signedIn('/admin'),
  '/admin/login': signedIn('/admin/login'),
  '/admin/reset-password': signedIn('/admin/reset-password'),
  '/admin/print-order': signedIn('/admin/print-order'),
  '/admin/print-tags': signedIn('/admin/print-tags'),
  '/send-terms': signedIn('/send-terms'),
  '/send-invoice': signedIn('/send-invoice'),
  '/send-receipt': signedIn('/send-receipt'),
  '/send-subscription-invoice': signedIn('/send-subscription-invoice'),
  '/pro': signedIn('/pro'),
  '/pro/reset-password': signedIn('/pro/reset-password'),
  '/pro/confirm-email': signedIn('/pro/confirm-email'),
};

// every page route the server knows has a page here, and the other way round
for (const route of pageRoutes) if (!pages[route.path]) throw new Error(`No page for route ${route.path}`);

export async function preloadPage(pathname: string): Promise<void> {
  await pages[normalisePath(pathname)]?.preload();
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {Object.entries(pages).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
