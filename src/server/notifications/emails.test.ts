// The email templates of emails/: the facts each one must carry, in HTML and in plain text, that
// typed text cannot inject markup, that the confirmation's calendar event is the right window, and
// that the receipt's and the rating email's amounts and links are the ones the back office settled.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  renderAbandonedForBusiness,
  renderAbandonedForCustomer,
  renderBookingCancelled,
  renderBookingConfirmation,
  renderContactMessage,
  renderDeliveryConfirmation,
  renderFinalReceipt,
} from '../../../emails/render';
import type { BookingEmailData, DeliveryConfirmationData, FinalReceiptData, RenderedEmail } from '../../../emails/email-data';
import { business } from '../../shared/business';
import { formatCents } from '../../shared/money';
import { finalInvoice } from '../../shared/pricing';
import type { FinalAddOns } from '../../shared/pricing';
import { confirmationNumber, receiptOrderNumber } from '../../shared/booking-values';

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

/** A weighed booking's receipt, its invoice lines from the shared pricing rules. */
function receiptData(
  weighing: { weightTenths: number; pricePerPoundCents?: number; addOns?: Partial<FinalAddOns> },
  overrides: Partial<FinalReceiptData> = {},
): FinalReceiptData {
  const pricePerPoundCents = weighing.pricePerPoundCents ?? 175;
  const invoice = finalInvoice({
    weightTenths: weighing.weightTenths,
    pricePerPoundCents,
    rushDelivery: false,
    hangDriedDelicates: false,
    oxiClean: false,
    stainTreatment: false,
    ...weighing.addOns,
  });
  return {
    bookingId,
    orderNumber: receiptOrderNumber(bookingId),
    confirmation: confirmationNumber(bookingId),
    name: 'Dana Smith',
    pickupDate: '2026-11-23',
    pickupTime: '8am-12pm',
    weightTenths: weighing.weightTenths,
    pricePerPoundCents,
    weightCents: invoice.weightCents,
    addOnLines: invoice.addOnLines,
    finalTotalCents: invoice.totalCents,
    authorizedCents: invoice.totalCents,
    capturedCents: invoice.totalCents,
    releasedCents: 0,
    extraChargedCents: 0,
    amountDueCents: 0,
    giftCardCents: 0,
    processedAt: '2026-11-25T15:30:00Z',
    ...overrides,
  };
}

function expectNoMissingValues(email: RenderedEmail) {
  for (const part of [email.subject, email.html, email.text]) {
    expect(part).not.toMatch(/undefined|NaN|null|\[object Object\]/);
  }
}

describe('final receipt, to the customer', () => {
  const cases: {
    name: string;
    data: FinalReceiptData;
    facts: string[];
    textLines: string[];
    absent: string[];
  }[] = [
    {
      name: '14.2 lb with oxi-clean, under the $32.50 authorization: $6.65 released',
      data: receiptData(
        { weightTenths: 142, addOns: { oxiClean: true } },
        { authorizedCents: 3250, capturedCents: 2585, releasedCents: 665 },
      ),
      facts: ['14.2 lb × $1.75/lb', '$24.85', 'Oxi-clean', '$1.00', '$25.85', '$32.50', '$6.65', 'Released back to your card', 'not a charge', 'a few days'],
      textLines: [
        'Laundry (14.2 lb × $1.75/lb): $24.85',
        'Oxi-clean: $1.00',
        'Total: $25.85',
        'Authorized on your card: $32.50',
        'Charged to your card: $25.85',
        'Released back to your card: $6.65',
      ],
      absent: ['Additional charge', 'Still due', 'Gift card'],
    },
    {
      name: '40 lb from 2 bags, over the $63.00 authorization: $7.00 charged on top',
      data: receiptData({ weightTenths: 400 }, { authorizedCents: 6300, capturedCents: 7000, extraChargedCents: 700 }),
      facts: ['40.0 lb × $1.75/lb', '$70.00', '$63.00', '$7.00', 'Additional charge'],
      textLines: [
        'Laundry (40.0 lb × $1.75/lb): $70.00',
        'Total: $70.00',
        'Authorized on your card: $63.00',
        'Additional charge: $7.00',
        'Charged to your card: $70.00',
      ],
      absent: ['Released back to your card', 'Still due', 'Gift card', 'Oxi-clean'],
    },
    {
      name: '40 lb with add-ons and a gift card, the extra charge needing the customer: $20.50 still due',
      data: receiptData(
        { weightTenths: 400, addOns: { oxiClean: true, rushDelivery: true } },
        { authorizedCents: 6250, capturedCents: 6250, amountDueCents: 2050, giftCardCents: 1250 },
      ),
      facts: ['Oxi-clean (3 × $1.00)', '$3.00', '24-hr Rush Delivery', '$10.00', '$83.00', '$20.50', 'Still due', 'We could not charge the remaining', 'to settle it.'],
      textLines: [
        'Oxi-clean (3 × $1.00): $3.00',
        '24-hr Rush Delivery: $10.00',
        'Total: $83.00',
        'Gift card applied at booking: $12.50',
        'Authorized on your card: $62.50',
        'Charged to your card: $62.50',
        'Still due: $20.50',
      ],
      absent: ['Released back to your card', 'Additional charge'],
    },
  ];

  it.each(cases)('itemises $name', async ({ data, facts, textLines, absent }) => {
    const email = await renderFinalReceipt(data);
    expect(email.subject).toBe('Your receipt: order 3F9A2C10');
    expectLayout(email);
    expectNoMissingValues(email);
    expectBoth(email, [
      'Hi Dana Smith,',
      '3F9A2C10',
      'WD-3F9A2C',
      'Monday, November 23, 2026, 8AM – 12PM',
      'Wednesday, November 25, 2026 at 10:30 AM EST',
      'Questions about this receipt?',
      ...facts,
    ]);
    for (const line of textLines) expect(email.text).toContain(`${line}\n`);
    for (const missing of absent) {
      expect(readable(email.html)).not.toContain(missing);
      expect(email.text).not.toContain(missing);
    }
    expect(email.attachments).toBeUndefined();
  });

  it('says what is still due and how to settle it', async () => {
    const email = await renderFinalReceipt(receiptData({ weightTenths: 400 }, { authorizedCents: 6300, capturedCents: 6300, amountDueCents: 700 }));
    expectBoth(email, ['We could not charge the remaining', '$7.00', 'to your card.', 'Please call us at', business.phone, 'to settle it.']);
  });

  it('escapes HTML in the name and leaves it as typed in the text', async () => {
    const email = await renderFinalReceipt(receiptData({ weightTenths: 142 }, { name: injected }));
    expectEscaped(email);
    expect(email.text).toContain(injected);
  });

  it.each([
    { name: 'a fractional weight', data: receiptData({ weightTenths: 142 }, { weightTenths: 14.2 }), error: /tenths of a pound/ },
    { name: 'a fractional amount', data: receiptData({ weightTenths: 142 }, { releasedCents: 6.65 }), error: /integer cents/ },
    { name: 'an unreadable weighing time', data: receiptData({ weightTenths: 142 }, { processedAt: 'yesterday' }), error: /date-time/ },
  ])('refuses $name rather than print NaN', async ({ data, error }) => {
    await expect(renderFinalReceipt(data)).rejects.toThrow(error);
  });
});

describe('delivery confirmation, to the customer', () => {
  const delivered: DeliveryConfirmationData = {
    bookingId,
    confirmation: 'WD-3F9A2C',
    name: 'Dana Smith',
    deliveredOn: '2026-11-25',
    finalTotalCents: 2585,
  };
  const ratings = [
    { stars: 1, label: '1 star', href: 'mailto:hello@washday.example?subject=Rating%3A%201%20star%20for%20WD-3F9A2C' },
    { stars: 2, label: '2 stars', href: 'mailto:hello@washday.example?subject=Rating%3A%202%20stars%20for%20WD-3F9A2C' },
    { stars: 3, label: '3 stars', href: 'mailto:hello@washday.example?subject=Rating%3A%203%20stars%20for%20WD-3F9A2C' },
    { stars: 4, label: '4 stars', href: 'mailto:hello@washday.example?subject=Rating%3A%204%20stars%20for%20WD-3F9A2C' },
    { stars: 5, label: '5 stars', href: 'mailto:hello@washday.example?subject=Rating%3A%205%20stars%20for%20WD-3F9A2C' },
  ];

  it('says the laundry is delivered, when, and the final total', async () => {
    const email = await renderDeliveryConfirmation(delivered);
    expect(email.subject).toBe('Your laundry is delivered: WD-3F9A2C');
    expectLayout(email);
    expectNoMissingValues(email);
    expectBoth(email, ['Hi Dana Smith,', 'delivered on', 'Wednesday, November 25, 2026', 'WD-3F9A2C', 'How did we do?']);
    expect(email.text).toContain('Final total: $25.85\n');
  });

  it.each(ratings)('rates $label through a mailto: link with the rating in the encoded subject', async ({ stars, label, href }) => {
    const email = await renderDeliveryConfirmation(delivered);
    const links = [...email.html.matchAll(/<a [^>]*href="(mailto:[^"]*\?subject=[^"]*)"[^>]*>(.*?)<\/a>/g)];
    expect(links).toHaveLength(5);
    const link = links[stars - 1];
    expect(link?.[1]).toBe(href);
    // the visible (accessible) text of the link is the rating; the star glyphs are hidden from screen readers
    expect(link?.[2]?.replace(/<span aria-hidden="true"[^>]*>★+<\/span>/, '').replace(/<!-- -->/g, '')).toBe(label);
    expect(decodeURIComponent(href.split('?subject=')[1] ?? '')).toBe(`Rating: ${label} for WD-3F9A2C`);
    // the text version lists it on its own line with the address and subject to write
    expect(email.text).toContain(`\n${label}: email ${business.email} with the subject "Rating: ${label} for WD-3F9A2C"\n`);
  });

  it('lists the ratings in the text version from 1 to 5, one a line, without star glyphs', async () => {
    const { text } = await renderDeliveryConfirmation(delivered);
    const lines = text.split('\n').filter((line) => /^\d stars?: email /.test(line));
    expect(lines.map((line) => line.split(':')[0])).toEqual(ratings.map((r) => r.label));
    expect(text).not.toContain('★');
  });

  it('leaves out the total when the laundry was never weighed', async () => {
    const email = await renderDeliveryConfirmation({ ...delivered, finalTotalCents: null });
    expectNoMissingValues(email);
    expect(email.text).not.toContain('Final total');
  });

  it('escapes HTML in the name', async () => {
    const email = await renderDeliveryConfirmation({ ...delivered, name: injected });
    expectEscaped(email);
    expect(email.text).toContain(injected);
  });
});
