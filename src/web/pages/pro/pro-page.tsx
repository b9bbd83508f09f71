// /pro: the laundry pros' own portal (decision 018): their jobs, earnings, payouts and yearly
// statements, or the sign-in card when nobody is signed in (?forgot opens the request-a-link form).
import { useSearchParams } from 'react-router';
import { ProPortalView } from '../../features/pro-portal';
import { QueryProvider } from '../../lib/query';
import { usePageTitle } from '../../lib/use-page-title';

export default function ProPage() {
  return (
    <QueryProvider>
      <Portal />
    </QueryProvider>
  );
}

function Portal() {
  usePageTitle('Pro Portal');
  const [params] = useSearchParams();
  return <ProPortalView initialMode={params.has('forgot') ? 'request-link' : 'sign-in'} />;
}
