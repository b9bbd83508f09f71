// spec: back-office 2 — with the account enabled, 'Pay Out $x' (the unpaid earnings) or a disabled
// 'No Pending Payouts'. A money action: staff confirm the amount first; the click carries a key, so
// a double click or a retry pays once, and the server pays what is unpaid, not what the page says
// (decision 018). The answer says whether the transfer went, is still on its way, or failed and why.
import { Banknote, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast';
import { usePayOutPro, type LaundryPro } from './laundry-pros-api';

function newRequestKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
}

export function ProPayoutAction({ pro }: { pro: LaundryPro }) {
  const payOut = usePayOutPro();
  // one key per confirmation: pressing Pay Out again after an answer is a new payout
  const [requestKey, setRequestKey] = useState<string | null>(null);
  const amount = formatCents(pro.unpaid.totalCents);

  if (pro.unpaid.totalCents === 0)
    return (
      <Button size="sm" variant="secondary" disabled>
        No Pending Payouts
      </Button>
    );

  const confirm = () => {
    if (!requestKey) return;
    payOut.mutate(
      { id: pro.id, requestKey, expectedCents: pro.unpaid.totalCents },
      {
        onSuccess: ({ payout }) => {
          setRequestKey(null);
          if (payout.status === 'paid') toast.success(`Paid ${pro.name} ${formatCents(payout.paidCents)}`, { description: 'The transfer to their Stripe account is recorded.' });
          else if (payout.status === 'processing')
            toast.warning(`The payout to ${pro.name} is on its way`, { description: 'The payment provider has not answered yet; it is finished automatically. Nothing will be paid twice.' });
          else toast.warning(`Paid ${pro.name} ${formatCents(payout.paidCents)} of ${formatCents(payout.amountCents)}`, { description: `${payout.failure ?? 'A transfer failed.'} The rest is still unpaid.` });
        },
        onError: (err) => {
          setRequestKey(null);
          toast.error('Failed to process payout.', { description: err.message });
        },
      },
    );
  };

  return (
    <>
      <Button size="sm" onClick={() => setRequestKey(newRequestKey())} disabled={payOut.isPending}>
        {payOut.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Banknote aria-hidden="true" />}
        Pay Out {amount}
        <span className="sr-only"> to {pro.name}</span>
      </Button>
      <ConfirmDialog
        open={requestKey !== null}
        title={`Pay ${pro.name} ${amount}?`}
        description={
          <>
            This sends {amount} to {pro.name}&rsquo;s Stripe account: {formatCents(pro.unpaid.perPoundCents)} per lb and {formatCents(pro.unpaid.tipCents)} in tips, for
            their completed orders not paid yet. It cannot be undone.
          </>
        }
        confirmLabel={`Pay Out ${amount}`}
        pendingLabel="Paying..."
        pending={payOut.isPending}
        onConfirm={confirm}
        onCancel={() => setRequestKey(null)}
      />
    </>
  );
}
