// The landing page's gift-card shop (spec: customer-site 2): the amounts, the checkout view once
// one is chosen, and the balance check. The landing page loads it when it is about to be seen
// (docs/decisions/006, lib/deferred.tsx); the checkout's own code loads when an amount is chosen.
import { LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { QueryProvider } from '../../lib/query';
import { AmountChooser } from './amount-chooser';
import { BalanceCheck } from './balance-check';

const GiftCardCheckout = lazy(() => import('./gift-card-checkout'));

function GiftCardShop() {
  const [dollars, setDollars] = useState<number | null>(null);
  // where the visitor was when they chose: "Back to Gift Cards" returns them there
  const chosenFrom = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (dollars === null) chosenFrom.current?.focus();
  }, [dollars]);

  return (
    <div className="flex flex-col gap-10">
      {/* hidden, not removed: the amounts keep what was typed and where the focus was */}
      <div hidden={dollars !== null}>
        <AmountChooser
          onChoose={(chosen) => {
            chosenFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            setDollars(chosen);
          }}
        />
      </div>
      {dollars !== null ? (
        <Suspense
          fallback={
            <div role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
              <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> Loading the checkout...
            </div>
          }
        >
          <GiftCardCheckout key={dollars} dollars={dollars} onBack={() => setDollars(null)} />
        </Suspense>
      ) : null}
      <BalanceCheck />
    </div>
  );
}

/** The shop with its server state, as the landing page loads it when it is about to be seen. */
export default function GiftCardShopPart() {
  return (
    <QueryProvider>
      <GiftCardShop />
    </QueryProvider>
  );
}
