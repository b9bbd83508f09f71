// The back office's and the pros' actions on a booking, in words (decision 048; spec: back-office 2):
// one describer per action, each reading only the fields its event records.
import { progressLabels, progressStages, type ProgressStage } from '../../shared/order-progress';
import type { StoredEvent } from './audit-events';
import { missedPickupReasonLabels, missedPickupReasons, stopPhotoKinds, stopPhotoLabels } from '../../shared/stops';
import { bookingCode, cents, join, money, onBooking, pounds, proName, statusWord, text, type SomeDescribers } from './words-support';

/** What a weighing did, clause by clause: "captured $25.85, released $6.65". */
function weighingClauses(a: StoredEvent<'booking.weight_processed'>['after']): string {
  const captured = cents(a.capturedCents);
  const extra = cents(a.extraChargedCents) ?? 0;
  const released = cents(a.releasedCents) ?? 0;
  const giftApplied = cents(a.giftCardAppliedCents) ?? 0;
  const giftBack = cents(a.giftCardBackCents) ?? 0;
  const due = cents(a.amountDueCents) ?? 0;
  const outcome = text(a.outcome);
  const clauses = [
    giftApplied > 0 && `gift card paid ${money(giftApplied)}`,
    captured !== null && captured > 0 && `captured ${money(captured)}`,
    extra > 0 && (outcome === 'charge' && captured === 0 ? `charged ${money(extra)} to the saved card (the authorization had expired)` : `charged ${money(extra)} more to the saved card`),
    released > 0 && `released ${money(released)}`,
    giftBack > 0 && `returned ${money(giftBack)} to the gift card`,
    due > 0 && `${money(due)} due from the customer`,
    outcome === 'waived' && 'nothing charged (below the card minimum)',
  ];
  // a weighing recorded before the card's amounts were kept says what it charged in all
  const charged = cents(a.chargeCents);
  if (captured === null && charged) clauses.push(`charged ${money(charged)}`);
  return join(clauses) || 'no payment change needed';
}

const stageWord = (stage: unknown) => ((progressStages as readonly unknown[]).includes(stage) ? progressLabels[stage as ProgressStage].toLowerCase() : 'another stage');

export const bookingWords = {
  'booking.status_changed': {
    booking: onBooking,
    amount: ({ after }) => cents(after.releasedCents) || null,
    sentence: (e) => {
      const { before, after } = e;
      if (after.status === 'cancelled') {
        const released = cents(after.releasedCents);
        const giftBack = cents(after.giftCardReturnedCents) ?? 0;
        return join([
          `Cancelled ${bookingCode(e)}`,
          released ? `released ${money(released)}` : after.authorisationReleased === true && 'released the card authorization',
          giftBack > 0 && `returned ${money(giftBack)} to the gift card`,
        ]);
      }
      const why = after.reason === 'weighing' ? ' to weigh it' : '';
      return `Moved ${bookingCode(e)} from ${statusWord(before.status)} to ${statusWord(after.status)}${why}`;
    },
  },
  'booking.price_per_pound_changed': {
    booking: onBooking,
    amount: ({ after }) => cents(after.pricePerPoundCents),
    sentence: (e) => {
      const from = cents(e.before.pricePerPoundCents);
      const to = cents(e.after.pricePerPoundCents);
      return `Changed the price per lb of ${bookingCode(e)}${from !== null ? ` from ${money(from)}` : ''}${to !== null ? ` to ${money(to)}` : ''}`;
    },
  },
  'booking.weight_processed': {
    booking: onBooking,
    amount: ({ after }) => cents(after.finalTotalCents),
    sentence: (e) => {
      const weight = cents(e.after.weightTenths);
      const total = cents(e.after.finalTotalCents);
      return `Weighed ${bookingCode(e)}${weight !== null ? ` at ${pounds(weight)}` : ''}${total !== null ? ` (bill ${money(total)})` : ''}, ${weighingClauses(e.after)}`;
    },
  },
  'booking.weight_failed': {
    booking: onBooking,
    amount: ({ after }) => cents(after.chargeCents),
    sentence: (e) => {
      const weight = cents(e.after.weightTenths);
      const charge = cents(e.after.chargeCents);
      const why = text(e.after.error);
      return `Tried to weigh ${bookingCode(e)}${weight !== null ? ` at ${pounds(weight)}` : ''}, but the charge${charge !== null ? ` of ${money(charge)}` : ''} failed${why ? `: ${why}` : ''}`;
    },
  },
  'booking.scale_photo_added': { booking: onBooking, sentence: (e) => `Added the scale photo of ${bookingCode(e)}` },
  'booking.receipt_sent': {
    booking: onBooking,
    amount: ({ after }) => cents(after.finalTotalCents),
    sentence: (e) => {
      const total = cents(e.after.finalTotalCents);
      const to = text(e.after.to);
      return `Sent the final receipt of ${bookingCode(e)}${total !== null ? ` (${money(total)})` : ''}${to ? ` to ${to}` : ''}`;
    },
  },
  'booking.rating_email_sent': {
    booking: onBooking,
    sentence: (e) => `Sent the delivery confirmation and rating request of ${bookingCode(e)}${text(e.after.to) ? ` to ${text(e.after.to)}` : ''}`,
  },
  'booking.deleted': {
    booking: onBooking,
    amount: ({ before }) => cents(before.totalAmount),
    sentence: (e) => {
      const who = text(e.before.name);
      const authorised = cents(e.before.authorizedAmount) ?? 0;
      const giftBack = cents(e.after.giftCardReturnedCents) ?? 0;
      return join([
        `Deleted ${bookingCode(e)}${who ? ` (${who})` : ''}`,
        e.after.authorisationReleased === true && (authorised > 0 ? `released ${money(authorised)}` : 'released the card authorization'),
        giftBack > 0 && `returned ${money(giftBack)} to the gift card`,
      ]);
    },
  },
  // decision 031: a refund to the card, or a credit to a gift card (named by its masked code)
  'booking.refunded': {
    booking: onBooking,
    amount: ({ after }) => cents(after.refundedCents),
    refers: ({ after }) => ({ giftCards: [after.giftCardId] }),
    sentence: (e, names) => {
      const amount = cents(e.after.refundedCents);
      const card = text(e.after.giftCardId);
      const toGiftCard = e.after.destination === 'gift_card';
      const where = toGiftCard ? `to gift card ${(card && names.giftCards.get(card)) ?? '(no longer on file)'}` : 'to the card';
      const why = text(e.after.reason);
      return `${toGiftCard ? 'Credited' : 'Refunded'}${amount !== null ? ` ${money(amount)}` : ''} of ${bookingCode(e)} ${where}${why ? `: ${why}` : ''}`;
    },
  },
  // decision 034: a weight corrected before the customer approved the bill, and where the money went
  'booking.reweighed': {
    booking: onBooking,
    amount: ({ after }) => cents(after.toTotalCents),
    sentence: (e) => {
      const a = e.after;
      const from = cents(a.fromWeightTenths);
      const to = cents(a.toWeightTenths);
      const total = cents(a.toTotalCents);
      const refunded = cents(a.refundedCents) ?? 0;
      const charged = cents(a.chargedCents) ?? 0;
      const gift = cents(a.giftCardReturnedCents) ?? 0;
      const due = cents(a.amountDueCents) ?? 0;
      const why = text(a.reason);
      return (
        join([
          `Corrected the weight of ${bookingCode(e)}${from !== null ? ` from ${pounds(from)}` : ''}${to !== null ? ` to ${pounds(to)}` : ''}${total !== null ? ` (${money(total)})` : ''}`,
          refunded > 0 && `refunded ${money(refunded)} to the card`,
          charged > 0 && `charged ${money(charged)} more`,
          gift > 0 && `returned ${money(gift)} to the gift card`,
          due > 0 && `${money(due)} due`,
        ]) + (why ? `: ${why}` : '')
      );
    },
  },
  'booking.laundry_pro_assigned': {
    booking: onBooking,
    refers: ({ before, after }) => ({ pros: [before.laundryProId, after.laundryProId] }),
    sentence: (e, names) => {
      const from = typeof e.before.laundryProId === 'string' ? proName(names, e.before.laundryProId) : null;
      const to = typeof e.after.laundryProId === 'string' ? proName(names, e.after.laundryProId) : null;
      if (!to) return `Took ${bookingCode(e)} off ${from ?? 'its pro'}`;
      return `Assigned ${bookingCode(e)} to ${to}${from ? ` (was ${from})` : ''}${e.after.weighed === true ? ', who earns its weighed payout' : ''}`;
    },
  },
  'booking.pro_picked_up': { booking: onBooking, sentence: (e) => `Marked ${bookingCode(e)} picked up in the pro portal` },
  'booking.pro_delivered': { booking: onBooking, sentence: (e) => `Marked ${bookingCode(e)} delivered in the pro portal` },
  'booking.stop_photo_added': {
    booking: onBooking,
    sentence: (e) => {
      const kind = stopPhotoKinds.find((k) => k === e.after.kind);
      return `Added the ${kind ? stopPhotoLabels[kind].toLowerCase() : 'photo'} of ${bookingCode(e)}`;
    },
  },
  'booking.missed_pickup_reported': {
    booking: onBooking,
    sentence: (e) => {
      const reason = missedPickupReasons.find((r) => r === e.after.reason);
      return `Reported the pick-up of ${bookingCode(e)} missed${reason ? `: ${missedPickupReasonLabels[reason].toLowerCase()}` : ''}`;
    },
  },
  'booking.missed_pickup_confirmed': {
    booking: onBooking,
    amount: ({ after }) => cents(after.feeCents),
    sentence: (e) => {
      const fee = cents(e.after.feeCents) ?? 0;
      const outcome = e.after.outcome === 'charged' ? `the ${money(fee)} no-show fee charged` : e.after.outcome === 'no_card' ? 'no card to charge' : 'the no-show fee could not be charged';
      return `Confirmed the missed pick-up of ${bookingCode(e)}: ${outcome}`;
    },
  },
  'booking.missed_pickup_dismissed': { booking: onBooking, sentence: (e) => `Dismissed the missed pick-up of ${bookingCode(e)}` },
  'booking.no_show_fee_waived': {
    booking: onBooking,
    amount: ({ after }) => cents(after.refundedCents),
    sentence: (e) => `Gave back the ${money(cents(e.after.refundedCents) ?? 0)} no-show fee of ${bookingCode(e)}`,
  },
  // decision 023
  'booking.progress_changed': {
    booking: onBooking,
    sentence: (e) => `Moved ${bookingCode(e)} from ${stageWord(e.before.stage)} to ${stageWord(e.after.stage)}${e.after.by === 'pro' ? ' in the pro portal' : ''}`,
  },
} satisfies SomeDescribers;
