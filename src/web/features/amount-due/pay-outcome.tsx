// What a pay page says around its content (DESIGN.md 5.4, 9 invoices): the outcome with its icon
// and heading, and the business's phone for questions.
import { CircleAlert, CircleCheck, Phone } from 'lucide-react';
import { business } from '../../../shared/business';

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
  return (
    <p className="text-sm">
      Questions about your bill?{' '}
      <a className="inline-flex items-center gap-1 font-semibold text-primary underline" href={business.phoneHref}>
        <Phone className="size-4" aria-hidden="true" /> Call {business.phone}
      </a>
    </p>
  );
}
