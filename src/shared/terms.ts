// The terms of service: one source for /terms and the booking wizard's step 3.
// spec: customer-site 9, "Policies in the terms".
import { business, prices } from './business';
import { formatCents } from './money';
import { byWeightAddOnsNote, promiseOf, turnaroundOf } from './promises';
import type { SiteBusiness } from './site-business';

export type TermsSection = { title: string; paragraphs: string[] };
const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;
/** What the terms say of the business: its area and its prices, as its settings have them (decision 055). */
export type TermsBusiness = Pick<SiteBusiness, 'towns' | 'state' | 'prices' | 'noShowFeeCents' | 'serviceDaysLabel' | 'serviceHoursLabel' | 'freeCancellationHours' | 'turnaroundHours' | 'turnaroundLatestHours'>;

/** The terms for this business. */
export function termsSectionsFor(site: TermsBusiness): TermsSection[] {
  return [
  {
    title: 'Booking confirmation',
    paragraphs: [
      `Your booking is confirmed within ${business.confirmationWithinHours} hours. You will receive a confirmation email, and we call ${business.reminderCallMinutes} minutes before your pick-up.`,
      `Pick-ups and deliveries happen on ${site.serviceDaysLabel}, ${site.serviceHoursLabel}, in ${site.towns.join(', ')} (${site.state}).`,
    ],
  },
  {
    title: 'Payment and pre-authorization',
    paragraphs: [
      `When you book, your card is pre-authorized for an estimate of ${formatCents(site.prices.bagEstimateCents)} per 13-gallon bag (about ${prices.poundsPerBag} lb at ${formatCents(site.prices.perPoundCents)}/lb with a buffer) plus any add-ons. Nothing is charged at that moment.`,
      byWeightAddOnsNote,
      `After we weigh your laundry, we charge the actual amount: weight x ${formatCents(site.prices.perPoundCents)} per lb plus your add-ons. If it is less than the estimate, the difference is released to your card; if it is more, the difference is charged to the same card. You then receive a final invoice to approve, where you may add a tip for your laundry pro.`,
    ],
  },
  {
    title: 'Cancellation and no-shows',
    paragraphs: [
      `Free cancellation up to ${hours(site.freeCancellationHours)} before your pick-up window starts; the pre-authorization is released in full.`,
      `If we arrive for a scheduled pick-up and the laundry is not available, a ${formatCents(site.noShowFeeCents, { compact: true })} no-show fee applies.`,
    ],
  },
  {
    title: 'Turnaround',
    paragraphs: [
      `Your laundry is ${turnaroundOf(site).promise} of pick-up. With the 24-hr Rush Delivery add-on, it is ${turnaroundOf(site).rush}.`,
    ],
  },
  {
    title: 'Care of your items',
    paragraphs: [
      'We wash in cold water and dry on low-medium heat unless you choose otherwise; towels and sheets are washed warm or hot. Delicates can be hang dried on request.',
      'Stain removal is not guaranteed. Please tell us about allergies and any item that needs special care before pick-up. We are not responsible for items left in pockets, for colour bleeding of new garments, or for wear of items that are already fragile.',
    ],
  },
  {
    title: 'Gift cards',
    paragraphs: [
      'Gift cards are delivered digitally by email, have no expiry date and are transferable. Gift-card sales are final and non-refundable.',
    ],
  },
  {
    title: 'Text messages',
    paragraphs: [
      'If you agree to text notifications, we text you about your pick-up and delivery. Message and data rates may apply. Reply STOP at any time to opt out.',
    ],
  },
  ];
}

/** The short list of policies the booking wizard and /terms summarise above the full terms. */
export function policyHighlightsFor(site: Pick<TermsBusiness, 'noShowFeeCents' | 'serviceDaysLabel' | 'freeCancellationHours' | 'turnaroundHours' | 'turnaroundLatestHours'>): string[] {
  return [
    `Booking confirmed within ${business.confirmationWithinHours} hours`,
    `Free cancellation up to ${hours(site.freeCancellationHours)} before pick-up`,
    `${formatCents(site.noShowFeeCents, { compact: true })} no-show fee`,
    promiseOf(turnaroundOf(site)),
    `Pick-ups ${site.serviceDaysLabel}`,
  ];
}
