import { Gift, Infinity as InfinityIcon, Mail, Repeat, Sparkles, type LucideIcon } from 'lucide-react';
import { giftCardPresets, prices } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import { buttonVariants } from '../../components/ui/button';
import { SectionLink } from '../../components/site-header';
import { cn } from '../../lib/cn';
import { container, SectionHeading, sectionSpacing } from './section-heading';

// spec: customer-site 9, "No expiry, ... digital delivery, transferable"
const perks: { label: string; icon: LucideIcon }[] = [
  { label: 'No expiry', icon: InfinityIcon },
  { label: 'Digital delivery by email', icon: Mail },
  { label: 'Transferable', icon: Repeat },
];

const presetOptions = giftCardPresets.map((preset) => {
  const amount = formatCents(preset.cents, { compact: true });
  return { ...preset, amount, subject: `Gift card: ${amount}`, cta: `Ask about a ${amount} gift card` };
});

const askButton = 'h-auto min-h-10 w-full whitespace-normal py-2 text-center';

export function GiftCardsSection({ onAsk }: { onAsk: (subject: string) => void }) {
  return (
    <section id="gift-cards" aria-labelledby="gift-cards-title" className={sectionSpacing}>
      <div className={container}>
        <SectionHeading id="gift-cards-title" eyebrow="Gift Cards" title="Give the gift of a free laundry day">
          The most thoughtful present for anyone who could use a little time back.
        </SectionHeading>

        <ul className="mx-auto mt-8 flex max-w-3xl flex-wrap justify-center gap-x-6 gap-y-2">
          {perks.map(({ label, icon: Icon }) => (
            <li key={label} className="flex items-center gap-2 font-medium text-slate-700">
              <Icon aria-hidden="true" className="size-5 text-primary" />
              {label}
            </li>
          ))}
        </ul>

        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {presetOptions.map((option) => (
            <li key={option.cents} className="flex flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm">
              <div className="bg-linear-to-br from-brand-700 to-brand-900 px-6 pt-6 pb-5 text-white">
                <div className="flex items-center justify-between">
                  <Gift aria-hidden="true" className="size-6 text-brand-100" />
                  <span className="text-xs font-semibold tracking-wider text-brand-100 uppercase">Gift card</span>
                </div>
                <h3 className="mt-6 font-display text-4xl font-extrabold tracking-tight">
                  {option.amount}
                  <span className="sr-only"> gift card</span>
                </h3>
              </div>
              <div className="flex flex-1 flex-col gap-2 p-6">
                <p className="font-semibold text-slate-900">{option.title}</p>
                <p className="text-sm text-muted-foreground">{option.description}</p>
                <div className="mt-auto pt-4">
                  <SectionLink
                    section="contact"
                    onClick={() => onAsk(option.subject)}
                    className={cn(buttonVariants({ variant: 'outline' }), askButton)}
                  >
                    {option.cta}
                  </SectionLink>
                </div>
              </div>
            </li>
          ))}
        </ul>

        <div className="mt-6 flex flex-col gap-5 rounded-2xl border border-dashed border-brand-200 bg-brand-50/60 p-6 sm:flex-row sm:items-center sm:gap-6">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-white text-primary ring-1 ring-brand-100">
            <Sparkles aria-hidden="true" className="size-6" />
          </span>
          <div className="flex-1">
            <h3 className="font-display text-xl font-extrabold text-slate-900">Custom amount</h3>
            <p className="mt-1 text-muted-foreground">
              Choose any amount from {formatCents(prices.giftCardMinimumCents, { compact: true })}. Great for birthdays,
              new parents and busy friends.
            </p>
          </div>
          <div className="shrink-0">
            <SectionLink
              section="contact"
              onClick={() => onAsk('Gift card: custom amount')}
              className={cn(buttonVariants({ variant: 'default' }), askButton, 'px-5 sm:w-auto')}
            >
              Ask about a custom gift card
            </SectionLink>
          </div>
        </div>

        <p className="mt-8 text-center text-sm text-muted-foreground">
          Online gift-card checkout is coming soon — contact us and we&apos;ll set one up.
        </p>
      </div>
    </section>
  );
}
