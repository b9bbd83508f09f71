import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { useSiteBusiness } from '../lib/site-business';

/** The landing page's anchors, in the order the header shows them. */
export type LandingSection = 'services' | 'pricing' | 'schedule' | 'preferences' | 'gift-cards' | 'contact';

/**
 * A link to a section of the landing page: a plain `#anchor` on `/` (the browser scrolls smoothly),
 * a router link to `/#anchor` from any other page.
 */
export function SectionLink({
  section,
  children,
  ...props
}: { section: LandingSection; children: ReactNode } & Omit<ComponentProps<'a'>, 'href'>) {
  const { pathname } = useLocation();
  if (pathname === '/') {
    return (
      <a href={`#${section}`} {...props}>
        {children}
      </a>
    );
  }
  return (
    <Link to={`/#${section}`} {...props}>
      {children}
    </Link>
  );
}

/** The brand mark: a little washing machine, drawn inline so nothing is downloaded. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-9 shrink-0', className)}>
      <rect width="64" height="64" rx="16" fill="#0e7490" />
      <rect x="14" y="11" width="36" height="6" rx="3" fill="#fff" />
      <circle cx="32" cy="36" r="15.5" fill="none" stroke="#fff" strokeWidth="5" />
      <path d="M21.5 38c3.5-3 7-3 10.5 0s7 3 10.5 0v3.5a10.5 10.5 0 0 1-21 0Z" fill="#a5f3fc" />
    </svg>
  );
}

type NavItem = { label: string; section: LandingSection } | { label: string; to: string };

const navItems: NavItem[] = [
  { label: 'Services', section: 'services' },
  { label: 'Pricing', section: 'pricing' },
  { label: 'Gift Cards', section: 'gift-cards' },
  { label: 'Book Now', to: '/book' },
  { label: 'Contact', section: 'contact' },
  // a returning customer's way back to their orders from every page (decision 021)
  { label: 'Your orders', to: '/orders' },
];

function NavItemLink({ item, className, onClick }: { item: NavItem; className: string; onClick?: () => void }) {
  if ('section' in item) {
    return (
      <SectionLink section={item.section} className={className} onClick={onClick}>
        {item.label}
      </SectionLink>
    );
  }
  return (
    <Link to={item.to} className={className} onClick={onClick}>
      {item.label}
    </Link>
  );
}

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const site = useSiteBusiness();
  const { pathname, hash } = useLocation();

  // a navigation always closes the phone menu
  useEffect(() => setOpen(false), [pathname, hash]);

  // toasts show below this header, not over it (lib/toast.tsx): its height, h-16
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--sticky-header-height', '4rem');
    return () => {
      root.style.removeProperty('--sticky-header-height');
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  const desktopLink =
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-brand-50 hover:text-brand-900';
  const mobileLink =
    'block rounded-lg px-3 py-3 text-base font-medium text-slate-800 transition-colors hover:bg-brand-50 hover:text-brand-900';

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="mr-auto flex items-center gap-2.5 rounded-lg" onClick={close}>
          <BrandMark />
          <span className="font-display text-lg font-extrabold tracking-tight text-slate-900 sm:text-xl">
            {site.name}
          </span>
        </Link>

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className={desktopLink} />
              </li>
            ))}
            <li>
              <Link to="/admin" className={cn(desktopLink, 'text-muted-foreground')}>
                Admin
              </Link>
            </li>
          </ul>
        </nav>

        <Button asChild className="hidden sm:inline-flex">
          <Link to="/book">Schedule Now</Link>
        </Button>

        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="xl:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" className="!size-6" /> : <Menu aria-hidden="true" className="!size-6" />}
        </Button>
      </div>

      <div id={menuId} hidden={!open} className="border-t border-border bg-white xl:hidden">
        <nav aria-label="Main menu" className="mx-auto max-w-6xl px-4 pt-2 pb-4 sm:px-6">
          <ul className="flex flex-col">
            {navItems.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className={mobileLink} onClick={close} />
              </li>
            ))}
            <li>
              <Link to="/admin" className={mobileLink} onClick={close}>
                Admin
              </Link>
            </li>
          </ul>
          <Button asChild size="lg" className="mt-3 w-full">
            <Link to="/book" onClick={close}>
              Schedule Now
            </Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
