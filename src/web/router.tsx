// The SPA's route table: one lazily loaded page per route of the spec (route-level code splitting).
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { normalisePath, pageRoutes } from '../shared/routes';
import { lazyPage, type LazyPage } from './lazy-page';
import { NotFoundPage } from './pages/not-found-page';
import { PageLoading } from './components/page-loading';

export const pages: Record<string, LazyPage> = {
  '/': lazyPage(() => import('./pages/landing/landing-page')),
  '/terms': lazyPage(() => import('./pages/terms-page')),
  '/privacy': lazyPage(() => import('./pages/privacy-page')),
  '/book': lazyPage(() => import('./pages/book-page')),
  '/booking-success': lazyPage(() => import('./pages/booking-success-page')),
  '/booking-cancelled': lazyPage(() => import('./pages/booking-cancelled-page')),
  '/cancel-booking': lazyPage(() => import('./pages/cancel-booking-page')),
  '/pay': lazyPage(() => import('./pages/pay-page')),
  '/invoice': lazyPage(() => import('./pages/invoice-page')),
  '/gift-card-success': lazyPage(() => import('./pages/gift-card-success-page')),
  '/gift-card-cancelled': lazyPage(() => import('./pages/gift-card-cancelled-page')),
  // the back office: its own chunks, never loaded by a public page
  '/admin': lazyPage(() => import('./pages/admin/admin-page')),
  '/admin/login': lazyPage(() => import('./pages/admin/login-page')),
  '/admin/reset-password': lazyPage(() => import('./pages/admin/reset-password-page')),
  '/admin/print-order': lazyPage(() => import('./pages/admin/print-order-page')),
  '/send-receipt': lazyPage(() => import('./pages/admin/send-receipt-page')),
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
