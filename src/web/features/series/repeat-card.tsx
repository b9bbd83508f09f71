// "Make it a regular pick-up" (decision 024): at the end of a booking, every week or every two
// weeks on the same weekday and window; the server says when the first one is and emails the link
// to skip, pause or stop.
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useStartSeries } from './series-api';

export function RepeatCard({ bookingId, token, sessionId }: { bookingId: string; token: string | null; sessionId: string | null }) {
  const start = useStartSeries();
  const [every, setEvery] = useState<1 | 2>(1);
  const credential = token ? { token } : sessionId ? { sessionId } : {};
  return (
    <section aria-labelledby="repeat-heading" className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
      <h2 id="repeat-heading" className="mb-2 flex items-center gap-2 text-lg font-bold">
        <Repeat className="size-5 text-primary" aria-hidden="true" />
        Make it a regular pick-up
      </h2>
      {start.isSuccess ? (
        <p role="status" className="text-sm font-medium text-green-800">
          Done: {start.data.series.label}. The first one is on {start.data.series.nextLabel}. We emailed you the link to skip, pause or stop it.
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground">
            Same day and window, same order. Each pick-up is booked 3 days ahead with its own hold on this card; skip any one by replying SKIP to our reminder.
          </p>
          <fieldset className="mb-3 flex flex-wrap gap-4 text-sm">
            <legend className="sr-only">How often</legend>
            {([1, 2] as const).map((n) => (
              <label key={n} className="flex items-center gap-2">
                <input type="radio" name="repeat-every" checked={every === n} onChange={() => setEvery(n)} className="size-4 accent-primary" />
                {n === 1 ? 'Every week' : 'Every 2 weeks'}
              </label>
            ))}
          </fieldset>
          {start.error ? (
            <p role="alert" className="mb-3 text-sm font-medium text-destructive">
              {start.error.message}
            </p>
          ) : null}
          <Button disabled={start.isPending} onClick={() => start.mutate({ bookingId, everyWeeks: every, ...credential })}>
            {start.isPending ? 'Setting it up...' : 'Repeat this pick-up'}
          </Button>
        </>
      )}
    </section>
  );
}
