// The email templates of emails/: the facts each one must carry, in HTML and in plain text, that
// typed text cannot inject markup, that the confirmation's calendar event is the right window, and
// that the receipt's and the rating email's amounts and links are the ones the back office settled.
import { specPriceList } from '../../shared/price-list';
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
  renderLowRating,
} from '../../../emails/render';
import type { BookingEmailData, DeliveryConfirmationData, FinalReceiptData, RenderedEmail } from '../../../emails/email-data';
import { business } from '../../shared/business';
import { formatCents } from '../../shared/money';
import { currentFinalBillRules, finalAddOnsOf, NO_EXTRAS, quoteBooking, specPromoRates, weighedAmounts, type BookingExtras, type PromoRate } from '../../shared/pricing';
import { billAmountText, finalBillLines } from '../../shared/pricing-bill';
import { receiptPayment, settlementAmounts } from '../../shared/pricing-receipts';
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
    ordersUrl: 'https://washday.example/orders',
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
    // without rush delivery (with it: back within 24 hours, src/web/promises.test.tsx)
    const email = await renderBookingConfirmation(bookingData({ addOnLines: [] }));
    expectBoth(email, [
      `about ${business.reminderCallMinutes} minutes before pick-up`,
      `back within 48-72 hours`,
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

  it('booked after the free-cancellation cut-off: no cancel link in the email or the calendar event, a number to call instead', async () => {
    const email = await renderBookingConfirmation(bookingData({ freeCancellationPassed: true }));
    expect(email.html).not.toContain(attr(cancelUrl));
    expect(email.text).not.toContain(cancelUrl);
    expectBoth(email, ['You booked after the free-cancellation cut-off (2 hours before your pick-up window starts)', 'To change or cancel it, call us at']);
    expect(parseAttachment(email).event.description).not.toContain(cancelUrl);
  });

  it('links to Your orders, where the pick-up moves and the details change (decision 021)', async () => {
    const email = await renderBookingConfirmation(bookingData());
    expect(email.html).toContain('href="https://washday.example/orders"');
    expectBoth(email, ['move this pick-up to another window, change your address, phone or laundry preferences']);
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

  it('without a name (decision 042: an unpaid booking’s is its sender’s word), greets no one by one', async () => {
    const email = await renderAbandonedForCustomer({ name: null, bookUrl: 'https://washday.example/book' });
    expectBoth(email, ['Hello,', 'nothing was charged']);
    expect(email.text).not.toContain('Hi ');
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

  it('without a name (an unpaid booking’s, decision 042), greets no one by one', async () => {
    const email = await renderBookingCancelled({ ...data, name: null });
    expectBoth(email, ['Hello,', 'WD-3F9A2C']);
    expect(email.text).not.toContain('Dana');
  });
});

/**
 * A weighed booking's receipt as buildFinalReceipt makes it, from the shared rules: the estimate the
 * card was authorised for (quoteBooking; total 0, no card: docs/design.md 5.1), the final bill the server
 * charges by (weighedAmounts: the gift card pays first, docs/design.md 9) and the card's part: the
 * authorisation captured, the rest charged off-session, or left due when the card needs the
 * customer or there is none (docs/design.md 5.4).
 */
function weighedReceipt(
  w: {
    weightTenths: number;
    bags?: number;
    extras?: Partial<BookingExtras>;
    promo?: PromoRate;
    giftCardBalanceCents?: number;
    pricePerPoundCents?: number;
    card?: 'pays' | 'needs the customer';
    /** a tip the customer added on approving the invoice, charged with what was still due (docs/design.md 5.5) */
    tipCents?: number;
  },
  overrides: Partial<FinalReceiptData> = {},
): FinalReceiptData {
  const extras = { ...NO_EXTRAS, ...w.extras };
  const promo = w.promo ?? null;
  const quote = quoteBooking({ priceList: specPriceList, bagQuantity: w.bags ?? 1, extras, promo, giftCardBalanceCents: w.giftCardBalanceCents ?? 0 });
  const pricePerPoundCents = w.pricePerPoundCents ?? 175;
  const amounts = weighedAmounts({ priceList: specPriceList,
    weightTenths: w.weightTenths,
    pricePerPoundCents,
    finalAddOns: finalAddOnsOf({ ...extras, finalBillRules: currentFinalBillRules }),
    promo,
    bagQuantity: w.bags ?? 1,
    finalBillRules: currentFinalBillRules,
    giftCardDiscountCents: quote.giftCardDiscountCents,
  });
  const authorizedCents = quote.totalCents;
  const capturedCents = Math.min(amounts.chargeCents, authorizedCents);
  const extraChargedCents = authorizedCents > 0 && w.card !== 'needs the customer' ? amounts.chargeCents - capturedCents : 0;
  const dueAfterWeighing = settlementAmounts(amounts.chargeCents, { capturedCents, extraChargedCents }).amountDueCents;
  // approving with a tip charges the tip and what was still due at once; decision 015: both in captured_amount, the tip in tip_amount too
  const tipCents = w.tipCents ?? 0;
  const approvalCents = tipCents > 0 ? tipCents + dueAfterWeighing : 0;
  const payment = receiptPayment({ authorizedAmount: authorizedCents, capturedAmount: capturedCents + extraChargedCents + approvalCents, refundedAmount: 0, tipAmount: tipCents });
  return {
    bookingId,
    orderNumber: receiptOrderNumber(bookingId),
    confirmation: confirmationNumber(bookingId),
    name: 'Dana Smith',
    pickupDate: '2026-11-23',
    pickupTime: '8am-12pm',
    weightTenths: w.weightTenths,
    pricePerPoundCents,
    weightCents: amounts.invoice.weightCents,
    addOnLines: amounts.invoice.addOnLines,
    promoCode: promo?.code ?? null,
    finalTotalCents: amounts.finalTotalCents,
    authorizedCents,
    billChargedCents: payment.billChargedCents,
    tipCents: payment.tipCents,
    chargedCents: payment.chargedCents,
    releasedCents: payment.releasedCents,
    extraChargedCents: payment.extraChargedCents,
    amountDueCents: tipCents > 0 ? 0 : dueAfterWeighing,
    giftCardCents: amounts.giftCardAppliedCents,
    processedAt: '2026-11-25T15:30:00Z',
    ...overrides,
  };
}

function expectNoMissingValues(email: RenderedEmail) {
  for (const part of [email.subject, email.html, email.text]) {
    expect(part).not.toMatch(/undefined|NaN|null|\[object Object\]/);
  }
}

/** The "Label: amount" rows of the amount table under a heading, as the plain-text version prints them. */
function textRows(email: RenderedEmail, heading: string): string[] {
  const at = email.text.indexOf(`\n${heading}\n`);
  if (at < 0) return [];
  const rows = email.text.slice(at + heading.length + 2).replace(/^\n+/, '');
  return rows.slice(0, rows.indexOf('\n\n')).split('\n');
}

/** The same rows read from the HTML table under the heading. */
function htmlRows(email: RenderedEmail, heading: string): string[] {
  const html = readable(email.html);
  const at = html.indexOf(`>${heading}</h2>`);
  if (at < 0) return [];
  const table = html.slice(at, html.indexOf('</table>', at));
  const cells = [...table.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) =>
    m[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'"),
  );
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += 2) rows.push(`${cells[i]}: ${cells[i + 1]}`);
  return rows;
}

describe('final receipt, to the customer', () => {
  // The bill is the staff receipt's (finalBillLines, the lines the card was charged by); the payment
  // block says what the card did. Amounts from the spec: $31.50 a bag, $1.75 per lb, oxi-clean $1
  // and stain $2 per 15 lb, rush $10; FREE waives everything (customer-site 9, back-office 9).
  const cases: {
    name: string;
    data: FinalReceiptData;
    bill: string[];
    payment: string[];
    facts: string[];
    absent: string[];
  }[] = [
    {
      name: 'below the estimate: 1 bag with oxi-clean weighed 14.2 lb, $6.65 of the $32.50 hold released',
      data: weighedReceipt({ weightTenths: 142, extras: { oxiClean: true } }),
      bill: ['Laundry (14.2 lb × $1.75/lb): $24.85', 'Oxi-clean: $1.00', 'Final total: $25.85'],
      payment: ['Authorized on your card: $32.50', 'Charged to your card: $25.85', 'Released back to your card: $6.65'],
      facts: ['what we charged to your card', 'not a charge', 'a few days'],
      absent: ['Additional charge', 'Still due', 'Gift card', 'Promo'],
    },
    {
      name: 'above the estimate: 2 bags with oxi-clean and stain weighed 40 lb, $10.00 charged on top of the $69.00 hold',
      data: weighedReceipt({ weightTenths: 400, bags: 2, extras: { oxiClean: true, stainTreatment: true } }),
      bill: ['Laundry (40.0 lb × $1.75/lb): $70.00', 'Oxi-clean (3 × $1.00): $3.00', 'Stain Treatment (3 × $2.00): $6.00', 'Final total: $79.00'],
      payment: ['Authorized on your card: $69.00', 'Additional charge: $10.00', 'Charged to your card: $79.00'],
      facts: ['the difference of $10.00 was charged to the same card'],
      absent: ['Released back to your card', 'Still due', 'Gift card'],
    },
    {
      // decision 015: the tip is in what the card paid, but it is no additional charge and releases nothing
      name: 'below the estimate with a $5.00 tip: the tip on its own line, $6.65 of the $32.50 hold still released',
      data: weighedReceipt({ weightTenths: 142, extras: { oxiClean: true }, tipCents: 500 }),
      bill: ['Laundry (14.2 lb × $1.75/lb): $24.85', 'Oxi-clean: $1.00', 'Final total: $25.85'],
      payment: ['Authorized on your card: $32.50', 'Charged to your card: $25.85', 'Tip: $5.00', 'Total charged to your card: $30.85', 'Released back to your card: $6.65'],
      facts: ['Thank you for your tip of $5.00', 'not a charge'],
      absent: ['Additional charge', 'more than the amount authorized', 'Still due'],
    },
    {
      name: 'above the estimate, the card needing the customer for $10.00, paid with a $7.50 tip on approval',
      data: weighedReceipt({ weightTenths: 400, bags: 2, extras: { oxiClean: true, stainTreatment: true }, card: 'needs the customer', tipCents: 750 }),
      bill: ['Laundry (40.0 lb × $1.75/lb): $70.00', 'Oxi-clean (3 × $1.00): $3.00', 'Stain Treatment (3 × $2.00): $6.00', 'Final total: $79.00'],
      payment: ['Authorized on your card: $69.00', 'Additional charge: $10.00', 'Charged to your card: $79.00', 'Tip: $7.50', 'Total charged to your card: $86.50'],
      facts: ['the difference of $10.00 was charged to the same card', 'Thank you for your tip of $7.50'],
      absent: ['Released back to your card', 'Still due'],
    },
    {
      name: 'FREE: the lines listed, then the promo takes them all off; no card, nothing charged',
      data: weighedReceipt({ weightTenths: 100, extras: { rushDelivery: true }, promo: specPromoRates.FREE }),
      bill: ['Laundry (10.0 lb × $1.75/lb): $17.50', '24-hr Rush Delivery: $10.00', 'Promo code FREE: −$27.50', 'Final total: $0.00'],
      payment: [],
      facts: ['Here is what it came to.'],
      absent: ['Payment', 'Authorized on your card', 'Charged to your card', 'Still due'],
    },
    {
      name: 'a $10 gift card partly covering, weighed 20 lb: the card pays the other $25.00',
      data: weighedReceipt({ weightTenths: 200, giftCardBalanceCents: 1000 }),
      bill: ['Laundry (20.0 lb × $1.75/lb): $35.00', 'Final total: $35.00', 'Gift card applied: −$10.00', 'Total after gift card: $25.00'],
      payment: ['Authorized on your card: $21.50', 'Additional charge: $3.50', 'Charged to your card: $25.00'],
      facts: [],
      absent: ['Gift card applied at booking', 'Released back to your card', 'Still due'],
    },
    {
      name: 'a $25 gift card fully covering, weighed 12 lb: it pays all $21.00 and the $6.50 hold is released',
      data: weighedReceipt({ weightTenths: 120, giftCardBalanceCents: 2500 }),
      bill: ['Laundry (12.0 lb × $1.75/lb): $21.00', 'Final total: $21.00', 'Gift card applied: −$21.00', 'Total after gift card: $0.00'],
      payment: ['Authorized on your card: $6.50', 'Charged to your card: $0.00', 'Released back to your card: $6.50'],
      facts: [],
      absent: ['Gift card applied at booking', 'Additional charge', 'Still due'],
    },
    {
      name: 'a $40 gift card that covered the estimate, so no card, weighed 12 lb: it pays all $21.00',
      data: weighedReceipt({ weightTenths: 120, giftCardBalanceCents: 4000 }),
      bill: ['Laundry (12.0 lb × $1.75/lb): $21.00', 'Final total: $21.00', 'Gift card applied: −$21.00', 'Total after gift card: $0.00'],
      payment: [],
      facts: ['Here is what it came to.'],
      absent: ['Payment', 'Authorized on your card', 'Charged to your card', 'Still due'],
    },
    {
      name: 'a gift card that covered the estimate, so no card, weighed 20 lb: $3.50 still due',
      data: weighedReceipt({ weightTenths: 200, giftCardBalanceCents: 3150 }),
      bill: ['Laundry (20.0 lb × $1.75/lb): $35.00', 'Final total: $35.00', 'Gift card applied: −$31.50', 'Total after gift card: $3.50'],
      payment: ['Still due: $3.50'],
      facts: ['There is no card on file for the remaining', 'Please call us at', 'to settle it.'],
      absent: ['Authorized on your card', 'Charged to your card', 'We could not charge'],
    },
    {
      name: 'a card that needs the customer, 40 lb with add-ons and a $12.50 gift card: $8.00 still due',
      data: weighedReceipt({ weightTenths: 400, bags: 2, extras: { oxiClean: true, rushDelivery: true }, giftCardBalanceCents: 1250, card: 'needs the customer' }),
      bill: [
        'Laundry (40.0 lb × $1.75/lb): $70.00',
        '24-hr Rush Delivery: $10.00',
        'Oxi-clean (3 × $1.00): $3.00',
        'Final total: $83.00',
        'Gift card applied: −$12.50',
        'Total after gift card: $70.50',
      ],
      payment: ['Authorized on your card: $62.50', 'Charged to your card: $62.50', 'Still due: $8.00'],
      facts: ['We could not charge the remaining', 'to your card. Please call us at', 'to settle it.'],
      absent: ['Released back to your card', 'Additional charge', 'Gift card applied at booking'],
    },
  ];

  it.each(cases)('itemises $name', async ({ data, bill, payment, facts, absent }) => {
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
    // the bill: exactly the staff receipt's lines (receipt-view.tsx lays out finalBillLines of the same data)
    const staffReceipt = finalBillLines({ ...data, giftCardAppliedCents: data.giftCardCents }).lines.map((l) => `${l.label}: ${billAmountText(l.cents)}`);
    expect(staffReceipt).toEqual(bill);
    expect(textRows(email, 'Your bill')).toEqual(staffReceipt);
    expect(htmlRows(email, 'Your bill')).toEqual(staffReceipt);
    expect(textRows(email, 'Payment')).toEqual(payment);
    expect(htmlRows(email, 'Payment')).toEqual(payment);
    for (const missing of absent) {
      expect(readable(email.html)).not.toContain(missing);
      expect(email.text).not.toContain(missing);
    }
    expect(email.attachments).toBeUndefined();
  });

  it('says what is still due and how to settle it', async () => {
    const email = await renderFinalReceipt(weighedReceipt({ weightTenths: 400, bags: 2, card: 'needs the customer' }));
    expectBoth(email, ['We could not charge the remaining', '$7.00', 'to your card.', 'Please call us at', business.phone, 'to settle it.']);
  });

  it('sent after the customer approved and tipped: the link shows the bill and asks for nothing', async () => {
    const url = 'https://washday.test/invoice?booking_id=x&token=y';
    const asking = await renderFinalReceipt(weighedReceipt({ weightTenths: 142, tipCents: 465 }, { invoiceUrl: url }));
    expectBoth(asking, ['Please look over your bill. Your card has already paid $24.85 of it. Approving confirms the bill and adds a tip', 'Approve your bill and tip']);
    const approved = await renderFinalReceipt(weighedReceipt({ weightTenths: 142, tipCents: 465 }, { invoiceUrl: url, approved: true }));
    expectBoth(approved, ['You have already approved this bill', 'View your bill']);
    expect(approved.text).not.toContain('approve it');
    expect(approved.html).not.toContain('Approve your bill');
  });

  it('escapes HTML in the name and leaves it as typed in the text', async () => {
    const email = await renderFinalReceipt(weighedReceipt({ weightTenths: 142 }, { name: injected }));
    expectEscaped(email);
    expect(email.text).toContain(injected);
  });

  it.each([
    { name: 'a fractional weight', data: weighedReceipt({ weightTenths: 142 }, { weightTenths: 14.2 }), error: /tenths of a pound/ },
    { name: 'a fractional amount', data: weighedReceipt({ weightTenths: 142 }, { releasedCents: 6.65 }), error: /integer cents/ },
    { name: 'an unreadable weighing time', data: weighedReceipt({ weightTenths: 142 }, { processedAt: 'yesterday' }), error: /date-time/ },
    // a bill whose lines do not add up to its total is refused, not sent (finalBillLines)
    { name: 'a final total above its lines', data: weighedReceipt({ weightTenths: 142 }, { finalTotalCents: 2500 }), error: /more than the bill's lines/ },
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
    ratingUrl: `https://washday.example/rate?booking_id=${bookingId}&token=1796000000.abc`,
  };
  const ratings = [
    { stars: 1, label: '1 star' },
    { stars: 2, label: '2 stars' },
    { stars: 3, label: '3 stars' },
    { stars: 4, label: '4 stars' },
    { stars: 5, label: '5 stars' },
  ];

  it('says the laundry is delivered, when, and the final total', async () => {
    const email = await renderDeliveryConfirmation(delivered);
    expect(email.subject).toBe('Your laundry is delivered: WD-3F9A2C');
    expectLayout(email);
    expectNoMissingValues(email);
    expectBoth(email, ['Hi Dana Smith,', 'delivered on', 'Wednesday, November 25, 2026', 'WD-3F9A2C', 'How did we do?', 'works for 60 days']);
    expect(email.text).toContain('Final total: $25.85\n');
  });

  // decision 063: each star opens the rating page with it chosen; the page sends it
  it.each(ratings)('rates $label through a link to the rating page with its stars', async ({ stars, label }) => {
    const email = await renderDeliveryConfirmation(delivered);
    const links = [...email.html.matchAll(/<a [^>]*href="([^"]*\/rate\?[^"]*)"[^>]*>(.*?)<\/a>/g)];
    expect(links).toHaveLength(5);
    const link = links[stars - 1];
    expect(link?.[1]?.replaceAll('&amp;', '&')).toBe(`${delivered.ratingUrl}&stars=${stars}`);
    // the visible (accessible) text of the link is the rating; the star glyphs are hidden from screen readers
    expect(link?.[2]?.replace(/<span aria-hidden="true"[^>]*>★+<\/span>/, '').replace(/<!-- -->/g, '')).toBe(label);
    expect(email.html).not.toContain('mailto:hello@washday.example?subject');
  });

  it('lists the ratings in the text version from 1 to 5, each with its address, without star glyphs', async () => {
    const { text } = await renderDeliveryConfirmation(delivered);
    const lines = text.split('\n').filter((line) => /^\d stars? https:/.test(line));
    expect(lines.map((line) => line.split(' https:')[0])).toEqual(ratings.map((r) => r.label));
    expect(lines.map((line) => line.slice(line.indexOf('https:')))).toEqual(ratings.map((r) => `${delivered.ratingUrl}&stars=${r.stars}`));
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

describe('low rating, to the business (decision 063)', () => {
  const low = { confirmation: 'WD-3F9A2C', name: 'Dana Smith', email: 'dana@example.com', phone: '(803) 555-0199', stars: 2, comment: 'Two shirts\ncame back damp.', proName: 'Pat Pro', receivedAt: new Date('2026-11-26T16:00:00Z') };

  it('names the rating, the order, the pro and how to reach the customer, with their comment', async () => {
    const email = await renderLowRating(low);
    expect(email.subject).toBe('Low rating: 2 out of 5 (Fair) for WD-3F9A2C (Dana Smith)');
    expectLayout(email);
    expectNoMissingValues(email);
    expectBoth(email, ['A customer was not happy', 'WD-3F9A2C', 'Pat Pro', 'dana@example.com', '(803) 555-0199', 'Two shirts']);
    expect(email.text).toContain('Rating: 2 out of 5 (Fair)\n');
    expect(email.text).toContain('Two shirts\ncame back damp.');
  });

  it('says when no pro had the order and no comment was left', async () => {
    const email = await renderLowRating({ ...low, stars: 1, comment: '', proName: null });
    expect(email.subject).toBe('Low rating: 1 out of 5 (Poor) for WD-3F9A2C (Dana Smith)');
    expectBoth(email, ['None assigned', '(no comment)']);
  });

  it('escapes HTML in the name and the comment', async () => {
    const email = await renderLowRating({ ...low, name: injected, comment: injected });
    expectEscaped(email);
  });
});
