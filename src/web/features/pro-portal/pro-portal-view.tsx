// /pro (decision 018): the pro's portal, or what stands in its place: loading, the sign-in card
// (not signed in), the server's refusal with Sign Out (signed in, but not as a pro), or the load
// failure with Try again.
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, LogOut, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/query-state';
import { toast } from '../../lib/toast';
import { errorMessage, signOut } from '../staff-session';
import { JobsSection } from './jobs-section';
import { EarningsSection, PayoutsSection, StatementSection, UnpaidSummary } from './money-sections';
import { ProLayout } from './pro-layout';
import { proAccess, proPortalKeys, useProPortal, type ProPortal } from './pro-portal-api';
import { ProSignInCard } from './pro-sign-in-card';
import { RatingSummary } from './rating-summary';

const centred = 'flex items-start justify-center px-4 py-10 sm:py-16';

export function ProPortalView({ initialMode = 'sign-in' }: { initialMode?: 'sign-in' | 'request-link' }) {
  const portal = useProPortal();
  const access = proAccess(portal.error);

  if (access === 'signed-out') {
    return (
      <ProLayout className={centred}>
        <ProSignInCard initialMode={initialMode} />
      </ProLayout>
    );
  }
  if (access === 'refused') {
    return (
      <ProLayout className={centred}>
        <NotAPro message={portal.error!.message} />
      </ProLayout>
    );
  }
  if (portal.data) {
    return (
      <ProLayout>
        <OfflineNote />
        <Portal data={portal.data} />
      </ProLayout>
    );
  }
  if (portal.isError) {
    return (
      <ProLayout className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6">
        <h1 className="sr-only">Pro Portal</h1>
        <Card className="rounded-xl">
          <LoadFailed title="Could not load your portal. Please try again." query={portal} />
        </Card>
      </ProLayout>
    );
  }
  return (
    <ProLayout>
      <PageLoading label="Loading your jobs..." />
    </ProLayout>
  );
}

/** Without a signal the portal shows the day as last loaded (decision 056): it says so. */
function OfflineNote() {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  if (online) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      You are offline: these are your jobs as last loaded. Steps need a signal.
    </p>
  );
}

/** Sign Out, then the page asks the server again and finds nobody signed in: the sign-in card. */
function useProSignOut() {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const leave = async () => {
    setPending(true);
    try {
      await signOut();
      // the offline copy of the day's run is this pro's: it goes with them (public/pro-sw.js)
      await globalThis.caches?.delete('washday-pro-v1').catch(() => false);
      toast.success('Signed out', { description: 'See you next time.' });
      await client.resetQueries({ queryKey: proPortalKeys.portal });
    } catch (error) {
      toast.error('Sign-out failed', { description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };
  return { leave, pending };
}

function SignOutButton() {
  const { leave, pending } = useProSignOut();
  return (
    <Button type="button" variant="outline" size="sm" className="bg-white" disabled={pending} onClick={() => void leave()}>
      {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LogOut aria-hidden="true" />}
      Sign Out
    </Button>
  );
}

/** Signed in, but not as a pro (a staff account, a pro whose access is disabled): the server's words. */
function NotAPro({ message }: { message: string }) {
  return (
    <Card className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl p-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-900 text-white">
        <ShieldAlert className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">Pro Portal</h1>
      <p role="alert" className="text-sm text-slate-700">
        {message}
      </p>
      <SignOutButton />
    </Card>
  );
}

function Portal({ data }: { data: ProPortal }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-5 sm:px-6 sm:py-8">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">Hi, {data.pro.name}</h1>
          <p className="text-sm wrap-anywhere text-slate-600">
            <span className="sr-only">Signed in as </span>
            {data.pro.email}
          </p>
        </div>
        <SignOutButton />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <UnpaidSummary unpaid={data.unpaid} perPoundRateCents={data.pro.perPoundRateCents} />
        <RatingSummary rating={data.rating} />
      </div>
      <JobsSection jobs={data.jobs} today={data.today} />
      <div className="grid gap-6 lg:grid-cols-2">
        <EarningsSection earnings={data.earnings} />
        <PayoutsSection payouts={data.payouts} />
      </div>
      <StatementSection years={data.statementYears} />
    </div>
  );
}
