// The demo business profile and price list: the one place pages and services read them from.
// spec: customer-site 1 and 9; back-office 9.
import type { AddOnKey } from './add-ons';
import { windowHoursOf, windowLabel } from './business-words';

export const business = {
  name: 'Washday Laundry Co.',
  tagline: 'for when you just need a mom to do it',
  phone: '(803) 555-0142',
  phoneHref: 'tel:+18035550142',
  email: 'hello@washday.example',
  state: 'South Carolina',
  stateCode: 'SC',
  towns: ['Gilbert', 'Leesville', 'Lexington', 'Pelion'] as const,
  timeZone: 'America/New_York',
  /** Pick-up and delivery days, as ISO weekday numbers (1 = Monday). */
  serviceWeekdays: [1, 3, 5] as const,
  serviceDaysLabel: 'Monday, Wednesday & Friday',
  serviceHoursLabel: '8AM – 8PM',
  reminderCallMinutes: 30,
  contactReplyHours: 24,
  confirmationWithinHours: 2,
  freeCancellationHours: 2,
} as const;

export const pickupTimes = [
  { value: '8am-12pm', label: '8AM – 12PM', startHour: 8 },
  { value: '12pm-4pm', label: '12PM – 4PM', startHour: 12 },
  { value: '4pm-8pm', label: '4PM – 8PM', startHour: 16 },
] as const;

/** A pick-up window as customers read it ('8am-12pm' → '8AM – 12PM', any window the owner set); an unknown value reads as it is. */
export function pickupWindowLabel(value: string): string {
  const hours = windowHoursOf(value);
  return hours ? windowLabel(hours) : value;
}

/** Every price of the spec, in cents. spec: customer-site 9 (Pricing, Add-ons, Gift cards, Policies). */
export const prices = {
  perPoundCents: 175,
  poundsPerBag: 12,
  estimateBuffer: 1.5,
  /** $31.50 = $1.75/lb x 12 lb x 1.5 buffer */
  bagEstimateCents: 3150,
  promoBagCents: { FIRST12: 2400, TEST1: 100 } as const,
  rushDeliveryCents: 1000,
  hangDriedDelicatesCents: 200,
  oxiCleanCents: 100,
  stainTreatmentCents: 200,
  /** Final invoice: oxi-clean and stain treatment are charged per this many pounds, rounded up. */
  finalAddOnPounds: 15,
  sportsUniformCents: 1000,
  blanketTwinQueenCents: 1500,
  blanketKingCents: 2000,
  mattressPadTwinQueenCents: 1200,
  mattressPadKingCents: 1500,
  noShowFeeCents: 2000,
  giftCardPresetsCents: [3000, 6000, 10000] as const,
  giftCardMinimumCents: 100,
  giftCardCodeMaxLength: 12,
  tipPresetPercents: [15, 18, 20, 25] as const,
  /** The largest tip the invoice page takes ($500): a typo guard, not a judgement of generosity. */
  tipMaximumCents: 50_000,
  /** The gateway does not charge less than this; smaller charges are waived. */
  minimumChargeCents: 50,
  proDefaultPerPoundCents: 75,
  manualInvoicePerPoundCents: 140,
  /** spec: back-office 9, manual-invoice add-on default prices */
  manualInvoiceAddOnCents: {
    fabricSoftener: 300,
    rushDelivery: 1000,
    hangDriedDelicates: 500,
    oxiClean: 400,
    stainTreatment: 600,
    sportsUniforms: 800,
  },
} as const;

/** The prices a booking is quoted, weighed and billed at (src/shared/price-list.ts). */
export type PriceList = { perPoundCents: number; bagEstimateCents: number; addOnCents: Record<AddOnKey, number> };

/** The spec's prices (customer-site 9): a booking made before prices were settings carries these. */
export const specPriceList: PriceList = {
  perPoundCents: prices.perPoundCents,
  bagEstimateCents: prices.bagEstimateCents,
  addOnCents: {
    rushDelivery: prices.rushDeliveryCents,
    hangDriedDelicates: prices.hangDriedDelicatesCents,
    oxiClean: prices.oxiCleanCents,
    stainTreatment: prices.stainTreatmentCents,
    sportsUniforms: prices.sportsUniformCents,
    blanketsQueen: prices.blanketTwinQueenCents,
    blanketsKing: prices.blanketKingCents,
    mattressPadsQueen: prices.mattressPadTwinQueenCents,
    mattressPadsKing: prices.mattressPadKingCents,
  },
};

// The landing page's add-on grid and pricing plan say the add-ons' units: src/shared/promises.ts.

export const laundryPreferences = {
  detergents: [
    { value: 'standard', label: 'Standard detergent' },
    { value: 'hypoallergenic', label: 'Hypoallergenic detergent' },
    { value: 'bring-own', label: 'Bring your own detergent' },
  ],
  waterTemperatures: [
    { value: 'cold', label: 'Cold (default)' },
    { value: 'warm', label: 'Warm' },
    { value: 'hot', label: 'Hot' },
  ],
  careOptions: [
    'Hang-dried delicates',
    'Oxi-clean boost',
    'Stain treatment',
    'Sports uniforms',
    'Blankets, comforters & mattress pads',
    'Allergy notes and special care instructions',
  ],
} as const;

/** When the terms (src/shared/terms.ts) last changed; the footer's copyright year comes from it. */
export const termsUpdated = '2026-11-25';
