import { describe, expect, it } from 'vitest';
import { outboxKindLabel, outboxRecipient } from './outbox-view';

describe('an outbox message as staff read it', () => {
  it.each([
    ['booking_confirmed_sms', 'sms', 'Booking confirmed text'],
    ['booking_cancelled_sms', 'sms', 'Booking cancelled text'],
    ['laundry_weighed_sms', 'sms', 'Laundry weighed text'],
    ['pickup_reminder_sms', 'sms', 'Pick-up reminder text'],
    ['delivery_window_sms', 'sms', 'Delivery window text'],
    ['receipt_ready', 'email', 'Receipt ready email'],
    ['', 'sms', 'Message text'],
  ] as const)('names the kind %s in words', (kind, channel, label) => {
    expect(outboxKindLabel(kind, channel)).toBe(label);
    expect(outboxKindLabel(kind, channel)).not.toMatch(/_/);
  });

  it("shows a text's number the way staff write it, and an email address as it is", () => {
    expect(outboxRecipient('sms', '+18035550142')).toBe('(803) 555-0142');
    expect(outboxRecipient('email', 'sam@example.com')).toBe('sam@example.com');
  });
});
