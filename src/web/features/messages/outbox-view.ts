// How the Outbox words a message: its kind in staff's words when it has no subject (a text), and
// its recipient as staff read it (a phone number as (803) 555-0142, never +18035550142).
import { formatPhone } from '../../../shared/phone';

const kindLabels: Record<string, string> = {
  booking_confirmed_sms: 'Booking confirmed text',
  booking_cancelled_sms: 'Booking cancelled text',
  laundry_weighed_sms: 'Laundry weighed text',
  pickup_reminder_sms: 'Pick-up reminder text',
};

/** A message's kind in words: a known one by name, any other as its words, never `snake_case`. */
export function outboxKindLabel(kind: string, channel: 'email' | 'sms'): string {
  const known = kindLabels[kind];
  if (known) return known;
  const words = kind
    .replace(/_(sms|email)$/, '')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .join(' ');
  const sentence = words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Message';
  return `${sentence} ${channel === 'sms' ? 'text' : 'email'}`;
}

/** A text's number as staff read it; an email address as it is. */
export function outboxRecipient(channel: 'email' | 'sms', recipient: string): string {
  return channel === 'sms' ? formatPhone(recipient) : recipient;
}
