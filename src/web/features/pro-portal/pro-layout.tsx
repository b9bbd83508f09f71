import type { ReactNode } from 'react';
import { BrandMark } from '../../components/site-header';
import { cn } from '../../lib/cn';
import { useSiteBusiness } from '../../lib/site-business';

/**
 * The frame of the pro portal's pages (decision 018): a compact header with the business name and
 * "Pro Portal", and the page's main landmark on a neutral ground. Phone first: a pro reads it at the door.
 */
export function ProLayout({ children, className }: { children: ReactNode; className?: string }) {
  const site = useSiteBusiness();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-800 bg-slate-900 text-white">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <BrandMark className="size-8" />
          <p className="flex min-w-0 flex-col leading-tight sm:flex-row sm:items-baseline sm:gap-2">
            <span className="truncate font-semibold">{site.name}</span>
            <span className="text-xs font-medium tracking-wider text-slate-300 uppercase">Pro Portal</span>
          </p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={cn('flex-1 focus:outline-none', className)}>
        {children}
      </main>
    </div>
  );
}
