// The gift-card checkout view (spec: customer-site 2, 4, 5, 7, 8): who buys, for whom, a message
// and the terms box; Buy opens the payment page in a new tab, where the card is charged at once.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CreditCard, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { safeParse, type output } from 'zod/mini';
import { formatCents } from '../../../shared/money';
import { todayIn } from '../../../shared/dates';
import { useSiteBusiness } from '../../lib/site-business';
import { giftCardPurchaseCents } from '../../../shared/pricing-gift-cards';
import {
  GIFT_CARD_MESSAGE_MAX,
  giftCardPurchaseRequestSchema,
  type GiftCardPurchaseRequest,
} from '../../../shared/schemas/gift-card-purchase';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCreateGiftCardPurchase } from './gift-cards-api';

/** The form's values: the contract's payload, with the terms box unticked until it is ticked. */
type PurchaseForm = Omit<GiftCardPurchaseRequest, 'terms_accepted'> & { terms_accepted: boolean };
type FieldName = keyof PurchaseForm;
const fieldNames: FieldName[] = ['amount', 'purchaser_email', 'sender_name', 'recipient_name', 'recipient_email', 'deliver_on', 'message', 'terms_accepted'];

// spec: customer-site 8, "Gift-card purchase failure"
const purchaseFailed = 'Failed to create gift card payment. Please try again.';
const noCheckoutUrl = 'No checkout URL received';

// the schema requires a ticked box (a literal true); the form starts unticked, so its input type is wider
const resolver = zodResolver(giftCardPurchaseRequestSchema) as unknown as Resolver<PurchaseForm, unknown, output<typeof giftCardPurchaseRequestSchema>>;

export default function GiftCardCheckout({ dollars, onBack }: { dollars: number; onBack: () => void }) {
  const uid = useId();
  const ids = Object.fromEntries(fieldNames.map((name) => [name, `${uid}-${name}`])) as Record<FieldName, string>;
  const viewRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const purchase = useCreateGiftCardPurchase();
  const amountCents = giftCardPurchaseCents(dollars);
  const form = useForm<PurchaseForm, unknown, output<typeof giftCardPurchaseRequestSchema>>({
    resolver,
    defaultValues: { amount: dollars, purchaser_email: '', sender_name: '', recipient_name: '', recipient_email: '', deliver_on: '', message: '', terms_accepted: false },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const termsTicked = form.watch('terms_accepted');
  const today = todayIn(useSiteBusiness().timeZone);
  const messageLength = (form.watch('message') ?? '').length;

  // the view replaces the amounts: bring its heading to the eye and to screen readers
  useEffect(() => {
    viewRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  function buy() {
    const parsed = safeParse(giftCardPurchaseRequestSchema, form.getValues());
    if (!parsed.success) {
      // shows each field's message next to it and moves to the first
      void form.handleSubmit(() => undefined)();
      return;
    }
    // the server's messages from an earlier try are answered by this one
    form.clearErrors();
    // docs/design.md 7: the tab opens on the click itself, so pop-up blockers allow it
    const tab = window.open('', '_blank');
    purchase.mutate(parsed.data, {
      onSuccess: (result) => {
        if (!result.url) {
          tab?.close();
          toast.error('Error', { description: noCheckoutUrl });
          return;
        }
        if (tab && !tab.closed) {
          tab.location.href = result.url;
          setCheckoutUrl(result.url);
        } else {
          // the tab was blocked: pay in this one
          window.location.assign(result.url);
        }
      },
      onError: (error) => {
        tab?.close();
        let description = purchaseFailed;
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
          // a refusal the server explains (a field, too many purchases): its own sentence
          description = error.message || purchaseFailed;
          for (const [field, message] of Object.entries(error.fields)) {
            if ((fieldNames as string[]).includes(field)) form.setError(field as FieldName, { type: 'server', message });
          }
        }
        toast.error('Error', { description });
      },
    });
  }

  /** The control's id and aria, linked to its message, its hint, and anything else describing it. */
  const aria = (name: FieldName, options: { hint?: boolean; also?: string } = {}) => {
    const base = fieldAria(ids[name], errors[name]?.message, options.hint);
    const describedBy = [base['aria-describedby'], options.also].filter(Boolean).join(' ') || undefined;
    return { ...base, 'aria-describedby': describedBy };
  };

  return (
    <div ref={viewRef} className="mx-auto flex w-full max-w-2xl scroll-mt-24 flex-col gap-4">
      <div>
        <Button type="button" variant="ghost" onClick={onBack} className="-ml-2">
          <ArrowLeft aria-hidden="true" /> Back to Gift Cards
        </Button>
      </div>
      <div className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-8">
        <h3 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-extrabold text-slate-900 focus:outline-none">
          Gift card checkout
        </h3>
        <p className="mt-2 text-muted-foreground">
          A <strong className="text-slate-900" data-testid="gift-card-amount">{formatCents(amountCents)}</strong> gift card, sent by email to
          the person you choose. No expiry, usable for any laundry service.
        </p>
        {errors.amount?.message ? (
          <p id={`${ids.amount}-error`} role="alert" className="mt-2 text-sm font-medium text-destructive">
            {errors.amount.message}
          </p>
        ) : null}

        <form
          noValidate
          aria-label="Gift card checkout"
          className="mt-6 flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            if (!purchase.isPending) buy();
          }}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={ids.sender_name} label="Your name (optional)" error={errors.sender_name?.message} hint="The email says the card is from you.">
              <Input {...aria('sender_name', { hint: true })} autoComplete="name" {...register('sender_name')} />
            </Field>
            <Field id={ids.purchaser_email} label="Your email" required error={errors.purchaser_email?.message} hint="Your receipt goes here.">
              <Input {...aria('purchaser_email', { hint: true })} type="email" autoComplete="email" inputMode="email" {...register('purchaser_email')} />
            </Field>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={ids.recipient_name} label="Recipient's name" required error={errors.recipient_name?.message}>
              <Input {...aria('recipient_name')} autoComplete="off" {...register('recipient_name')} />
            </Field>
            <Field id={ids.recipient_email} label="Recipient's email" required error={errors.recipient_email?.message}>
              <Input {...aria('recipient_email')} type="email" autoComplete="off" inputMode="email" {...register('recipient_email')} />
            </Field>
          </div>
          <Field id={ids.deliver_on} label="Send it on (optional)" error={errors.deliver_on?.message} hint="Leave it empty to send the card now; on a day you choose, it goes out that morning.">
            <Input {...aria('deliver_on', { hint: true })} type="date" min={today} className="sm:w-56" {...register('deliver_on')} />
          </Field>
          <div className="flex flex-col gap-1.5">
            <Field id={ids.message} label="Message (optional)" error={errors.message?.message}>
              <Textarea {...aria('message', { also: `${ids.message}-count` })} rows={4} maxLength={GIFT_CARD_MESSAGE_MAX} className="resize-y" {...register('message')} />
            </Field>
            <p id={`${ids.message}-count`} className="text-right text-xs text-muted-foreground" data-testid="message-counter">
              {messageLength}/{GIFT_CARD_MESSAGE_MAX} characters
            </p>
          </div>

          <div className="flex flex-col gap-1.5">
            <div className="flex items-start gap-3 rounded-lg border border-input p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
                {...aria('terms_accepted')}
                {...register('terms_accepted')}
              />
              <label htmlFor={ids.terms_accepted} className="font-medium">
                I agree to the{' '}
                <a href="/terms" target="_blank" rel="noopener" className="text-primary underline underline-offset-4">
                  terms and conditions
                </a>
              </label>
            </div>
            {errors.terms_accepted?.message ? (
              <p id={`${ids.terms_accepted}-error`} className="text-sm font-medium text-destructive">
                {errors.terms_accepted.message}
              </p>
            ) : null}
          </div>

          {checkoutUrl ? (
            <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm">
              Your secure checkout opened in a new tab. Complete your payment there: the gift card is emailed as soon as it is paid.{' '}
              <a href={checkoutUrl} target="_blank" rel="noreferrer" className="font-semibold text-primary underline">
                Open the checkout again
              </a>
            </div>
          ) : null}

          <Button type="submit" size="lg" disabled={!termsTicked || purchase.isPending} className="w-full sm:w-auto sm:self-end">
            {purchase.isPending ? (
              <>
                <LoaderCircle className="animate-spin" aria-hidden="true" /> Processing...
              </>
            ) : (
              <>
                <CreditCard aria-hidden="true" /> Buy {formatCents(amountCents)} Gift Card
              </>
            )}
          </Button>
          <p className="text-xs text-muted-foreground sm:text-right">
            You pay on our secure payment page, which opens in a new tab; your card is charged at once. Gift-card sales are final.
          </p>
        </form>
      </div>
    </div>
  );
}
