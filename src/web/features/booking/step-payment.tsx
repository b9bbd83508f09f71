import { ArrowLeft, CreditCard, Gift, LoaderCircle, Tag, X } from 'lucide-react';
import { useState } from 'react';
import { prices } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import { normalisePromoCode, type BookingQuote, type PromoRate } from '../../../shared/pricing';
import type { CreateBookingRequest } from '../../../shared/schemas/booking-api';
import { Button } from '../../components/ui/button';
import { fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useQuoteBooking, useValidateGiftCard } from './booking-api';
import type { AppliedGiftCard, BookingDraft } from './booking-draft';
import { OrderSummary } from './order-summary';
import { stepButtonsRow } from './step-buttons';

const invalidPromo = { title: 'Invalid Promo Code', description: 'Please check your promo code and try again.' };

export function StepPayment({
  draft,
  quote,
  promo,
  giftCard,
  onPromoChange,
  onGiftCardChange,
  requestFor,
  onBack,
  onPay,
  paying,
}: {
  draft: BookingDraft;
  quote: BookingQuote;
  promo: PromoRate | null;
  giftCard: AppliedGiftCard | null;
  onPromoChange: (promo: PromoRate | null) => void;
  onGiftCardChange: (card: AppliedGiftCard | null) => void;
  requestFor: (promoCode: string | null, giftCardCode: string | null) => CreateBookingRequest;
  onBack: () => void;
  onPay: () => void;
  paying: boolean;
}) {
  const [giftInput, setGiftInput] = useState('');
  const [promoInput, setPromoInput] = useState('');
  // a refusal stays beside its field (a toast on a phone covers it, and goes in 6 s)
  const [giftError, setGiftError] = useState<string | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const refuseGift = (description: string) => {
    setGiftError(description);
    toast.error('Invalid Gift Card', { description });
  };
  const refusePromo = (description: string) => {
    setPromoError(description);
    toast.error(invalidPromo.title, { description });
  };
  const validateGiftCard = useValidateGiftCard();
  const quoteBooking = useQuoteBooking();

  async function applyGiftCard() {
    const code = giftInput.trim().toUpperCase();
    if (!code) {
      refuseGift('Please enter a gift card code.');
      return;
    }
    try {
      const result = await validateGiftCard.mutateAsync(code);
      if (!result.valid) {
        refuseGift(result.message || 'Please enter a gift card code.');
        return;
      }
      onGiftCardChange({ code: result.code, balanceCents: result.balance });
      setGiftInput('');
      toast.success('Gift card applied', { description: `${formatCents(result.balance)} available on ${result.code}.` });
    } catch (err) {
      if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 429) {
        refuseGift(err.fields.giftCardCode ?? err.message);
      } else {
        setGiftError('Failed to validate gift card. Please try again.');
        toast.error('Error', { description: 'Failed to validate gift card. Please try again.' });
      }
    }
  }

  async function applyPromo() {
    // docs/design.md 9: which codes exist is data, so the server decides; an empty one is no code
    const code = normalisePromoCode(promoInput);
    if (!code) {
      refusePromo(invalidPromo.description);
      return;
    }
    try {
      // the server prices the code; whether this customer may use it (FIRST12: first-time customers
      // only) it says when they book, so that a quote tells nothing about who has booked (decision 037)
      const priced = await quoteBooking.mutateAsync(requestFor(code, giftCard?.code ?? null));
      if (!priced.promo) throw new Error(invalidPromo.description);
      onPromoChange(priced.promo);
      setPromoInput('');
      toast.success('Promo code applied', { description: code });
    } catch (err) {
      refusePromo(err instanceof ApiRequestError ? (err.fields.promoCode ?? err.message) : invalidPromo.description);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="summary-heading" className="flex flex-col gap-3">
        <h3 id="summary-heading" className="text-base font-semibold">
          Order summary
        </h3>
        <OrderSummary draft={draft} quote={quote} promo={promo} showDetails />
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="gift-heading" className="flex flex-col gap-2 rounded-xl border border-border p-4">
          <h3 id="gift-heading" className="flex items-center gap-2 text-sm font-semibold">
            <Gift className="size-4 text-primary" aria-hidden="true" /> Gift card
          </h3>
          {giftCard ? (
            <div className="flex items-center justify-between gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
              <span>
                <strong>{giftCard.code}</strong> applied: {formatCents(giftCard.balanceCents)} available
              </span>
              <Button type="button" variant="ghost" size="sm" onClick={() => onGiftCardChange(null)} aria-label={`Remove gift card ${giftCard.code}`}>
                <X aria-hidden="true" /> Remove
              </Button>
            </div>
          ) : (
            <form
              method="post"
              className="flex flex-col gap-1.5"
              onSubmit={(e) => {
                e.preventDefault();
                if (giftInput && !validateGiftCard.isPending) void applyGiftCard();
              }}
            >
              <Label htmlFor="giftCardCode">Gift card code</Label>
              <div className="flex gap-2">
                <Input
                  value={giftInput}
                  maxLength={prices.giftCardCodeMaxLength}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="font-mono uppercase"
                  {...fieldAria('giftCardCode', giftError ?? undefined)}
                  onChange={(e) => {
                    setGiftError(null);
                    setGiftInput(e.target.value.toUpperCase().slice(0, prices.giftCardCodeMaxLength));
                  }}
                />
                <Button type="submit" variant="outline" disabled={!giftInput || validateGiftCard.isPending}>
                  {validateGiftCard.isPending ? 'Checking...' : 'Apply'}
                </Button>
              </div>
              <FieldError id="giftCardCode" message={giftError} />
            </form>
          )}
        </section>

        <section aria-labelledby="promo-heading" className="flex flex-col gap-2 rounded-xl border border-border p-4">
          <h3 id="promo-heading" className="flex items-center gap-2 text-sm font-semibold">
            <Tag className="size-4 text-primary" aria-hidden="true" /> Promo code
          </h3>
          {promo ? (
            <div className="flex items-center justify-between gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
              <span>
                <strong>{promo.code}</strong> applied
              </span>
              <Button type="button" variant="ghost" size="sm" onClick={() => onPromoChange(null)} aria-label={`Remove promo code ${promo.code}`}>
                <X aria-hidden="true" /> Remove
              </Button>
            </div>
          ) : (
            <form
              method="post"
              className="flex flex-col gap-1.5"
              onSubmit={(e) => {
                e.preventDefault();
                if (!quoteBooking.isPending) void applyPromo();
              }}
            >
              <Label htmlFor="promoCode">Promo code</Label>
              <div className="flex gap-2">
                <Input
                  value={promoInput}
                  maxLength={20}
                  autoComplete="off"
                  className="uppercase"
                  {...fieldAria('promoCode', promoError ?? undefined)}
                  onChange={(e) => {
                    setPromoError(null);
                    setPromoInput(e.target.value.toUpperCase());
                  }}
                />
                <Button type="submit" variant="outline" disabled={quoteBooking.isPending}>
                  {quoteBooking.isPending ? 'Checking...' : 'Apply'}
                </Button>
              </div>
              <FieldError id="promoCode" message={promoError} />
            </form>
          )}
        </section>
      </div>

      <PayButtons totalCents={quote.totalCents} onBack={onBack} onPay={onPay} paying={paying} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

// docs/design.md 5.1-5.4: the card is authorised for the estimate, and charged only what the weighed
// laundry comes to; the button says so, and the sentence under it says what the hold is
function PayButtons({ totalCents, onBack, onPay, paying }: { totalCents: number; onBack: () => void; onPay: () => void; paying: boolean }) {
  const free = totalCents === 0;
  return (
    <div className={cn(stepButtonsRow, 'sm:items-start')}>
      <Button type="button" variant="outline" onClick={onBack}>
        <ArrowLeft aria-hidden="true" /> Back
      </Button>
      <div className="flex flex-col gap-2 sm:items-end">
        <Button type="button" size="lg" disabled={paying} onClick={onPay} aria-describedby="pay-note" data-testid="pay-button">
          {paying ? (
            <>
              <LoaderCircle className="animate-spin" aria-hidden="true" /> Processing...
            </>
          ) : (
            <>
              <CreditCard aria-hidden="true" /> {free ? 'Complete Free Booking' : `Authorize ${formatCents(totalCents)}`}
            </>
          )}
        </Button>
        <p id="pay-note" className="text-sm text-muted-foreground sm:max-w-sm sm:text-right">
          {free
            ? 'Nothing is charged: your booking is confirmed at once.'
            : `This places a hold of ${formatCents(totalCents)} on your card, not a charge: after we weigh your laundry, we charge what it actually comes to and release the rest of the hold.`}
        </p>
      </div>
    </div>
  );
}
