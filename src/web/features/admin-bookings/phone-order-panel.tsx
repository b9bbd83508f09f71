// "New phone order" above All Bookings (decision 058): the form loads when opened (the back office's
// budget) and, once booked, shows the order in the list.
import { Phone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/query-state';

const PhoneOrderForm = lazy(() => import('./phone-order-form').then((m) => ({ default: m.PhoneOrderForm })));

export function PhoneOrderPanel({ onOpen }: { onOpen: (confirmation: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
        <Phone aria-hidden="true" />
        New phone order
      </Button>
    );
  return (
    <Suspense fallback={<Loading>Loading the form...</Loading>}>
      <PhoneOrderForm
        onDone={() => setOpen(false)}
        onOpen={(code) => {
          setOpen(false);
          onOpen(code);
        }}
      />
    </Suspense>
  );
}
