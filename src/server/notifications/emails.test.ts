// The email templates of emails/: the facts each one must carry, in HTML and in plain text, that
// typed text cannot inject markup, and that the confirmation's calendar event is the right window.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  renderAbandonedForBusiness,
  renderAbandonedForCustomer,
  renderBookingCancelled,
  renderBookingConfirmation,
  renderContactMessage,
} from '../../../emails/render';
import type { BookingEmailData, RenderedEmail } from '../../../emails/render';
import { business } from '../../shared/business';
import { formatCents } from '../../shared/money';
import { confirmationNumber } from '../../shared/schemas/booking';

const bookingId = '3f9a2c10-1234-4000-8000-000000000000';
const cancelUrl = `https://washday.example/cancel?booking=${bookingId}&sig=abc123`;
const injected = '<script>alert("x")</script>';

function bookingData(overrides: Partial<BookingEmailData> = {}): BookingEmailData {
  return {
    bookingId,
    confirmation: confirmationNumber(bookingId),
    name: 'Dana Smith',
    email: 'dana@example.com',
    phone: '(803) 555-0199',
    address: '12 Main St',
    city: 'Lexington',
    zipCode: '29072',
    pickupDate: '2026-11-23',
    pickupTime: '4pm-8pm',
    pickupLocation: 'back-door',
    bagQuantity: 2,
    bagRateCents: 3150,
    addOnLines: [
      { key: 'oxiClean', label: 'Oxi-clean', quantity: 2, unitCents: 100, totalCents: 200 },
      { key: 'rushDelivery', label: '24-hr Rush Delivery', quantity: 1, unitCents: 1000, totalCents: 1000 },
    ],
    subtotalCents: 7500,
    giftCardDiscountCents: 1250,
    totalCents: 6250,
    promoCode: null,
    paymentNote: 'Authorized on your card: $62.50. You are charged the actual amount after we weigh your laundry.',
    waterTemperature: 'warm',
    detergentType: 'hypoallergenic',
    allergies: 'Fragrance',
    specialInstructions: 'Gate code 1234.\nThe dog is friendly.',
    specialCareInstructions: 'Hang dry the silk blouse',
    cancelUrl,
    ...overrides,
  };
}

/** An attribute value as React writes it (& becomes &amp;). */
function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The HTML without React's text-node separators, so a sentence with values reads as one string. */
function readable(html: string): string {
  return html.replace(/<!-- -->/g, '');
}

const htmlTag = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;

function expectBoth(email: RenderedEmail, facts: string[]) {
  const html = readable(email.html);
  for (const fact of facts) {
    expect(html, `HTML should contain ${fact}`).toContain(fact);
    expect(email.text, `text should contain ${fact}`).toContain(fact);
  }
}

function expectLayout(email: RenderedEmail) {
  expectBoth(email, [business.name, business.phone, business.email]);
  expect(email.html).toContain(`href="${business.phoneHref}"`);
  expect(email.html).toContain(`href="mailto:${business.email}"`);
  expect(email.html.toLowerCase()).toContain('#0e7490');
  expect(email.html).toMatch(/^<!DOCTYPE html/);
  expect(email.text).not.toMatch(htmlTag);
}

function expectEscaped(email: RenderedEmail) {
  expect(email.html).not.toContain('<script');
  expect(email.html).toContain('&lt;script&gt;');
}

function parseAttachment(email: RenderedEmail) {
  expect(email.attachments).toHaveLength(1);
  const [attachment] = email.attachments ?? [];
  if (!attachment) throw new Error('no attachment');
  const calendar = new ICAL.Component(ICAL.parse(attachment.content));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { attachment, calendar, event: new ICAL.Event(vevent) };
}

describe('booking confirmation', () => {
  it('has the confirmation number in the subject', async () => {
    const email = await renderBookingConfirmation(bookingData());
    expect(email.subject).toBe('Your pick-up is booked: WD-3F9A2C');
  });

  it('carries every booking detail in HTML and text', async () => {
    const email = await renderBookingConfirmation(bookingData());
    expectLayout(email);
    expectBoth(email, [
      'WD-3F9A2C',
      'Monday, November 23, 2026',
      '4PM – 8PM',
      '12 Main St, Lexington, SC 29072',
      'Back door',
      'Dana Smith',
      'dana@example.com',
      '(803) 555-0199',
      'Warm',
      'Hypoallergenic detergent',
      'Fragrance',
      'Hang dry the silk blouse',
      'Gate code 1234.',
      'The dog is friendly.',
      `2 bags × ${formatCents(3150)}`,
      formatCents(6300),
      `Oxi-clean (2 × ${formatCents(100)})`,
      formatCents(200),
      '24-hr Rush Delivery',
      formatCents(1000),
      formatCents(7500),
      formatCents(1250),
      formatCents(6250),
      'Authorized on your card: $62.50. You are charged the actual amount after we weigh your laundry.',
    ]);
    // the text version reads as "Label: value" lines
    expect(email.text).toContain('Date: Monday, November 23, 2026\n');
    expect(email.text).toContain('Window: 4PM – 8PM\n');
    expect(email.text).toContain(`Estimated total: ${formatCents(6250)}`);
    // a typed line break stays a line break
    expect(email.html).toContain('Gate code 1234.<br/>The dog is friendly.');
    expect(email.text).toContain('Gate code 1234.\nThe dog is friendly.');
  });

  it('says what happens next: a call 30 minutes before pick-up and the return within 48-72 hours', async () => {
    const email = await renderBookingConfirmation(bookingData());
    expectBoth(email, [
      `about ${business.reminderCallMinutes} minutes before pick-up`,
      `within ${business.turnaround.return}`,
      '48-72 hours',
    ]);
  });

  it('links to free cancellation with the policy: until 2 hours before the window, then a $20 no-show fee', async () => {
    const email = await renderBookingConfirmation(bookingData());
    expect(email.html).toContain(`href="${attr(cancelUrl)}"`);
    expect(email.text).toContain(cancelUrl);
    expectBoth(email, ['free up to 2 hours before your pick-up window starts', 'until 2PM on Monday, November 23, 2026', '$20 no-show fee']);
    const morning = await renderBookingConfirmation(bookingData({ pickupDate: '2026-07-06', pickupTime: '8am-12pm' }));
    expectBoth(morning, ['until 6AM on Monday, July 6, 2026']);
  });

  it('attaches the pick-up window as a PUBLISH calendar event in the business time zone (winter, EST)', async () => {
    const { attachment, calendar, event } = parseAttachment(await renderBookingConfirmation(bookingData()));
    expect(attachment.filename).toBe('pickup-WD-3F9A2C.ics');
    expect(attachment.contentType).toBe('text/calendar; method=PUBLISH');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-23T21:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-24T01:00:00.000Z');
    expect(event.uid).toBe(`pickup-${bookingId}@washday.example`);
    expect(event.location).toBe('12 Main St, Lexington, SC 29072');
    expect(event.description).toContain('WD-3F9A2C');
    expect(event.description).toContain('Back door');
    expect(event.description).toContain(cancelUrl);
  });

  it('puts a summer (EDT) 8am-12pm window at 12:00Z to 16:00Z', async () => {
    const { event } = parseAttachment(await renderBookingConfirmation(bookingData({ pickupDate: '2026-07-06', pickupTime: '8am-12pm' })));
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-06T12:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-07-06T16:00:00.000Z');
  });

  it('shows a promo code, leaves out an unused gift card, and says "None" for empty notes', async () => {
    const email = await renderBookingConfirmation(
      bookingData({
        promoCode: 'FIRST12',
        bagRateCents: 2400,
        addOnLines: [],
        subtotalCents: 4800,
        giftCardDiscountCents: 0,
        totalCents: 4800,
        allergies: '',
        specialInstructions: '  ',
        specialCareInstructions: '',
        paymentNote: 'No payment needed.',
      }),
    );
    expectBoth(email, ['promo code FIRST12', `2 bags × ${formatCents(2400)}`, formatCents(4800), 'No payment needed.']);
    expect(email.text).toContain('Allergies: None\n');
    expect(email.text).toContain('Special instructions: None\n');
    expect(email.text).not.toContain('Gift card');
  });

  it('escapes HTML typed into any customer field', async () => {
    const email = await renderBookingConfirmation(
      bookingData({ name: injected, specialInstructions: injected, allergies: injected, specialCareInstructions: `a\n${injected}`, address: injected }),
    );
    expectEscaped(email);
    // in the text version the customer's words stay as typed (text/plain is never interpreted)
    expect(email.text).toContain(injected);
    // and in the calendar event too, as text
    expect(parseAttachment(email).event.location).toContain(injected);
  });

  it('refuses a pick-up window the business does not offer', async () => {
    await expect(renderBookingConfirmation(bookingData({ pickupTime: '9pm-1am' }))).rejects.toThrow(/pick-up window/);
  });
});

describe('abandoned payment, to the business', () => {
  it("gives the customer's contact details, the window and the estimate", async () => {
    const email = await renderAbandonedForBusiness(bookingData());
    expect(email.subject).toContain('Dana Smith');
    expect(email.subject).toContain('WD-3F9A2C');
    expect(email.subject).toContain('Monday, November 23, 2026 4PM – 8PM');
    expectLayout(email);
    expectBoth(email, [
      'left the payment',
      'Dana Smith',
      'dana@example.com',
      '(803) 555-0199',
      '12 Main St, Lexington, SC 29072',
      'Monday, November 23, 2026',
      '4PM – 8PM',
      'Back door',
      formatCents(6300),
      formatCents(7500),
      formatCents(1250),
      formatCents(6250),
    ]);
    expect(email.html).toContain('href="mailto:dana@example.com"');
    expect(email.html).toContain('href="tel:8035550199"');
    expect(email.text).toContain('Email: dana@example.com\n');
    expect(email.text).toContain('Phone: (803) 555-0199\n');
    // the customer's cancel link is not the business's business
    expect(email.html).not.toContain('cancel?booking');
    expect(email.attachments).toBeUndefined();
  });

  it('escapes HTML typed by the customer and keeps the subject on one line', async () => {
    const email = await renderAbandonedForBusiness(bookingData({ name: `Eve\r\nBcc: all@example.com ${injected}`, specialInstructions: injected }));
    expectEscaped(email);
    expect(email.subject).not.toMatch(/[\r\n]/);
  });
});

describe('abandoned payment, to the customer', () => {
  it('is a short, friendly note with a link back to /book', async () => {
    const email = await renderAbandonedForCustomer({ name: 'Dana Smith', bookUrl: 'https://washday.example/book' });
    expect(email.subject).toBe("Your pick-up isn't booked yet");
    expectLayout(email);
    expectBoth(email, ['Hi Dana Smith,', 'nothing was charged', 'https://washday.example/book']);
    expect(email.html).toContain('href="https://washday.example/book"');
    expect(email.text.length).toBeLessThan(1200);
  });

  it('escapes HTML in the name', async () => {
    expectEscaped(await renderAbandonedForCustomer({ name: injected, bookUrl: 'https://washday.example/book' }));
  });
});

describe('contact message, to the business', () => {
  const message = {
    name: 'Pat Lee',
    email: 'pat@example.com',
    phone: '(803) 555-0123',
    subject: 'Question about blankets',
    message: 'Hello!\nDo you wash king-size comforters?\n\nThanks',
    receivedAt: new Date('2026-11-23T20:04:00Z'),
  };

  it('has the subject, the sender, when it came (business time zone) and the message with its line breaks', async () => {
    const email = await renderContactMessage(message);
    expect(email.subject).toBe('Contact form: Question about blankets');
    expectLayout(email);
    expectBoth(email, [
      'Pat Lee',
      'pat@example.com',
      '(803) 555-0123',
      'Question about blankets',
      'Monday, November 23, 2026 at 3:04 PM EST',
      'Do you wash king-size comforters?',
    ]);
    expect(email.html).toContain('Hello!<br/>Do you wash king-size comforters?<br/><br/>Thanks');
    expect(email.text).toContain('Hello!\nDo you wash king-size comforters?\n\nThanks');
    expect(email.html).toContain('href="mailto:pat@example.com"');
    expect(email.text).toContain(`within ${business.contactReplyHours} hours`);
  });

  it('keeps a typed subject on one line and escapes HTML in every field', async () => {
    const email = await renderContactMessage({
      ...message,
      name: injected,
      subject: `Hi\r\nBcc: everyone@example.com ${injected}`,
      message: `${injected}\n<img src=x onerror=alert(1)>`,
      phone: '',
    });
    expect(email.subject).toBe(`Contact form: Hi Bcc: everyone@example.com ${injected}`);
    expectEscaped(email);
    expect(email.html).not.toContain('<img');
    expect(email.text).toContain('Phone: Not given');
  });
});

describe('booking cancelled, to the customer', () => {
  const data = {
    confirmation: 'WD-3F9A2C',
    name: 'Dana Smith',
    pickupDate: '2026-07-06',
    pickupTime: '12pm-4pm',
    releasedNote: `The ${formatCents(6250)} authorization on your card has been released.`,
    bookUrl: 'https://washday.example/book',
  };

  it('confirms which pick-up is cancelled, what was released, and links to book again', async () => {
    const email = await renderBookingCancelled(data);
    expect(email.subject).toBe('Your pick-up is cancelled: WD-3F9A2C');
    expectLayout(email);
    expectBoth(email, [
      'WD-3F9A2C',
      'Hi Dana Smith,',
      'Monday, July 6, 2026',
      '12PM – 4PM',
      `The ${formatCents(6250)} authorization on your card has been released.`,
      'https://washday.example/book',
    ]);
    expect(email.html).toContain('href="https://washday.example/book"');
  });

  it('escapes HTML in the name and the note', async () => {
    expectEscaped(await renderBookingCancelled({ ...data, name: injected, releasedNote: injected }));
  });
});
