// The first run (decision 055): a new installation in production takes no booking until a master
// admin confirms the business as it stands and opens the website; the public pages say "opening
// soon" meanwhile. The confirmation lists what customers will see.
import { Store } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast';
import { type SettingsResponse, useOpenForBookings } from './settings-api';

export function OpeningCard({ data }: { data: SettingsResponse }) {
  const [confirming, setConfirming] = useState(false);
  const open = useOpenForBookings();
  if (data.open) return null;
  const { business, serviceArea, prices } = data.settings;
  const facts = [
    `Name: ${business.name}`,
    `Phone: ${business.phone}`,
    `Customer email: ${business.email}`,
    `Notices email: ${business.noticesEmail}`,
    `ZIP codes: ${serviceArea.zipCodes.join(', ')}`,
    `Price per lb: ${formatCents(prices.perPoundCents)}`,
  ];
  return (
    <Card className="border-2 border-amber-300 bg-amber-50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Store aria-hidden="true" className="size-5" /> The website is not taking bookings yet
        </CardTitle>
        <CardDescription className="text-slate-700">
          Visitors see “Opening soon”. Check the business, the service area and the prices below; when they are right, open the website to bookings.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data.canEdit ? (
          <Button onClick={() => setConfirming(true)}>Open for bookings</Button>
        ) : (
          <p className="text-sm text-slate-700">A master admin opens the website.</p>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Open the website to bookings?"
        description={
          <span className="flex flex-col gap-2">
            <span>Customers can book from now on, with these details:</span>
            <span className="flex flex-col">
              {facts.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </span>
          </span>
        }
        confirmLabel="Open for bookings"
        pendingLabel="Opening..."
        pending={open.isPending}
        onConfirm={() =>
          open.mutate(data.version, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('The website takes bookings now');
            },
            onError: (error) => {
              setConfirming(false);
              toast.error('Not opened', { description: error.message });
            },
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
