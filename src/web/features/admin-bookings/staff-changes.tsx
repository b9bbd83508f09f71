// A customer who calls (decision 057): the buttons that open staff's move and details forms, until
// the pick-up is picked up. The forms load when opened (staff-change-forms.tsx).
import { CalendarClock, Mail, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/query-state';
import type { StaffBooking } from '../back-office-api';

const MoveForm = lazy(() => import('./staff-change-forms').then((m) => ({ default: m.MoveForm })));
const DetailsEditor = lazy(() => import('./staff-change-forms').then((m) => ({ default: m.DetailsEditor })));
const ResendPayLink = lazy(() => import('./staff-change-forms').then((m) => ({ default: m.ResendPayLink })));

/** Moved or corrected here only while the pick-up is still to come. */
export const canChangeForCustomer = (b: Pick<StaffBooking, 'bookingStatus'>) => b.bookingStatus === 'pending' || b.bookingStatus === 'confirmed';

export function ChangeForCustomer({ booking: b }: { booking: StaffBooking }) {
  const [open, setOpen] = useState<'move' | 'details' | 'link' | null>(null);
  if (!canChangeForCustomer(b)) return null;
  // taken on the phone and not yet confirmed with a card: its link can go again (decision 058)
  const awaitingCard = b.phoneOrder !== null && b.bookingStatus === 'pending' && b.paymentStatus === 'pending';
  if (open)
    return (
      <Suspense fallback={<Loading>Loading the form...</Loading>}>
        {open === 'move' ? <MoveForm booking={b} onDone={() => setOpen(null)} /> : open === 'details' ? <DetailsEditor booking={b} onDone={() => setOpen(null)} /> : <ResendPayLink booking={b} onDone={() => setOpen(null)} />}
      </Suspense>
    );
  return (
    <div className="flex flex-wrap gap-2">
      {awaitingCard ? <p className="w-full text-sm text-amber-800">Taken on the phone: waiting for the customer to confirm it with their card.</p> : null}
      <Button size="sm" variant="outline" onClick={() => setOpen('move')} aria-label={`Move the pick-up of ${b.name}`}>
        <CalendarClock aria-hidden="true" />
        Move pick-up
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen('details')} aria-label={`Edit the details of ${b.name}`}>
        <Pencil aria-hidden="true" />
        Edit details
      </Button>
      {awaitingCard ? (
        <Button size="sm" variant="outline" onClick={() => setOpen('link')} aria-label={`Send the pay link of ${b.name} again`}>
          <Mail aria-hidden="true" />
          Send pay link again
        </Button>
      ) : null}
    </div>
  );
}

