// The frame of a guarded staff page outside the dashboard (/send-receipt, the printed order):
// the same session check as /admin, then the page.
import type { ReactNode } from 'react';
import { QueryProvider } from '../../lib/query';
import { usePageTitle } from '../../lib/use-page-title';
import type { AdminUser } from './session-api';
import { AdminLoading, AuthenticatedBar, useAdminSession } from './admin-session';
import { BackOfficeLayout } from './back-office-layout';

export function StaffPage({ title, bare, children }: { title: string; bare?: boolean; children: (user: AdminUser) => ReactNode }) {
  return (
    <QueryProvider>
      <Guarded title={title} bare={bare}>
        {children}
      </Guarded>
    </QueryProvider>
  );
}

function Guarded({ title, bare, children }: { title: string; bare?: boolean; children: (user: AdminUser) => ReactNode }) {
  const session = useAdminSession();
  usePageTitle(title);
  if (session.state !== 'ready') {
    // a temporary password is changed on /admin first
    if (session.state === 'set-password' && typeof window !== 'undefined') window.location.replace('/admin');
    return (
      <BackOfficeLayout>
        <AdminLoading />
      </BackOfficeLayout>
    );
  }
  if (bare) return <>{children(session.user)}</>;
  return <BackOfficeLayout bar={<AuthenticatedBar user={session.user} />}>{children(session.user)}</BackOfficeLayout>;
}
