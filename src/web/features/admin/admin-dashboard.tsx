// The dashboard shell: its heading and tabs. The tabs of later issues (bookings, schedule,
// customers, laundry pros, messages, outbox) join this list when they exist.
import { History, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { AdminUser } from './admin-api';
import { roleLabels } from './admin-badges';
import { AdminUsersTab } from './admin-users-tab';
import { AuditTab } from './audit-tab';
import { Tabs, type TabItem } from './tabs';

type TabValue = 'admins' | 'audit';

export function AdminDashboard({ user }: { user: AdminUser }) {
  const [params, setParams] = useSearchParams();
  const items: TabItem<TabValue>[] = [
    { value: 'admins', label: 'Admin Users', icon: <Users aria-hidden="true" />, content: <AdminUsersTab me={user} /> },
  ];
  // the audit log is for master admins (the server answers 403 to anyone else)
  if (user.role === 'master_admin') items.push({ value: 'audit', label: 'Audit', icon: <History aria-hidden="true" />, content: <AuditTab /> });
  const requested = params.get('tab');
  const value = items.find((i) => i.value === requested)?.value ?? 'admins';

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin Dashboard</h1>
        <p className="text-sm text-slate-600">
          Signed in as {user.fullName && user.fullName !== user.email ? user.fullName : user.email} · {roleLabels[user.role]}
        </p>
      </div>
      <Tabs
        label="Dashboard sections"
        items={items}
        value={value}
        onChange={(next) =>
          setParams(
            (p) => {
              const copy = new URLSearchParams(p);
              if (next === 'admins') copy.delete('tab');
              else copy.set('tab', next);
              return copy;
            },
            { replace: true },
          )
        }
      />
    </div>
  );
}
