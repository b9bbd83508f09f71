// /admin: the guarded back office. spec: back-office 2 (/admin), 4 (admin session)
import { AdminDashboard } from '../../features/admin';
import { AdminLoading, AuthenticatedBar, BackOfficeLayout, FirstPasswordCard, LogoutButton, useAdminSession } from '../../features/staff-session';
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
