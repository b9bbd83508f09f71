// A pro's payment-account buttons (spec: back-office 2): 'Set Up Stripe Account' with no account;
// 'Check Status' and 'Complete Setup' (the onboarding page, in a new tab) until the provider
// enables it; 'Refresh Status' and 'Pay Out $x' (or 'No Pending Payouts') once it is ready. The state shown is always the server's, which
// has it from the gateway (docs/design.md 5.7).
import { ExternalLink, LoaderCircle, RefreshCw, Wallet } from 'lucide-react';
import type { LaundryPro } from '../../../shared/schemas/laundry-pros';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { useCheckProAccount, useStartProOnboarding } from './laundry-pros-api';
import { ProPayoutAction } from './pro-payout-action';

/** Opens the onboarding page in a new tab; where the browser blocks it, in this one (the page comes back to this tab). */
function openOnboarding(url: string) {
  // no "noopener" feature: with it the browser answers null even when the tab opened
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
  else window.location.assign(url);
}

export function ProAccountActions({ pro }: { pro: LaundryPro }) {
  const start = useStartProOnboarding();
  const check = useCheckProAccount();
  const busy = start.isPending || check.isPending;
  const onboard = () =>
    start.mutate(pro.id, {
      onSuccess: (r) => openOnboarding(r.url),
      onError: (err) => toast.error('Failed to create Stripe onboarding link.', { description: err.message }),
    });
  const refresh = () =>
    check.mutate(pro.id, {
      onSuccess: (r) =>
        r.onboardingComplete
          ? toast.success(`${pro.name}'s payment account is ready`, { description: 'Stripe Ready: payouts can be sent.' })
          : toast.warning(`${pro.name}'s setup is not finished yet`, { description: 'Use Complete Setup to open the setup page again.' }),
      onError: (err) => toast.error('Failed to check account status.', { description: err.message }),
    });
  const spinner = <LoaderCircle className="animate-spin" aria-hidden="true" />;

  if (pro.paymentAccount === 'none')
    return (
      <Button size="sm" onClick={onboard} disabled={busy}>
        {start.isPending ? spinner : <Wallet aria-hidden="true" />}
        Set Up Stripe Account<span className="sr-only"> for {pro.name}</span>
      </Button>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={refresh} disabled={busy}>
        {check.isPending ? spinner : <RefreshCw aria-hidden="true" />}
        {pro.paymentAccount === 'enabled' ? 'Refresh Status' : 'Check Status'}
        <span className="sr-only"> for {pro.name}</span>
      </Button>
      {pro.paymentAccount === 'enabled' ? <ProPayoutAction pro={pro} /> : null}
      {pro.paymentAccount === 'pending' ? (
        <Button size="sm" onClick={onboard} disabled={busy}>
          {start.isPending ? spinner : <ExternalLink aria-hidden="true" />}
          Complete Setup<span className="sr-only"> for {pro.name} (opens in a new tab)</span>
        </Button>
      ) : null}
    </div>
  );
}
