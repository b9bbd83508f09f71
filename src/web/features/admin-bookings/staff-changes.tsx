// A customer who calls (decision 057): the buttons that open staff's move and details forms, until
// the pick-up is picked up. The forms load when opened (staff-change-forms.tsx).
import { CalendarClock, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/query-state';
import type { StaffBooking } from '../back-office-api';

const MoveForm = lazy(() => import('./staff-change-forms').then((m) => ({ default: m.MoveForm })));
const DetailsEditor = lazy(() => import('./staff-change-forms').then((m) => ({ default: m.DetailsEditor })));

/** Moved or corrected here only while the pick-up is still to come. */
export const canChangeForCustomer = (b: Pick<StaffBooking, 'bookingStatus'>) => b.bookingStatus === 'pending' || b.bookingStatus === 'confirmed';

export function ChangeForCustomer({ booking: b }: { booking: StaffBooking }) {
  const [open, setOpen] = useState<'move' | 'details' | null>(null);
  if (!canChangeForCustomer(b)) return null;
  if (open)
    return (
      <Suspense fallback={<Loading>Loading the form...</Loading>}>
        {open === 'move' ? <MoveForm booking={b} onDone={() => setOpen(null)} /> : <DetailsEditor booking={b} onDone={() => setOpen(null)} />}
      </Suspense>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => setOpen('move')} aria-label={`Move the pick-up of ${b.name}`}>
        <CalendarClock aria-hidden="true" />
        Move pick-up
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen('details')} aria-label={`Edit the details of ${b.name}`}>
        <Pencil aria-hidden="true" />
        Edit details
      </Button>
    </div>
  );
}

