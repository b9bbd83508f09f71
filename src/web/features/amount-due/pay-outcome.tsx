// What a pay page says around its content (docs/design.md 5.4, 9 invoices): the outcome with its icon
// and heading, and the business's phone for questions.
import { CircleAlert, CircleCheck, LoaderCircle, Phone } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { phoneHref } from '../../../shared/phone';
import { useSiteBusiness } from '../../lib/site-business';

export function Outcome({ tone, title, children }: { tone: 'ok' | 'warn'; title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-5 text-center">
      <span className={`flex size-16 items-center justify-center rounded-full ${tone === 'ok' ? 'bg-green-100 text-green-700' : 'bg-amber-100 text-amber-800'}`}>
        {tone === 'ok' ? <CircleCheck className="size-8" aria-hidden="true" /> : <CircleAlert className="size-8" aria-hidden="true" />}
      </span>
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

export function CallUs() {
  const site = useSiteBusiness();
  return (
    <p className="text-sm">
      Questions about your bill?{' '}
      <a className="inline-flex items-center gap-1 font-semibold text-primary underline" href={phoneHref(site.phone)}>
        <Phone className="size-4" aria-hidden="true" /> Call <span className="whitespace-nowrap">{site.phone}</span>
      </a>
    </p>
  );
}

/** Back from the checkout: the payment on its way, then (after the page looked a few times) what is true either way. */
export function PaymentProgress({ stillConfirming, onCheckAgain }: { stillConfirming: boolean; onCheckAgain: () => void }) {
  if (!stillConfirming)
    return (
      <p role="status" className="flex items-center gap-2">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Your card payment is on its way to us. This takes a few seconds.
      </p>
    );
  return (
    <>
      <p role="status">
        Your payment is still being confirmed. If you paid, there is nothing more to do: this page shows it as paid within a few minutes. If you left the payment page
        without paying, you can pay now.
      </p>
      <Button variant="outline" onClick={onCheckAgain}>
        Check again
      </Button>
    </>
  );
}
