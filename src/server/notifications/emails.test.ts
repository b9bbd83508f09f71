import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  renderAbandonedForBusiness,
  renderAbandonedForCustomer,
  renderBookingCancelled,
  renderBookingConfirmation,
  renderContactMessage,
  type BookingEmailData,
} from '../../../emails/render';

const booking: BookingEmailData = {
  bookingId: 'b3f1c2d4-1111-4222-8333-444455556666',
  confirmation: 'WD-B3F1C2',
  name: 'Olivia Chen',
  email: 'olivia@example.com',
  phone: '(803) 555-0177',
  address: '48 Church St',
  city: 'Lexington',
  zipCode: '29072',
  pickupDate: '2026-11-25',
  pickupTime: '12pm-4pm',
  pickupLocation: 'porch',
  bagQuantity: 2,
  bagRateCents: 3150,
  addOnLines: [{ key: 'rushDelivery', label: '24-hr Rush Delivery', quantity: 1, unitCents: 1000, totalCents: 1000 }],
  subtotalCents: 7300,
  giftCardDiscountCents: 0,
  totalCents: 7300,
  promoCode: null,
  paymentNote: 'Authorized on your card: $73.00.',
  waterTemperature: 'cold',
  detergentType: 'standard',
  allergies: '<script>alert(1)</script>',
  specialInstructions: 'Gate code 4412',
  specialCareInstructions: '',
  cancelUrl: 'http://localhost:3000/cancel-booking?booking_id=x&token=y',
};

// the template's own markup; a customer's typed text may hold angle brackets, harmless in plain text
const noHtml = /<(p|div|table|td|tr|a|span|img)[\s>]/i;

describe('email templates', () => {
  it('the booking confirmation has every detail, the cancel link, escaped user text and the .ics', async () => {
    const email = await renderBookingConfirmation(booking);
    expect(email.subject).toContain('WD-B3F1C2');
    for (const fact of ['Wednesday, November 25, 2026', '12PM – 4PM', '48 Church St', '$73.00', '$63.00', '24-hr Rush Delivery', '(803) 555-0142', '30 minutes', '48-72 hours', '$20'])
      expect(email.html, fact).toContain(fact);
    expect(email.html).toContain('cancel-booking?booking_id=x&amp;token=y');
    expect(email.html).not.toContain('<script>');
    expect(email.text).toContain('WD-B3F1C2');
    expect(email.text).not.toMatch(noHtml);
    const ics = email.attachments?.find((a) => a.filename.endsWith('.ics'));
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content)).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-25T21:00:00.000Z');
  });

  it.each([
    ['abandoned (business)', () => renderAbandonedForBusiness(booking), ['Olivia Chen', 'olivia@example.com', '(803) 555-0177', '$73.00']],
    ['abandoned (customer)', () => renderAbandonedForCustomer({ name: 'Olivia', bookUrl: 'http://localhost:3000/book' }), ['Olivia', 'http://localhost:3000/book']],
    [
      'contact message',
      () => renderContactMessage({ name: 'Ada', email: 'ada@example.com', phone: '', subject: 'Hi <b>there</b>', message: 'Line one\nLine two', receivedAt: new Date('2026-11-22T15:00:00Z') }),
      ['Ada', 'ada@example.com', 'Line one'],
    ],
    [
      'cancellation',
      () => renderBookingCancelled({ confirmation: 'WD-B3F1C2', name: 'Olivia', pickupDate: '2026-11-25', pickupTime: '12pm-4pm', releasedNote: 'Nothing was charged.', bookUrl: 'http://localhost:3000/book' }),
      ['WD-B3F1C2', 'Wednesday, November 25, 2026', 'Nothing was charged.'],
    ],
  ] as const)('%s: HTML and text with the key facts', async (_label, render, facts) => {
    const email = await render();
    expect(email.subject.length).toBeGreaterThan(5);
    for (const fact of facts) {
      expect(email.html, fact).toContain(fact);
      expect(email.text, fact).toContain(fact);
    }
    expect(email.html).not.toContain('<b>there</b>');
    expect(email.text).not.toMatch(noHtml);
  });
});
