// What customers did themselves, from their orders and their regular pick-ups, and the notes staff
// keep on them, in words (decision 048; decisions 021, 022, 024): one describer per action.
import { pickupLocationLabels } from '../../shared/booking-values';
import { pickupWindowLabel } from '../../shared/business';
import { customerDetailLabels } from '../../shared/customer-order-words';
import { formatLongDate } from '../../shared/dates';
import { formatPhone } from '../../shared/phone';
import { bookingCode, cents, join, money, onBooking, plural, text, type SomeDescribers } from './words-support';

const detailWord = (field: string) => (customerDetailLabels as Record<string, string>)[field] ?? field;
const detailValue = (field: string, value: unknown) => {
  if (typeof value !== 'string' || !value) return '';
  if (field === 'phone') return formatPhone(value);
  return field === 'pickupLocation' ? ((pickupLocationLabels as Record<string, string>)[value] ?? value) : value;
};
const pickupWhen = (d: { pickupDate?: unknown; pickupTime?: unknown }) => {
  const date = text(d.pickupDate);
  return date ? `${formatLongDate(date)}, ${pickupWindowLabel(text(d.pickupTime) ?? '')}` : 'another window';
};
const deliveryWhen = (d: { dueBackDate?: unknown; dueBackTime?: unknown }) => pickupWhen({ pickupDate: d.dueBackDate, pickupTime: d.dueBackTime });
const byTheCustomer = 'The customer';
const payLinkWay = (channel: unknown) => (channel === 'text' ? 'by text' : channel === 'both' ? 'by email and text' : 'by email');

export const customerWords = {
  'booking.rescheduled': {
    booking: onBooking,
    nobody: byTheCustomer,
    sentence: (e) => `Moved ${bookingCode(e)} from ${pickupWhen(e.before)} to ${pickupWhen(e.after)} (by the customer, from their orders)`,
  },
  'booking.delivery_moved': {
    booking: onBooking,
    nobody: byTheCustomer,
    sentence: (e) => `Moved the delivery of ${bookingCode(e)} from ${deliveryWhen(e.before)} to ${deliveryWhen(e.after)} (by the customer, from their orders)`,
  },
  'booking.details_changed': {
    booking: onBooking,
    nobody: byTheCustomer,
    sentence: (e) => {
      const { before, after } = e;
      if (after.erased === true) return `The customer of ${bookingCode(e)} changed their details (since deleted with their data)`;
      const fields = Object.keys(before) as (keyof typeof before & keyof typeof after)[];
      return join([
        `Changed ${fields.length === 1 ? 'a detail' : 'details'} of ${bookingCode(e)}: ${fields.map((f) => `${detailWord(f)} “${detailValue(f, before[f])}” → “${detailValue(f, after[f])}”`).join('; ')} (by the customer, from their orders)`,
        after.textsStopped === true && 'texts stopped until the new number agrees to them',
      ]);
    },
  },
  // decision 057: staff's own changes for a customer who called
  'booking.moved': {
    booking: onBooking,
    sentence: (e) => `Moved ${bookingCode(e)} from ${pickupWhen(e.before)} to ${pickupWhen(e.after)} for the customer`,
  },
  // decision 058
  'booking.phone_order_created': {
    booking: onBooking,
    sentence: (e) => `Took ${bookingCode(e)} on the phone for ${pickupWhen(e.after)}, estimate ${money(cents(e.after.totalCents) ?? 0)}; its pay link went ${payLinkWay(e.after.channel)}`,
  },
  'booking.pay_link_sent': {
    booking: onBooking,
    sentence: (e) => `Sent the pay link of ${bookingCode(e)} again ${payLinkWay(e.after.channel)}`,
  },
  'booking.details_edited': {
    booking: onBooking,
    sentence: (e) => {
      const { before, after } = e;
      if (after.erased === true) return `Changed details of ${bookingCode(e)} for the customer (since deleted with their data)`;
      const fields = Object.keys(before ?? {}) as (keyof typeof before & keyof typeof after)[];
      return join([
        `Changed ${fields.length === 1 ? 'a detail' : 'details'} of ${bookingCode(e)} for the customer: ${fields.map((f) => `${detailWord(f)} “${detailValue(f, before[f])}” → “${detailValue(f, after[f])}”`).join('; ')}`,
        after.textsStopped === true && 'texts stopped until the new number agrees to them',
      ]);
    },
  },
  'series.started': {
    booking: onBooking,
    nobody: byTheCustomer,
    sentence: (e) => {
      const next = text(e.after.nextDate);
      return `Made ${bookingCode(e)} a regular pick-up, every ${cents(e.after.everyWeeks) === 2 ? '2 weeks' : 'week'}, from ${next ? formatLongDate(next) : 'its next date'} (by the customer)`;
    },
  },
  'series.paused': { booking: onBooking, nobody: byTheCustomer, sentence: (e) => `Paused the regular pick-up of ${bookingCode(e)} (by the customer)` },
  'series.resumed': { booking: onBooking, nobody: byTheCustomer, sentence: (e) => `Resumed the regular pick-up of ${bookingCode(e)} (by the customer)` },
  'series.stopped': { booking: onBooking, nobody: byTheCustomer, sentence: (e) => `Stopped the regular pick-up of ${bookingCode(e)} (by the customer)` },
  // the job that makes each occurrence: nobody acted
  'series.occurrence_missed': {
    booking: onBooking,
    sentence: (e) => {
      const date = text(e.after.date);
      return `The regular pick-up of ${bookingCode(e)} on ${date ? formatLongDate(date) : 'its day'} could not be booked: ${text(e.after.reason) ?? 'no reason given'} (the customer was emailed)`;
    },
  },
  'customer.erased': {
    nobody: byTheCustomer,
    sentence: (e) => `A customer deleted their data from their orders: ${plural(cents(e.after.orders) ?? 0, 'order')} kept without their details`,
  },
  'customer.note_added': {
    booking: onBooking,
    sentence: (e) =>
      e.after.erased === true
        ? `Added a note on the customer of ${bookingCode(e)} (since deleted with their data)`
        : `Added a note on the customer of ${bookingCode(e)}: “${(text(e.after.body) ?? '').slice(0, 120)}”`,
  },
} satisfies SomeDescribers;
