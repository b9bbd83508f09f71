// /admin: the guarded back office. spec: back-office 2 (/admin), 4 (admin session)
import { AdminDashboard } from '../../features/admin/admin-dashboard';
import { AdminLoading, AuthenticatedBar, LogoutButton, useAdminSession } from '../../features/admin/admin-session';
import { BackOfficeLayout } from '../../features/admin/back-office-layout';
import { FirstPasswordCard } from '../../features/admin/first-password-card';
import { QueryProvider } from '../../lib/query';
import { usePageTitle } from '../../lib/use-page-title';

export default function AdminPage() {
  return (
    <QueryProvider>
      <AdminArea />
    </QueryProvider>
  );
}

function AdminArea() {
  const session = useAdminSession();
  usePageTitle(session.state === 'set-password' ? 'Set your password' : 'Admin Dashboard');

  if (session.state === 'loading') {
    return (
      <BackOfficeLayout>
        <AdminLoading />
      </BackOfficeLayout>
    );
  }
  if (session.state === 'set-password') {
    return (
      <BackOfficeLayout className="flex flex-col items-center gap-3 px-4 py-10 sm:py-16">
        <FirstPasswordCard email={session.user.email} />
        <LogoutButton variant="link" />
      </BackOfficeLayout>
    );
  }
  return (
    <BackOfficeLayout bar={<AuthenticatedBar user={session.user} />}>
      <AdminDashboard user={session.user} />
    </BackOfficeLayout>
  );
}
