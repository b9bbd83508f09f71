// What a pro brings back from a stop (decision 057): a photo at the pick-up, at the delivery, or of
// the door when nobody was home; and a missed pick-up, reported by the pro and confirmed or
// dismissed by staff. The values the database checks and the words every page reads.

import { formatCents } from './money';

export const stopPhotoKinds = ['pickup', 'delivery', 'no_show'] as const;
export type StopPhotoKind = (typeof stopPhotoKinds)[number];
export const stopPhotoLabels: Record<StopPhotoKind, string> = {
  pickup: 'Photo at pick-up',
  delivery: 'Photo at delivery',
  no_show: 'Photo of the missed pick-up',
};

export const missedPickupReasons = ['no_one_home', 'no_bags_out'] as const;
export type MissedPickupReason = (typeof missedPickupReasons)[number];
export const missedPickupReasonLabels: Record<MissedPickupReason, string> = {
  no_one_home: 'No one home',
  no_bags_out: 'No bags out',
};

/** reported by the pro; confirmed (the fee charged) or dismissed by staff. */
export const missedPickupStatuses = ['reported', 'confirmed', 'dismissed'] as const;
export type MissedPickupStatus = (typeof missedPickupStatuses)[number];

/** What became of the fee of a confirmed missed pick-up, on the gateway's word. */
export const noShowFeeOutcomes = ['charged', 'failed', 'no_card', 'waived'] as const;
export type NoShowFeeOutcome = (typeof noShowFeeOutcomes)[number];

/** What a confirmed missed pick-up's fee came to, in the customer's words (spec: customer-site 9, the no-show fee of the terms). */
export function noShowFeeNote(outcome: NoShowFeeOutcome, feeCents: number): string {
  const amount = formatCents(feeCents);
  switch (outcome) {
    case 'charged':
      return `As our terms say, a missed pick-up costs ${amount}: your card was charged ${amount} and the rest of the hold on it is let go.`;
    case 'waived':
      return `We did not charge the ${amount} no-show fee of our terms.`;
    case 'no_card':
    case 'failed':
      return `The ${amount} no-show fee of our terms could not be charged to your card; we will be in touch.`;
  }
}
