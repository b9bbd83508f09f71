import { Infinity as InfinityIcon, Mail, Repeat, type LucideIcon } from 'lucide-react';
import { loadGiftCardShop } from '../../features/gift-cards';
import { deferredPart } from '../../lib/deferred';
import { container, SectionHeading, sectionSpacing } from './section-heading';

// the amounts are prerendered; their code (and the checkout's validation) loads when the shop is
// about to be seen or used, as the contact form's does (docs/decisions/006, 009)
const GiftCardShop = deferredPart('gift-card-shop', loadGiftCardShop);

// spec: customer-site 9, "No expiry, ... digital delivery, transferable"
const perks: { label: string; icon: LucideIcon }[] = [
  { label: 'No expiry', icon: InfinityIcon },
  { label: 'Digital delivery by email', icon: Mail },
  { label: 'Transferable', icon: Repeat },
];

export function GiftCardsSection({ onAsk }: { onAsk: (subject: string) => void }) {
  function askAboutGroups() {
    onAsk('Gift cards for a group');
    // the section's top, then (on a phone, where the form is further down) the form itself
    document.getElementById('contact')?.scrollIntoView();
    document.getElementById('contact-form')?.scrollIntoView({ block: 'nearest' });
    window.history.replaceState(window.history.state, '', '#contact');
  }

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

        <div className="mt-12">
          <GiftCardShop />
        </div>

        <p className="mt-8 text-center text-sm text-muted-foreground">
          Buying for a team, a group or a business?{' '}
          {/* a button, not a link: a press made before the page is live is held and replayed once it
              is (lib/hold-interactions), so the first press fills in the subject, not only the second */}
          <button
            type="button"
            onClick={askAboutGroups}
            className="cursor-pointer font-semibold text-primary underline decoration-brand-200 underline-offset-4 hover:decoration-primary"
          >
            Ask us
          </button>
        </p>
      </div>
    </section>
  );
}
