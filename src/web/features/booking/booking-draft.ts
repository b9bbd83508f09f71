// The wizard's form data (spec: customer-site 3), kept in session storage so that a reload
// keeps what was typed.
import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
import { laundryPreferenceDefaults } from '../../../shared/booking-values';
import { NO_EXTRAS, type BookingExtras, type PromoRate } from '../../../shared/pricing';

export type BookingDraft = {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zipCode: string;
  /** 'YYYY-MM-DD' or '' while none is chosen */
  pickupDate: string;
  pickupTime: string;
  pickupLocation: string;
  specialInstructions: string;
  bagQuantity: number;
  waterTemperature: 'cold' | 'warm' | 'hot';
  detergentType: 'standard' | 'hypoallergenic' | 'bring-own';
  fabricSoftener: false;
  hasDelicates: boolean;
  hasStainedItems: boolean;
  containsSportsUniforms: boolean;
  allergies: string;
  specialCareInstructions: string;
  smsConsent: boolean;
  termsAccepted: boolean;
} & BookingExtras;

export const emptyDraft: BookingDraft = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  zipCode: '',
  pickupDate: '',
  pickupTime: '',
  pickupLocation: '',
  specialInstructions: '',
  bagQuantity: 1,
  ...laundryPreferenceDefaults,
  ...NO_EXTRAS,
  smsConsent: false,
  termsAccepted: false,
};

/**
 * The fields holding something other than the empty draft: what was typed before the page was live
 * (docs/decisions/066) is in the form, but no change told the wizard to keep it. A number field
 * may read back as text ("1" for 1).
 */
export function typedFields(values: Partial<BookingDraft>): string[] {
  const same = (a: unknown, b: unknown) => (typeof a === 'object' || typeof b === 'object' ? JSON.stringify(a) === JSON.stringify(b) : String(a) === String(b));
  return Object.entries(values)
    .filter(([key, value]) => key in emptyDraft && !same(value, emptyDraft[key as keyof BookingDraft]))
    .map(([key]) => key);
}

export type AppliedGiftCard = { code: string; balanceCents: number };

export type WizardState = {
  step: 1 | 2 | 3 | 4;
  draft: BookingDraft;
  /** The promo as the server priced it (the server checks it again when booking). */
  promo: PromoRate | null;
  giftCard: AppliedGiftCard | null;
  /** The key Pay last sent and the request it was for (submission-key.ts). */
  submission: SubmissionMemo | null;
}

export type SubmissionMemo = {
  /** A random UUID: the customer's secret for this submission. */
  key: string;
  /** The request it was made for, as canonical JSON. */
  request: string;
};

/** Where the wizard keeps its state; the success page forgets it (booked-draft.ts). */
export const storageKey = 'washday.booking.v1';
/** booked-draft.ts's `bookedChannel`: where a confirmation page says its booking stands. */
export const bookedChannel = 'washday.booked';

/** A remembered submission read back from session storage, or null when it is not one. */
export function readSubmissionMemo(value: unknown): SubmissionMemo | null {
  const memo = value as Partial<SubmissionMemo> | null | undefined;
  if (!memo || typeof memo.key !== 'string' || typeof memo.request !== 'string' || !/^[\da-f-]{36}$/.test(memo.key)) return null;
  return { key: memo.key, request: memo.request };
}

function isPromoRate(value: unknown): value is PromoRate {
  const p = value as PromoRate | null | undefined;
  return Boolean(p) && typeof p!.code === 'string' && Number.isInteger(p!.bagRateCents) && p!.bagRateCents >= 0 && typeof p!.waivesAddOns === 'boolean';
}
export const initialWizardState: WizardState = { step: 1, draft: emptyDraft, promo: null, giftCard: null, submission: null };

function save(state: WizardState) {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(state));
  } catch {
    // storage full or blocked: the wizard still works, it just won't survive a reload
  }
}

function load(): WizardState {
  try {
    const raw = window.sessionStorage.getItem(storageKey);
    if (!raw) return initialWizardState;
    const saved = JSON.parse(raw) as Partial<WizardState>;
    const step = saved.step && [1, 2, 3, 4].includes(saved.step) ? saved.step : 1;
    return {
      step,
      draft: { ...emptyDraft, ...(saved.draft ?? {}), fabricSoftener: false },
      promo: isPromoRate(saved.promo) ? saved.promo : null,
      giftCard:
        saved.giftCard && typeof saved.giftCard.code === 'string' && Number.isInteger(saved.giftCard.balanceCents)
          ? saved.giftCard
          : null,
      submission: readSubmissionMemo(saved.submission),
    };
  } catch {
    return initialWizardState;
  }
}

/**
 * The wizard state, restored from and saved to session storage. /book is prerendered, so the
 * first render is always the empty wizard (as at build time); the saved state comes in right after
 * (`onRestore` hands it to the form). What a visitor types before React takes the page over is kept
 * by react-hook-form itself (a field edited before the form is ready keeps its value).
 */
export function usePersistentWizardState(onRestore: (state: WizardState) => void) {
  const [state, setState] = useState<WizardState>(initialWizardState);
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const saved = load();
    if (saved !== initialWizardState) {
      setState(saved);
      onRestore(saved);
    }
  }, [onRestore]);
  // saved with each change, not in an effect after it: an effect may run after the next frame, and
  // a reload pressed before it would lose the last change
  const update = useCallback((next: SetStateAction<WizardState>) => {
    setState((prev) => {
      const value = typeof next === 'function' ? next(prev) : next;
      if (restored.current && value !== prev) save(value);
      return value;
    });
  }, []);
  useEffect(() => {
    // back to this page from the browser's back/forward cache after its booking was made
    // (booked-draft.ts forgot it): the page in memory still shows it, so it loads afresh
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted && !window.sessionStorage.getItem(storageKey)) window.location.reload();
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  const clear = () => {
    window.sessionStorage.removeItem(storageKey);
  };
  return [state, update, clear, save] as const;
}

/** spec: customer-site 5, typed invalid bag quantities become 1. */
export function parseBagQuantity(value: string, max: number): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, max);
}

/** spec: customer-site 5, the blanket / mattress-pad toggles. */
export function toggleSizedItem(on: boolean, counts: { queen: number; king: number }): { queen: number; king: number } {
  if (!on) return { queen: 0, king: 0 };
  if (counts.queen === 0 && counts.king === 0) return { queen: 1, king: 0 };
  return counts;
}

/** A signed-in customer's details as /book receives them (the bookingDetails endpoint). */
const prefillKeys = ['name', 'email', 'phone', 'address', 'city', 'zipCode', 'pickupLocation', 'specialInstructions', 'waterTemperature', 'detergentType', 'allergies', 'specialCareInstructions'] as const;
export type PrefillDetails = Pick<BookingDraft, (typeof prefillKeys)[number]>;

/** "Not you? Clear": every field a prefill gives, back as the empty wizard has it. */
export const prefillCleared = Object.fromEntries(prefillKeys.map((k) => [k, emptyDraft[k]])) as PrefillDetails;

/**
 * The wizard with a signed-in customer's last details filled in (decision 021), or null when the
 * visitor has typed any contact detail already: what they typed is theirs, and the page may be
 * someone else's device. Preferences still at their defaults take the customer's too.
 */
export function prefilledDraft(draft: BookingDraft, d: PrefillDetails): BookingDraft | null {
  if (draft.name || draft.email || draft.phone || draft.address) return null;
  const preferences = (['waterTemperature', 'detergentType', 'allergies', 'specialCareInstructions'] as const).filter((k) => draft[k] === laundryPreferenceDefaults[k]);
  return {
    ...draft,
    name: d.name,
    email: d.email,
    phone: d.phone,
    address: d.address,
    city: draft.city || d.city,
    zipCode: draft.zipCode || d.zipCode,
    pickupLocation: draft.pickupLocation || d.pickupLocation,
    specialInstructions: draft.specialInstructions || d.specialInstructions,
    ...Object.fromEntries(preferences.map((k) => [k, d[k]])),
  };
}
