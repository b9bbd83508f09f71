// spec: back-office 2, Today's Schedule (business time zone), by pick-up window; each window's
// stops open as one route in a maps app (beyond the spec).
import { MapPinned } from 'lucide-react';
import { formatLongDate } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import { pickupLocationLabels } from '../../../shared/booking-values';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useTodaysSchedule } from '../back-office-api';
import { BookingStatusBadge, ContactBlock, PreferencesBlock } from '../admin-bookings';
import { RefreshButton, Loading, LoadFailed, useLoadErrorToast } from '../../components/ui/query-state';

export function ScheduleTab() {
  const schedule = useTodaysSchedule();
  useLoadErrorToast('Failed to fetch bookings. Please try again.', schedule.error);
  const data = schedule.data;
  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
        <div>
          <h2 className="text-lg font-bold">Today&apos;s Schedule</h2>
          {data ? <p className="text-sm text-slate-600">{formatLongDate(data.date)} · {data.total} pick-up{data.total === 1 ? '' : 's'}</p> : null}
        </div>
        <RefreshButton query={schedule} />
      </div>
      {schedule.isPending ? (
        <Loading>Loading today&apos;s pickups...</Loading>
      ) : schedule.isError ? (
        <LoadFailed title="Failed to fetch bookings. Please try again." query={schedule} />
      ) : !data || data.total === 0 ? (
        <p className="p-6 text-sm text-muted-foreground">No pickups scheduled for today</p>
      ) : (
        <div className="flex flex-col gap-6 p-4 sm:p-6">
          {data.windows.map((w) => (
            <section key={w.pickupTime} aria-labelledby={`window-${w.pickupTime}`} className="flex flex-col gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id={`window-${w.pickupTime}`} className="font-bold">
                  {w.label} · {w.stops.length} stop{w.stops.length === 1 ? '' : 's'}
                </h3>
                {w.routeUrl ? (
                  <Button asChild size="sm" variant="secondary">
                    <a href={w.routeUrl} target="_blank" rel="noopener noreferrer">
                      <MapPinned aria-hidden="true" />
                      Open route in Maps<span className="sr-only"> for {w.label} (opens in a new tab)</span>
                    </a>
                  </Button>
                ) : null}
              </div>
              <ol className="flex flex-col gap-3">
                {w.stops.map((b, i) => (
                  <li key={b.id} className="rounded-lg border border-slate-200 p-4">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div>
                        <p className="font-semibold">
                          <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-slate-900 text-xs text-white" aria-hidden="true">
                            {i + 1}
                          </span>
                          <span className="sr-only">Stop {i + 1}: </span>
                          {b.name}
                        </p>
                        <p className="text-sm text-slate-600">
                          {w.label} · {pickupLocationLabels[b.pickupLocation as keyof typeof pickupLocationLabels] ?? b.pickupLocation} · {b.bagQuantity} bag{b.bagQuantity === 1 ? '' : 's'} ·{' '}
                          {formatCents(b.weightAdjustmentProcessed ? b.capturedAmount : b.totalAmount)}
                        </p>
                      </div>
                      <BookingStatusBadge status={b.bookingStatus} />
                    </div>
                    <div className="mt-3 grid gap-3 md:grid-cols-2">
                      <ContactBlock b={b} />
                      <PreferencesBlock b={b} />
                    </div>
                    {b.specialInstructions ? (
                      <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-950">
                        <span className="font-semibold">Special instructions: </span>
                        {b.specialInstructions}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
