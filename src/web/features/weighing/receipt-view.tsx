// The final receipt as staff see it (the Receipt dialog and /send-receipt): the same figures the
// emailed receipt carries, computed by the server, laid out as the final bill (finalBillLines, the
// lines the printed order sheet shows too) and its payment block (receiptPaymentLines: the tip on
// its own line, decision 015).
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Send } from 'lucide-react';
import { pickupWindowLabel } from '../../../shared/business';
import { formatLongDate } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import { billAmountText, finalBillLines } from '../../../shared/pricing-bill';
import { receiptPaymentLines } from '../../../shared/pricing-receipts';
import type { FinalReceipt } from '../../../shared/schemas/back-office';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { useFinalReceipt, useSendFinalReceipt } from '../back-office-api';
import { formatDateTime } from '../../lib/format';
import { useSiteBusiness } from '../../lib/site-business';

function Row({ label, value, strong, tone }: { label: string; value: string; strong?: boolean; tone?: 'muted' | 'due' }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'font-bold' : ''} ${tone === 'due' ? 'text-destructive' : tone === 'muted' ? 'text-slate-600' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

export function ReceiptView({ receipt }: { receipt: FinalReceipt }) {
  const site = useSiteBusiness();
  const window = pickupWindowLabel(receipt.pickupTime);
  const bill = finalBillLines({ ...receipt, giftCardAppliedCents: receipt.giftCardCents });
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <p className="font-semibold">{site.name}</p>
        <p className="text-slate-600">
          Order <span className="font-mono font-semibold text-slate-900">{receipt.orderNumber}</span> · {receipt.confirmation}
        </p>
        <p className="text-slate-600 wrap-anywhere">
          {receipt.name} · {receipt.email}
        </p>
        <p className="text-slate-600">
          Pick-up {formatLongDate(receipt.pickupDate)}, {window} · weighed {formatDateTime(receipt.processedAt)}
        </p>
      </div>
      <dl className="divide-y divide-slate-100 border-y border-slate-200">
        {bill.lines.map((l) => (
          <Row key={l.key} label={l.label} value={billAmountText(l.cents)} strong={l.kind === 'subtotal' || l.kind === 'total'} tone={l.kind === 'giftCard' ? 'muted' : undefined} />
        ))}
      </dl>
      <dl data-testid="receipt-payment">
        {receiptPaymentLines(receipt, 'staff').map((l) => (
          <Row key={l.key} label={l.label} value={formatCents(l.cents)} strong={l.emphasis === 'total'} tone={l.emphasis === 'due' ? 'due' : l.emphasis === 'muted' ? 'muted' : undefined} />
        ))}
      </dl>
      {receipt.sentAt ? <p className="text-slate-600">Sent to the customer {formatDateTime(receipt.sentAt)}.</p> : null}
    </div>
  );
}

/** Send, once: the button disappears when final_receipt_sent is true. */
export function SendReceiptButton({ bookingId, sent, onSent }: { bookingId: string; sent: boolean; onSent?: () => void }) {
  const send = useSendFinalReceipt();
  if (sent) return null;
  return (
    <Button
      size="sm"
      disabled={send.isPending || send.isSuccess}
      onClick={() =>
        send.mutate(
          { id: bookingId },
          {
            onSuccess: (r) => {
              toast.success(r.message);
              onSent?.();
            },
            onError: (err) => toast.error('Failed to send final receipt', { description: err.message }),
          },
        )
      }
    >
      {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
      {send.isPending ? 'Sending...' : 'Send'}
    </Button>
  );
}

export function ReceiptDialog({ bookingId, sent, onClose }: { bookingId: string | null; sent: boolean; onClose: () => void }) {
  const receipt = useFinalReceipt(bookingId);
  return (
    <Dialog.Root open={bookingId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-bold">Final Receipt</Dialog.Title>
          <Dialog.Description className="sr-only">The itemised final receipt of this booking.</Dialog.Description>
          {receipt.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              Loading the receipt...
            </p>
          ) : receipt.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {receipt.error.message}
            </p>
          ) : (
            <ReceiptView receipt={receipt.data} />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline" size="sm">
                Close
              </Button>
            </Dialog.Close>
            {bookingId ? <SendReceiptButton bookingId={bookingId} sent={sent} /> : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
