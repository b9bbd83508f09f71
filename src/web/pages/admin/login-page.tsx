// /admin/login. spec: back-office 2 (/admin/login), 5 (login), 8 (the login and reset toasts)
import { useSearchParams } from 'react-router';
import { BackOfficeLayout, LoginCard, useSignedInRedirect } from '../../features/staff-session';
import { QueryProvider } from '../../lib/query';
import { usePageTitle } from '../../lib/use-page-title';

export default function LoginPage() {
  return (
    <QueryProvider>
      <Login />
    </QueryProvider>
  );
}

function Login() {
  usePageTitle('Admin Login');
  useSignedInRedirect();
  const [params] = useSearchParams();
  return (
    <BackOfficeLayout className="flex items-start justify-center px-4 py-10 sm:py-16">
      <LoginCard initialMode={params.has('forgot') ? 'reset' : 'sign-in'} />
    </BackOfficeLayout>
  );
}
