// The booking's enumerations, labels, limits and display codes: plain values, no schema, so that a
// page that only shows a booking (the confirmation, a printed order) loads no validation code.
import { pickupTimes } from './business';

export const pickupTimeValues = pickupTimes.map((t) => t.value) as ['8am-12pm', '12pm-4pm', '4pm-8pm'];
export const pickupLocationValues = ['front-door', 'back-door', 'garage', 'porch', 'other'] as const;
export const waterTemperatureValues = ['cold', 'warm', 'hot'] as const;
export const detergentTypeValues = ['standard', 'hypoallergenic', 'bring-own'] as const;

/** The laundry preferences a booking starts with (spec: customer-site 3; cold water is the default). */
export const laundryPreferenceDefaults = {
  waterTemperature: 'cold',
  detergentType: 'standard',
  fabricSoftener: false,
  hasDelicates: false,
  hasStainedItems: false,
  containsSportsUniforms: false,
  allergies: '',
  specialCareInstructions: '',
} as const;

export const pickupLocationLabels: Record<(typeof pickupLocationValues)[number], string> = {
  'front-door': 'Front door',
  'back-door': 'Back door',
  garage: 'Garage',
  porch: 'Porch',
  other: 'Other (see instructions)',
};

export const MAX_BAGS = 20;
export const MAX_ITEM_COUNT = 20;

/** spec: customer-site 9, "WD-" + first six hex characters of the id, upper-cased. */
export function confirmationNumber(bookingId: string): string {
  return `WD-${bookingId.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

/** spec: back-office 2, receipt order number: first 8 characters of the id in capitals. */
export function receiptOrderNumber(bookingId: string): string {
  return bookingId.slice(0, 8).toUpperCase();
}

/**
 * A booking is settled once it is weighed or money was captured: cancelling it then lets nothing
 * go (the money and the gift card stay), so it may be set back to another status. A cancellation
 * before that gave back the window, the authorisation and the gift-card amount: it is final
 * (decision 011).
 */
export function isSettled(b: { weightAdjustmentProcessed: boolean; capturedAmount: number }): boolean {
  return b.weightAdjustmentProcessed || b.capturedAmount > 0;
}
