// /admin/reset-password: the return target of the password-reset email (docs/design.md 7).
import { useSearchParams } from 'react-router';
import { BackOfficeLayout, ResetPasswordCard } from '../../features/staff-session';
import { QueryProvider } from '../../lib/query';
import { usePageTitle } from '../../lib/use-page-title';

export default function ResetPasswordPage() {
  return (
    <QueryProvider>
      <ResetPassword />
    </QueryProvider>
  );
}

function ResetPassword() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  return (
    <BackOfficeLayout className="flex items-start justify-center px-4 py-10 sm:py-16">
      <ResetPasswordCard token={params.get('token') ?? ''} linkError={params.has('error')} />
    </BackOfficeLayout>
  );
}
