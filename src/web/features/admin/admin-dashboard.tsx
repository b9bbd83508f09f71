// The dashboard: its heading, the staff tools (spec: back-office 2, each opening its page in a new
// tab), the summary cards and the tabs, the Invoices tab among them (docs/design.md 7).
import { CalendarDays, CalendarSync, ChartColumn, ClipboardList, ExternalLink, FileSignature, FileText, Gift, HardHat, History, Inbox, Mail, ReceiptText, Settings, UserRound, Users } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { BookingsTab } from '../admin-bookings';
import { ExportLink } from '../back-office-api';
import { CustomersTab } from '../customers';
import { GiftCardsTab } from '../gift-cards-admin';
import { InvoicesTab } from '../invoices-admin';
import { LaundryProsTab } from '../laundry-pros';
import { MessagesTab, OutboxTab } from '../messages';
import { ReportsTab } from '../reports';
import { ScheduleTab } from '../schedule';
import { SettingsTab } from '../settings';
import type { AdminUser } from '../staff-session';
import { AdminUsersTab, AuditTab, roleLabels } from '../staff-users';
import { StatsCards } from './stats-cards';

// decision 061: loaded after the dashboard, so that the dashboard's own code stays within its budget
const SystemCard = lazy(() => import('./system-card'));
/** The System card's height when all is well, held by its placeholder and kept by the card. */
const systemCardHeight = 'min-h-38 sm:min-h-34';

type TabValue = 'bookings' | 'schedule' | 'customers' | 'pros' | 'invoices' | 'gift-cards' | 'reports' | 'admins' | 'messages' | 'outbox' | 'settings' | 'audit';

// spec: back-office 2 — the dashboard header's buttons, in the spec's order
const staffTools: { href: string; label: string; icon: ReactNode }[] = [
  { href: '/send-terms', label: 'Send Terms', icon: <FileSignature aria-hidden="true" className="max-sm:hidden" /> },
  { href: '/send-invoice', label: 'Send Invoice', icon: <FileText aria-hidden="true" className="max-sm:hidden" /> },
  { href: '/send-receipt', label: 'Send Receipt', icon: <ReceiptText aria-hidden="true" className="max-sm:hidden" /> },
  { href: '/send-subscription-invoice', label: 'Subscription Invoice', icon: <CalendarSync aria-hidden="true" className="max-sm:hidden" /> },
];

export function AdminDashboard({ user }: { user: AdminUser }) {
  const [params, setParams] = useSearchParams();
  const items: TabItem<TabValue>[] = [
    { value: 'bookings', label: 'All Bookings', icon: <ClipboardList aria-hidden="true" />, content: <BookingsTab /> },
    { value: 'schedule', label: 'Day Board', icon: <CalendarDays aria-hidden="true" />, content: <ScheduleTab /> },
    { value: 'customers', label: 'Customer Details', icon: <UserRound aria-hidden="true" />, content: <CustomersTab /> },
    { value: 'pros', label: 'Laundry Pros', icon: <HardHat aria-hidden="true" />, content: <LaundryProsTab /> },
    { value: 'invoices', label: 'Invoices', icon: <FileText aria-hidden="true" />, content: <InvoicesTab /> },
    { value: 'gift-cards', label: 'Gift Cards', icon: <Gift aria-hidden="true" />, content: <GiftCardsTab /> },
    // decision 026: both roles; its charts load only when it renders
    { value: 'reports', label: 'Reports', icon: <ChartColumn aria-hidden="true" />, content: <ReportsTab /> },
    { value: 'admins', label: 'Admin Users', icon: <Users aria-hidden="true" />, content: <AdminUsersTab me={user} /> },
    { value: 'messages', label: 'Messages', icon: <Inbox aria-hidden="true" />, content: <MessagesTab /> },
    { value: 'outbox', label: 'Outbox', icon: <Mail aria-hidden="true" />, content: <OutboxTab /> },
    // decision 055: both roles read the settings, a master admin changes them
    { value: 'settings', label: 'Settings', icon: <Settings aria-hidden="true" />, content: <SettingsTab /> },
  ];
  // the audit log is for master admins (the server answers 403 to anyone else)
  if (user.role === 'master_admin') items.push({ value: 'audit', label: 'Audit', icon: <History aria-hidden="true" />, content: <AuditTab /> });
  const requested = params.get('tab');
  const value = items.find((i) => i.value === requested)?.value ?? 'bookings';

  return (
    <div className="mx-auto flex max-w-[96rem] flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin Dashboard</h1>
          <p className="text-sm text-slate-600">
            Signed in as {user.fullName && user.fullName !== user.email ? user.fullName : user.email} · {roleLabels[user.role]}
          </p>
          {/* decision 027: every CSV at once, for the owner (the server refuses anyone else) */}
          {user.role === 'master_admin' && (
            <div>
              <ExportLink name="exportEverything" description="Bookings, customers, gift cards, invoices, assignments and payouts: one CSV each, in a zip">
                Download all data (.zip)
              </ExportLink>
            </div>
          )}
        </div>
        {/* two by two on a phone, a label wrapping inside its button rather than a ragged row */}
        <nav aria-label="Staff tools" className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap">
          {staffTools.map((tool) => (
            <Button key={tool.href} asChild variant="outline" size="sm" className="h-auto min-h-9 justify-start bg-white py-1.5 text-left whitespace-normal sm:justify-center sm:whitespace-nowrap">
              <a href={tool.href} target="_blank" rel="noopener">
                {tool.icon}
                {tool.label}
                <ExternalLink aria-hidden="true" className="size-3!" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          ))}
        </nav>
      </div>
      <StatsCards />
      {/* its place held while it loads: nothing below moves under a staff member's click */}
      <Suspense fallback={<div aria-hidden="true" className={systemCardHeight} />}>
        <SystemCard />
      </Suspense>
      <Tabs
        label="Dashboard sections"
        items={items}
        value={value}
        // a tab change is a history entry (back returns to the previous tab) and leaves the
        // previous tab's own filters behind: each tab keeps its own in the address (url-state.ts)
        onChange={(next) => next !== value && setParams(next === 'bookings' ? {} : { tab: next })}
      />
    </div>
  );
}
