// A booking's actions in All Bookings (spec: back-office 2, Actions): the one the booking waits
// for stays in view (the rating email once delivered, the receipt once weighed and paid); the
// others (print, send the receipt, delete) are in the row's More menu, kept inside the row so the
// row is where they are found.
import * as Popover from '@radix-ui/react-popover';
import { ChevronDown, ChevronRight, ExternalLink, LoaderCircle, Printer, ReceiptText, Send, Tags, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useSendFinalReceipt, type StaffBooking } from '../back-office-api';
import { RatingEmailButton } from './booking-controls';

export type RowActions = { onWeigh: () => void; onReceipt: () => void; onDelete: () => void; deleting: boolean; selected: boolean; onSelect: (on: boolean) => void };

/** The row's box for the bulk actions (decision 056). */
export function SelectBox({ booking: b, actions }: { booking: StaffBooking; actions: RowActions }) {
  return (
    <input
      type="checkbox"
      className="size-4 shrink-0 accent-brand-700"
      checked={actions.selected}
      onChange={(e) => actions.onSelect(e.target.checked)}
      aria-label={`Select ${b.name} (${b.confirmation})`}
    />
  );
}

const receiptReady = (b: StaffBooking) => b.weightAdjustmentProcessed && b.paymentStatus === 'paid';
const ratingDue = (b: StaffBooking) => b.bookingStatus === 'delivered' && !b.deliveryConfirmationSent;

/** The action the booking waits for, or nothing. */
export function PrimaryAction({ booking: b, actions }: { booking: StaffBooking; actions: RowActions }) {
  if (ratingDue(b)) return <RatingEmailButton booking={b} />;
  if (receiptReady(b)) return <ReceiptButton booking={b} actions={actions} />;
  return null;
}

function ReceiptButton({ booking: b, actions, className }: { booking: StaffBooking; actions: RowActions; className?: string }) {
  return (
    <Button size="sm" variant="outline" className={className} onClick={actions.onReceipt} aria-label={`Receipt for ${b.name}`}>
      <ReceiptText aria-hidden="true" />
      Receipt
    </Button>
  );
}

const itemClass =
  'flex h-9 w-full items-center gap-2 rounded-md px-2.5 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

export function MoreMenu({ booking: b, actions }: { booking: StaffBooking; actions: RowActions }) {
  const [open, setOpen] = useState(false);
  const send = useSendFinalReceipt();
  const then = (act: () => void) => () => {
    setOpen(false);
    act();
  };
  const items: ReactNode[] = [
    <a key="print" className={itemClass} href={`/admin/print-order?id=${b.id}`} target="_blank" rel="noopener" onClick={() => setOpen(false)}>
      <Printer aria-hidden="true" />
      Print Order
      <ExternalLink aria-hidden="true" className="ml-auto size-3!" />
      <span className="sr-only"> for {b.name} (opens in a new tab)</span>
    </a>,
  ];
  // a tag per bag, with the QR code that opens the order (decision 056)
  if (b.bookingStatus !== 'cancelled' && b.bookingStatus !== 'pending')
    items.push(
      <a key="tags" className={itemClass} href={`/admin/print-tags?id=${b.id}`} target="_blank" rel="noopener" onClick={() => setOpen(false)}>
        <Tags aria-hidden="true" />
        Print Bag Tags
        <ExternalLink aria-hidden="true" className="ml-auto size-3!" />
        <span className="sr-only"> for {b.name} (opens in a new tab)</span>
      </a>,
    );
  // the rating email took the row's place: the receipt is here
  if (receiptReady(b) && ratingDue(b))
    items.push(
      <button key="receipt" type="button" className={itemClass} onClick={then(actions.onReceipt)}>
        <ReceiptText aria-hidden="true" />
        Receipt
      </button>,
    );
  if (receiptReady(b) && !b.finalReceiptSent)
    items.push(
      <button
        key="send"
        type="button"
        className={itemClass}
        disabled={send.isPending}
        onClick={then(() =>
          send.mutate(
            { id: b.id },
            {
              onSuccess: (r) => toast.success(r.message),
              onError: (err) => toast.error('Failed to send final receipt', { description: err.message }),
            },
          ),
        )}
      >
        {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        Send Receipt
      </button>,
    );
  items.push(
    <button key="delete" type="button" className={cn(itemClass, 'text-destructive hover:bg-red-50')} onClick={then(actions.onDelete)} disabled={actions.deleting}>
      {actions.deleting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
      Delete
      <span className="sr-only"> booking for {b.name}</span>
    </button>,
  );
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline" aria-label={`More actions for ${b.name}`}>
          More
          <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
        </Button>
      </Popover.Trigger>
      {/* no portal: the menu stays inside its row (Radix places it with fixed positioning, so the
          table's scroll box does not clip it) */}
      <Popover.Content
        align="end"
        sideOffset={4}
        collisionPadding={8}
        aria-label={`More actions for ${b.name}`}
        className="z-40 flex w-52 flex-col gap-0.5 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        {items}
      </Popover.Content>
    </Popover.Root>
  );
}

/** Opens the row's details: the secondary facts and the price per pound. */
export function DetailsToggle({ booking: b, open, controls, onToggle }: { booking: StaffBooking; open: boolean; controls: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="-ml-1 inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-xs font-semibold text-primary hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-ring"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
    >
      <ChevronRight aria-hidden="true" className={cn('size-3.5 transition-transform', open && 'rotate-90')} />
      Details<span className="sr-only"> for {b.name}</span>
    </button>
  );
}
