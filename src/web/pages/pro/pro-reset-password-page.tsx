// /pro/reset-password: where the pro's invitation (or forgotten-password) email's link lands
// (decision 018), with ?token=… or ?error=INVALID_TOKEN.
import { useSearchParams } from 'react-router';
import { ProLayout, ProPasswordCard } from '../../features/pro-portal';
import { usePageTitle } from '../../lib/use-page-title';

export default function ProResetPasswordPage() {
  usePageTitle('Set your password');
  const [params] = useSearchParams();
  return (
    <ProLayout className="flex items-start justify-center px-4 py-10 sm:py-16">
      <ProPasswordCard token={params.get('token') ?? ''} linkError={params.has('error')} />
    </ProLayout>
  );
}
