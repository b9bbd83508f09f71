// The one status control of a booking (decision 056): the money's status and the laundry's steps as
// one line (src/shared/order-state.ts), offering the moves the server allows and saying why the
// others are not. Cancelling asks first, saying what happens to the hold and the gift card; out for
// delivery asks first, because it tells the customer.
import { useId, useState } from 'react';
import { formatCents } from '../../../shared/money';
import { actionOf, orderState, orderStateLabels, orderStateMove, orderStates, type OrderState } from '../../../shared/order-state';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { fieldClass } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useSetBookingProgress, useSetBookingStatus, type StaffBooking } from '../back-office-api';

export function StatusSelect({ booking }: { booking: StaffBooking }) {
  const id = useId();
  const hintId = useId();
  const status = useSetBookingStatus();
  const progress = useSetBookingProgress();
  const [asking, setAsking] = useState<'cancelled' | 'out_for_delivery' | null>(null);
  const now = orderState(booking);
  const moves = orderStates.map((s) => ({ state: s, move: orderStateMove(booking, s) }));
  const final = moves.every((m) => m.state === now || !m.move.allowed);
  const pending = status.isPending || progress.isPending;
  const done = (to: OrderState) => ({
    onSuccess: () => {
      setAsking(null);
      toast.success(to === 'cancelled' ? `Booking for ${booking.name} cancelled; the customer was emailed` : `${booking.name}: ${orderStateLabels[to].toLowerCase()}`);
    },
    onError: (err: Error) => {
      setAsking(null);
      toast.error('The status was not changed.', { description: err.message });
    },
  });
  const moveTo = (to: OrderState) => {
    const action = actionOf(to);
    if (!action) return;
    if (action.kind === 'status') status.mutate({ id: booking.id, status: action.status }, done(to));
    else progress.mutate({ id: booking.id, stage: action.step }, done(to));
  };
  const shown: OrderState = pending && !asking ? ((status.variables?.status ?? progress.variables?.stage ?? now) as OrderState) : now;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Status for {booking.name}
      </label>
      <select
        id={id}
        className={cn(fieldClass, 'h-9 w-36 py-1')}
        value={shown}
        disabled={pending || final}
        aria-describedby={final ? hintId : undefined}
        onChange={(e) => {
          const to = e.target.value as OrderState;
          if (to === 'cancelled' || to === 'out_for_delivery') setAsking(to);
          else moveTo(to);
        }}
      >
        {moves.map(({ state, move }) => (
          <option key={state} value={state} disabled={!move.allowed} title={move.allowed ? undefined : move.reason}>
            {orderStateLabels[state]}
            {move.allowed ? '' : ` (${move.reason})`}
          </option>
        ))}
      </select>
      {final ? (
        <p id={hintId} className="mt-1 max-w-36 text-xs text-slate-600">
          {booking.bookingStatus === 'cancelled' ? 'Cancelled for good.' : booking.bookingStatus === 'delivered' ? 'Delivered.' : 'Moves on by weighing.'}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking === 'cancelled'}
        title={`Cancel the booking for ${booking.name}?`}
        description={<CancelConsequences booking={booking} />}
        confirmLabel="Cancel booking"
        pendingLabel="Cancelling…"
        pending={pending}
        destructive
        onConfirm={() => moveTo('cancelled')}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'out_for_delivery'}
        title="Out for delivery?"
        description={`${booking.name} is told by email (and by text if they agreed to texts) that their laundry is on its way today.`}
        confirmLabel="Mark out for delivery"
        pendingLabel="Saving..."
        pending={pending}
        onConfirm={() => moveTo('out_for_delivery')}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

/** What a staff cancellation lets go of, from the booking as the server sent it. */
function CancelConsequences({ booking: b }: { booking: StaffBooking }) {
  const held = b.paymentStatus === 'paid' && b.paymentIntentStatus === 'requires_capture' && b.authorizedAmount > 0;
  return (
    <span className="flex flex-col gap-1.5">
      <span>
        {held ? `The ${formatCents(b.authorizedAmount)} authorization on the customer's card is released: nothing is charged.` : 'Nothing was charged, so nothing is refunded.'}
      </span>
      {b.giftCardDiscountCents > 0 ? <span>{`${formatCents(b.giftCardDiscountCents)} goes back to their gift card.`}</span> : null}
      <span>The pick-up window is freed and the customer gets an email saying so. A cancelled booking cannot be reopened.</span>
    </span>
  );
}
