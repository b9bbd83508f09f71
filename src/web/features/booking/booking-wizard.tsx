import { ArrowLeft, ArrowRight, Check, CircleAlert, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { safeParse } from 'zod/mini';
import type { Schema } from '../../../shared/api';
import { addDays, todayIn } from '../../../shared/dates';
import { quoteBooking, type PromoRate } from '../../../shared/pricing';
import { preferencesSchema, serviceDetailsSchema, termsSchema } from '../../../shared/schemas/booking';
import type { BookingFormInput, CreateBookingRequest } from '../../../shared/schemas/booking-api';
import { Button } from '../../components/ui/button';
import { apiRequest, ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useAvailability, useCreateBooking } from './booking-api';
import { bookedChannel, initialWizardState, prefillCleared, prefilledDraft, typedFields, usePersistentWizardState, type BookingDraft, type WizardState } from './booking-draft';
import { stepButtonsRow } from './step-buttons';
import { submissionFor } from './submission-key';
import { pickupRefusal, StepServiceDetails, type Availability } from './step-service-details';
import { useSiteBusiness } from '../../lib/site-business';

// steps 2-4 load when the visitor gets to them: the first step is all /book needs at first
const StepPreferences = lazy(() => import('./step-preferences').then((m) => ({ default: m.StepPreferences })));
const StepTerms = lazy(() => import('./step-terms').then((m) => ({ default: m.StepTerms })));
const StepPayment = lazy(() => import('./step-payment').then((m) => ({ default: m.StepPayment })));

const steps = [
  { title: 'Service Details', heading: 'Book your pickup', description: 'Who you are, where and when we pick up, and how many bags.' },
  { title: 'Preferences', heading: 'Laundry preferences', description: 'How you like your laundry washed, and any add-ons.' },
  { title: 'Terms', heading: 'Terms and conditions', description: 'Your estimate, how payment works, and our policies.' },
  { title: 'Payment', heading: 'Complete booking', description: 'Review your order, apply a gift card or promo code, and book.' },
] as const;

const stepSchemas: Record<1 | 2 | 3, Schema> = { 1: serviceDetailsSchema, 2: preferencesSchema, 3: termsSchema };
const stepAlerts: Record<1 | 2 | 3, string> = {
  1: 'Please fill in all required fields',
  2: 'Please check the highlighted fields',
  3: 'Please accept the terms and conditions to continue',
};
const step1Fields = new Set(Object.keys(serviceDetailsSchema.shape));

function StepFrame({ isForm, onSubmit, children }: { isForm: boolean; onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return isForm ? (
    // post, never get: should the browser ever submit it itself, no field reaches the address
    <form noValidate method="post" onSubmit={onSubmit}>
      {children}
    </form>
  ) : (
    <div>{children}</div>
  );
}

export function BookingWizard() {
  const form = useForm<BookingDraft>({ defaultValues: initialWizardState.draft, mode: 'onSubmit' });
  const restoreForm = useCallback((restored: WizardState) => form.reset(restored.draft), [form]);
  const [state, setState, clearSaved, saveNow] = usePersistentWizardState(restoreForm);
  const [alert, setAlert] = useState<string | null>(null);
  const [checkoutOpened, setCheckoutOpened] = useState<{ url: string; bookingId: string; token: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const navigate = useNavigate();
  const availabilityQuery = useAvailability();
  const site = useSiteBusiness();
  const createBooking = useCreateBooking();
  const [prefilledFrom, setPrefilledFrom] = useState<string | null>(null);
  const draft = form.watch();
  const step = state.step;

  // a signed-in customer starts from their last order's details (decision 021), unless they typed already
  useEffect(() => {
    const abort = new AbortController();
    apiRequest('bookingDetails', undefined, { signal: abort.signal }).then(
      ({ details }) => {
        const filled = details && !abort.signal.aborted ? prefilledDraft(form.getValues(), details) : null;
        if (!filled) return;
        form.reset(filled);
        setPrefilledFrom(details!.email);
      },
      () => {}, // nothing filled in: the wizard works as for anyone
    );
    return () => abort.abort();
  }, [form]);

  // the checkout's tab paid: this tab stops offering to pay and shows the confirmation too, told by
  // the confirmation page at once, or by the server when the customer comes back to this tab
  useEffect(() => {
    if (!checkoutOpened) return;
    const { bookingId, token } = checkoutOpened;
    const booked = () => navigate(`/booking-success?booking_id=${encodeURIComponent(bookingId)}&token=${encodeURIComponent(token)}`);
    let channel: BroadcastChannel | null = null;
    try {
      channel = new BroadcastChannel(bookedChannel);
      channel.onmessage = (e: MessageEvent<{ booked?: string }>) => e.data.booked === bookingId && booked();
    } catch {
      // no BroadcastChannel: the server is asked when the tab is shown again
    }
    const shown = () => {
      if (document.visibilityState !== 'visible') return;
      apiRequest('getBooking', undefined, { params: { id: bookingId }, query: { token } }).then(
        (b) => b.payment_status === 'paid' && booked(),
        () => {},
      );
    };
    document.addEventListener('visibilitychange', shown);
    return () => {
      channel?.close();
      document.removeEventListener('visibilitychange', shown);
    };
  }, [checkoutOpened, navigate]);

  // keep what was typed across reloads, what was typed before the page was live too (decision 066)
  useEffect(() => {
    const typed = form.getValues();
    if (typedFields(typed).length) setState((s) => ({ ...s, draft: { ...s.draft, ...typed } }));
    const sub = form.watch((values) => setState((s) => ({ ...s, draft: { ...s.draft, ...(values as BookingDraft) } })));
    return () => sub.unsubscribe();
  }, [form, setState]);

  // spec: customer-site 2, the page scrolls to the top on every step change
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  const availability: Availability = useMemo(() => {
    const data = availabilityQuery.data;
    // the server's today; while its answer is on its way the calendar shows no day, and the UTC
    // date stands in: the business's own date takes an Intl format, whose locale data would cost a
    // slow phone's page start about 30 ms in one block (decision 065)
    const today = data?.today ?? (availabilityQuery.isPending ? new Date().toISOString().slice(0, 10) : todayIn(site.timeZone));
    return {
      today,
      full: new Set(data?.full ?? []),
      started: new Set(data?.started ?? []),
      noFreeCancellation: new Set(data?.noFreeCancellation ?? []),
      lastDay: data?.lastDay ?? addDays(today, 90),
      closed: data?.closed ?? [],
      zips: data?.serviceZipCodes ?? null,
      weekdays: data?.serviceWeekdays ?? site.serviceWeekdays,
      windows: data?.windows ?? site.pickupWindows,
    };
  }, [availabilityQuery.data, availabilityQuery.isPending, site]);

  const quote = quoteBooking({
    bagQuantity: Math.max(1, Number(draft.bagQuantity) || 1),
    extras: draft,
    promo: state.promo,
    giftCardBalanceCents: state.giftCard?.balanceCents ?? 0,
    // the prices the server quotes now (decision 055); the spec's until its first answer
    // the prices the page came with until the availability answer brings the latest
    priceList: availabilityQuery.data?.prices ?? site.prices,
  });

  function update(patch: Partial<WizardState>) {
    setState((s) => ({ ...s, ...patch }));
  }

  function validateStep(n: 1 | 2 | 3): boolean {
    const result = safeParse(stepSchemas[n], form.getValues());
    // spec: customer-site 1: an address in the service area (the calendar offers only days it takes)
    const refusal = n === 1 && result.success ? pickupRefusal(form.getValues(), availability) : null;
    form.clearErrors();
    if (result.success && !refusal) {
      setAlert(null);
      return true;
    }
    const seen = new Set<string>();
    for (const issue of refusal ? [{ path: [refusal.field], message: refusal.message }] : result.error!.issues) {
      const key = String(issue.path[0] ?? '');
      if (!key || seen.has(key)) continue;
      seen.add(key);
      form.setError(key as keyof BookingDraft, { type: 'validate', message: issue.message });
    }
    // "fill in all required fields" only when one is empty: every field filled, one of them wrong, says check them
    const values = form.getValues();
    const missing = [...seen].some((k) => values[k as keyof BookingDraft] === '');
    setAlert(refusal?.message ?? (n === 1 && !missing ? stepAlerts[2] : stepAlerts[n]));
    const first = [...seen][0];
    if (first === 'pickupDate') document.querySelector<HTMLElement>('#pickupDate .pickup-day[tabindex="0"]')?.focus();
    else if (first) form.setFocus(first as keyof BookingDraft);
    return false;
  }

  function next() {
    if (step === 4) return;
    if (!validateStep(step)) return;
    update({ step: (step + 1) as WizardState['step'] });
  }

  function back() {
    setAlert(null);
    form.clearErrors();
    if (step > 1) update({ step: (step - 1) as WizardState['step'] });
  }

  function requestFor(promoCode: string | null, giftCardCode: string | null): CreateBookingRequest {
    const v = form.getValues();
    // the server validates the enumerations; the draft holds '' until one is chosen
    // sports uniforms are one control, the add-on: its count says whether the loads contain any
    const containsSportsUniforms = Number(v.sportsUniformsCount) > 0;
    const bookingData = { ...v, fabricSoftener: false, containsSportsUniforms, bagQuantity: Number(v.bagQuantity) || 1 } as BookingFormInput;
    return { bookingData, promoCode, giftCardCode };
  }

  async function pay() {
    const request = requestFor(state.promo?.code ?? null, state.giftCard?.code ?? null);
    // docs/design.md 5.1: the same draft keeps its submission key, so pressing Pay again (here, after
    // paying in the checkout's tab) answers the same booking instead of making a second one
    const submission = submissionFor(state.submission, request);
    update({ submission });
    // saved before the checkout's tab opens: it starts with a copy of this tab's storage, key included
    saveNow({ ...state, submission });
    // docs/design.md 7: open the checkout tab synchronously on the click so pop-up blockers allow it
    const tab = quote.totalCents > 0 ? window.open('', '_blank') : null;
    try {
      const result = await createBooking.mutateAsync({ ...request, submissionKey: submission.key });
      if (result.next === 'confirmed') {
        tab?.close();
        if (!result.booking_id) throw new Error('No booking ID received');
        clearSaved();
        navigate(`/booking-success?booking_id=${encodeURIComponent(result.booking_id)}&token=${encodeURIComponent(result.token)}`);
        return;
      }
      if (!result.url) throw new Error('No payment URL received');
      if (tab && !tab.closed) {
        tab.location.href = result.url;
        setCheckoutOpened({ url: result.url, bookingId: result.booking_id, token: result.token });
      } else {
        window.location.assign(result.url);
      }
    } catch (err) {
      tab?.close();
      const message = err instanceof Error && err.message ? err.message : 'Failed to process payment. Please try again.';
      toast.error('Payment Error', { description: message });
      // the server holds other details under this key: the next press is a new submission
      if (err instanceof ApiRequestError && err.error.code === 'submission_mismatch') update({ submission: null });
      if (err instanceof ApiRequestError) {
        const stepOneErrors = Object.entries(err.fields).filter(([k]) => step1Fields.has(k.replace(/^bookingData\./, '')));
        if (stepOneErrors.length) {
          update({ step: 1 });
          for (const [k, m] of stepOneErrors) form.setError(k.replace(/^bookingData\./, '') as keyof BookingDraft, { message: m });
        }
      }
    }
  }

  const current = steps[step - 1]!;
  const termsBlocked = step === 3 && !draft.termsAccepted;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-3">
        <p className="text-sm font-semibold text-primary" aria-live="polite">
          Step {step} of 4
        </p>
        <div
          role="progressbar"
          aria-label="Booking progress"
          aria-valuemin={1}
          aria-valuemax={4}
          aria-valuenow={step}
          aria-valuetext={`Step ${step} of 4: ${current.title}`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${(step / 4) * 100}%` }} />
        </div>
        <ol className="grid grid-cols-4 gap-2 text-xs sm:text-sm">
          {steps.map((s, i) => {
            const n = i + 1;
            const done = n < step;
            return (
              <li key={s.title} aria-current={n === step ? 'step' : undefined} className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left">
                <span
                  className={cn(
                    'flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold',
                    n === step && 'border-primary bg-primary text-primary-foreground',
                    done && 'border-primary bg-brand-50 text-primary',
                    n > step && 'border-border text-muted-foreground',
                  )}
                  aria-hidden="true"
                >
                  {done ? <Check className="size-4" /> : n}
                </span>
                <span className={cn(n === step ? 'font-semibold text-foreground' : 'text-muted-foreground')}>
                  {s.title}
                  {done ? <span className="sr-only"> (done)</span> : null}
                </span>
              </li>
            );
          })}
        </ol>
      </div>

      <section className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-8" aria-labelledby="step-heading">
        <header className="mb-6">
          <h2 id="step-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
            {current.heading}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{current.description}</p>
        </header>

        {prefilledFrom && step === 1 ? (
          <p role="status" className="mb-6 rounded-lg bg-brand-50 px-4 py-3 text-sm break-words" data-testid="prefilled">
            Filled in from your last order ({prefilledFrom}).{' '}
            <button
              type="button"
              className="font-semibold text-primary underline"
              onClick={() => {
                form.reset({ ...form.getValues(), ...prefillCleared });
                setPrefilledFrom(null);
              }}
            >
              Not you? Clear
            </button>
          </p>
        ) : null}
        {alert ? (
          <div role="alert" className="mb-6 flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            {alert}
          </div>
        ) : null}

        {checkoutOpened ? (
          <div role="status" className="mb-6 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm">
            Your secure card checkout opened in a new tab. Complete your payment there to confirm the booking.{' '}
            <a href={checkoutOpened.url} target="_blank" rel="noreferrer" className="font-semibold text-primary underline">
              Open the checkout again
            </a>
          </div>
        ) : null}

        {/* step 4 holds the gift-card and promo forms of its own: no form around it */}
        <StepFrame
          isForm={step < 4}
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          {/* the form shows at once; only the calendar waits for the free days (no layout shift) */}
          {step === 1 ? <StepServiceDetails form={form} availability={availability} availabilityLoading={availabilityQuery.isPending} /> : null}
          <Suspense
            fallback={
              <div role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
                <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> Loading...
              </div>
            }
          >
            {step === 2 ? <StepPreferences form={form} quote={quote} /> : null}
            {step === 3 ? <StepTerms form={form} quote={quote} promo={state.promo} /> : null}
            {step === 4 ? (
              <StepPayment
                draft={draft}
                quote={quote}
                promo={state.promo}
                giftCard={state.giftCard}
                onPromoChange={(promo: PromoRate | null) => update({ promo })}
                onGiftCardChange={(giftCard) => update({ giftCard })}
                requestFor={requestFor}
                onBack={back}
                onPay={() => void pay()}
                paying={createBooking.isPending}
              />
            ) : null}

            {/* inside the boundary: while a step's code loads, its buttons wait with it; step 4 has its
                own, the pay button with what it does (Pay never works before the order summary shows) */}
            {step < 4 ? (
              <div className={stepButtonsRow}>
                {step > 1 ? (
                  <Button type="button" variant="outline" onClick={back}>
                    <ArrowLeft aria-hidden="true" /> Back
                  </Button>
                ) : (
                  <span />
                )}
                <Button
                  type="submit"
                  size="lg"
                  aria-disabled={termsBlocked || undefined}
                  className={cn(termsBlocked && 'cursor-not-allowed opacity-50 hover:bg-primary')}
                >
                  {step === 3 ? 'Accept & Continue' : 'Next'} <ArrowRight aria-hidden="true" />
                </Button>
              </div>
            ) : null}
          </Suspense>
        </StepFrame>
      </section>
    </div>
  );
}
