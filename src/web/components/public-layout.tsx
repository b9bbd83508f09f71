import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The frame of every public page: skip link, sticky header, the page's main landmark, footer. */
export function PublicLayout({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className={cn('flex-1 focus:outline-none', className)}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
