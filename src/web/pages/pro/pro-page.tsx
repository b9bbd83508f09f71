// /pro: the laundry pros' own portal (decision 018): their jobs, earnings, payouts and yearly
// statements, or the sign-in card when nobody is signed in (?forgot opens the request-a-link form).
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ProPortalView } from '../../features/pro-portal';
import { QueryProvider } from '../../lib/query';
import { usePageTitle } from '../../lib/use-page-title';

export default function ProPage() {
  useProServiceWorker();
  return (
    <QueryProvider>
      {/* installable on the home screen (decision 056); React puts these in the head */}
      <link rel="manifest" href="/pro.webmanifest" />
      <meta name="theme-color" content="#0e7490" />
      <Portal />
    </QueryProvider>
  );
}

/** The portal's service worker (public/pro-sw.js, decision 056): the day's run readable offline. */
function useProServiceWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/pro-sw.js', { scope: '/pro' }).catch(() => {
      // no offline copy on this browser: the portal works as before
    });
  }, []);
}

function Portal() {
  usePageTitle('Pro Portal');
  const [params] = useSearchParams();
  return <ProPortalView initialMode={params.has('forgot') ? 'request-link' : 'sign-in'} />;
}
