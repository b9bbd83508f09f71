// /pro/confirm-email: where the link sent to a pro's new email lands (decision 041), with ?token=….
// The pro presses Confirm: opening the link alone (a mail scanner's visit) changes nothing.
import { useSearchParams } from 'react-router';
import { ProEmailConfirmCard, ProLayout } from '../../features/pro-portal';
import { QueryProvider } from '../../lib/query';
import { usePageTitle } from '../../lib/use-page-title';

export default function ProConfirmEmailPage() {
  return (
    <QueryProvider>
      <ConfirmEmail />
    </QueryProvider>
  );
}

function ConfirmEmail() {
  usePageTitle('Confirm your new email');
  const [params] = useSearchParams();
  return (
    <ProLayout className="flex items-start justify-center px-4 py-10 sm:py-16">
      <ProEmailConfirmCard token={params.get('token') ?? ''} />
    </ProLayout>
  );
}
