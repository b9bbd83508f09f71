// Live progress (decision 023): where an order is, as the customer reads it on their orders and on
// the confirmation page. The server says which stages are done, which is now, and when each was
// reached; this only draws it (an ordered list, the current stage marked for screen readers).
import { Check } from 'lucide-react';
import { businessDateFormat } from '../lib/business-time';
import type { TimelineStepView } from '../../shared/schemas/order-timeline';
import { cn } from '../lib/cn';

const when = businessDateFormat({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export function OrderTimeline({ steps, label }: { steps: TimelineStepView[]; label: string }) {
  return (
    <ol aria-label={label} className="grid grid-cols-2 gap-x-3 gap-y-2 text-xs sm:grid-cols-6">
      {steps.map((step) => (
        <li key={step.stage} aria-current={step.state === 'current' ? 'step' : undefined} className="flex items-start gap-1.5">
          <span
            aria-hidden="true"
            className={cn(
              'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border',
              step.state === 'done' && 'border-green-700 bg-green-700 text-white',
              step.state === 'current' && 'border-primary bg-primary text-white ring-2 ring-primary/30',
              step.state === 'next' && 'border-slate-300 bg-white',
            )}
          >
            {step.state === 'done' ? <Check className="size-3" /> : null}
          </span>
          <span className="flex flex-col">
            <span className={cn(step.state === 'next' ? 'text-slate-600' : 'font-semibold text-slate-900')}>
              {step.label}
              <span className="sr-only">{step.state === 'done' ? ' (done)' : step.state === 'current' ? ' (now)' : ' (to come)'}</span>
            </span>
            {step.at ? <span className="text-slate-600">{when.format(new Date(step.at))}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
