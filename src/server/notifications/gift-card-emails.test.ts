// The gift card's two emails (spec: customer-site 7 send-gift-card-email, 9 "Gift cards"): the
// facts each must carry in HTML and in plain text, that typed text cannot inject markup, that the
// receipt never carries the code, and that staff views of the outbox never show it (docs/design.md 9).
import { describe, expect, it } from 'vitest';
import { renderGiftCard, renderGiftCardReceipt } from '../../../emails/render';
import type { GiftCardEmailData, GiftCardReceiptData, RenderedEmail } from '../../../emails/email-data';
import { business } from '../../shared/business';
import { hiddenGiftCardCodeText, outboxPreview, redactOneTimeLinks } from './redact';
import { shortTransactionId } from './gift-card-emails';

const code = 'K7QZ4MPX9WRT';
const injected = '<script>alert("x")</script>';

const card = (overrides: Partial<GiftCardEmailData> = {}): GiftCardEmailData => ({
  code,
  amountCents: 6000,
  recipientName: 'Sam Lee',
  purchaserEmail: 'buyer@example.com',
  message: 'Happy birthday!\nEnjoy a week off laundry.',
  bookUrl: 'https://washday.example/book',
  ...overrides,
});

const receipt = (overrides: Partial<GiftCardReceiptData> = {}): GiftCardReceiptData => ({
  amountCents: 6000,
  recipientName: 'Sam Lee',
  recipientEmail: 'sam@example.com',
  message: 'Happy birthday!',
  transaction: shortTransactionId('cs_test_a1B2c3D4e5F6g7H8i9'),
  ...overrides,
});

function expectBoth(email: RenderedEmail, facts: string[]) {
  const html = email.html.replace(/<!-- -->/g, '');
  for (const fact of facts) {
    expect(html, `HTML should contain ${fact}`).toContain(fact);
    expect(email.text, `text should contain ${fact}`).toContain(fact);
  }
}

describe('the gift card to its recipient', () => {
  it('carries the code, the amount, who it is from, the message, how to redeem it and no expiry', async () => {
    const email = await renderGiftCard(card());
    expectBoth(email, [
      code,
      '$60.00',
      'buyer@example.com',
      'Happy birthday!',
      'Enjoy a week off laundry.',
      'Hi Sam Lee,',
      'https://washday.example/book',
      'Never',
      'any laundry service',
      business.name,
      business.phone,
    ]);
    expect(email.html).toContain('href="https://washday.example/book"');
    // the code shown once, under its label: what the outbox's staff views hide
    expect(email.text).toContain(`Gift card code: ${code}`);
    expect(email.text.split(code)).toHaveLength(2);
  });

  it('keeps the code out of the subject and the inbox preview', async () => {
    const email = await renderGiftCard(card());
    expect(email.subject).toBe(`You have a $60.00 ${business.name} gift card from buyer@example.com`);
    expect(email.subject).not.toContain(code);
    const preview = /<div[^>]*data-skip-in-text[^>]*>([^<]*)/.exec(email.html)?.[1] ?? '';
    expect(preview).not.toContain(code);
  });

  it('leaves the message out when there is none, and escapes what people typed', async () => {
    const plain = await renderGiftCard(card({ message: '' }));
    expect(plain.text).not.toContain('Happy birthday');
    const hostile = await renderGiftCard(card({ message: injected, recipientName: injected }));
    expect(hostile.html).not.toContain('<script');
    expect(hostile.html).toContain('&lt;script&gt;');
  });

  it('never reaches a staff view of the outbox: subject, preview and whole text are redacted', async () => {
    const email = await renderGiftCard(card());
    const staffText = redactOneTimeLinks(email.text);
    expect(staffText).not.toContain(code);
    expect(staffText).toContain(`Gift card code: ${hiddenGiftCardCodeText}`);
    // cut to the preview's length after the code's placeholder, never through it
    expect(outboxPreview(email.text)).not.toContain(code);
    for (const cut of [card(), card({ message: '' }), card({ message: 'x'.repeat(60) })].map(async (d) => outboxPreview((await renderGiftCard(d)).text))) {
      const preview = await cut;
      expect(preview).not.toContain(code);
      if (preview.includes('[gift card code')) expect(preview).toContain(hiddenGiftCardCodeText);
    }
    expect(redactOneTimeLinks(email.subject)).toBe(email.subject);
    // the link to /book carries no secret: it stays for staff to see
    expect(staffText).toContain('https://washday.example/book');
  });
});

describe('the receipt to the purchaser', () => {
  it('carries the amount, the recipient and the shortened transaction, never a code', async () => {
    const email = await renderGiftCardReceipt(receipt());
    expectBoth(email, ['$60.00', 'Sam Lee', 'sam@example.com', 'Happy birthday!', 'cs_test_...g7H8i9', 'within 5 minutes', 'never expires', 'non-refundable']);
    expect(email.subject).toBe(`Your ${business.name} gift card receipt: $60.00 for Sam Lee`);
    expect(email.text).not.toMatch(/Gift card code/i);
  });

  it('escapes what people typed', async () => {
    const email = await renderGiftCardReceipt(receipt({ recipientName: injected, message: injected }));
    expect(email.html).not.toContain('<script');
    expect(email.html).toContain('&lt;script&gt;');
  });
});

describe('shortTransactionId', () => {
  it('is the first 8 and the last 6 characters of the session id (spec: customer-site 2)', () => {
    expect(shortTransactionId('cs_test_a1B2c3D4e5F6g7H8i9')).toBe('cs_test_...g7H8i9');
    expect(shortTransactionId('cs_short')).toBe('cs_short');
  });
});
