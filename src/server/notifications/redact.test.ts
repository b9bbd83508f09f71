// Staff never read a one-time link meant for someone else (docs/design.md 6): the links the app really
// sends (the reset link, the cancel link) and a few it might, in every shape they appear in.
import { describe, expect, it } from 'vitest';
import { cancelUrl } from '../booking-records/cancel-link';
import { invoiceUrl } from '../booking-records/invoice-link';
import { hiddenLinkText as H, outboxPreview, previewLength, redactOneTimeLinks } from './redact';

const reset = 'http://localhost:3000/api/auth/reset-password/GHcVZCY9iUy9124PqUCv0Dyp?callbackURL=%2Fadmin%2Freset-password';
const cancel = cancelUrl('https://washday.example', 'a-secret-of-the-server', '3f2c9a1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f');
const invoice = invoiceUrl('https://washday.example', 'a-secret-of-the-server', { id: '3f2c9a1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f', actualWeightTenths: 142, finalTotalAmount: 2585 }, new Date('2026-11-22T15:00:00Z'))!;

describe('redactOneTimeLinks', () => {
  const cases: [name: string, input: string, expected: string][] = [
    ['the password-reset link on its own line', `Set a new one here:\n\n${reset}\n\nIf it wasn't you`, `Set a new one here:\n\n${H}\n\nIf it wasn't you`],
    ['the cancel link in brackets (plain text of an <a>)', `Cancel this pick-up [${cancel}]`, `Cancel this pick-up [${H}]`],
    ['the invoice link in a text message', `Washday: your laundry weighed 14.2 lb. Your invoice (yours alone): ${invoice}`, `Washday: your laundry weighed 14.2 lb. Your invoice (yours alone): ${H}`],
    ['the invoice link in brackets (plain text of an <a>)', `See your invoice [${invoice}]`, `See your invoice [${H}]`],
    ['a link at the end of a sentence keeps the full stop', `Open ${cancel}.`, `Open ${H}.`],
    ['a reset path without its query string', 'http://localhost:3000/api/auth/reset-password/GHcVZCY9iUy9124PqUCv0Dyp', H],
    ['a reset path with no scheme', 'localhost:3000/api/auth/reset-password/abc', H],
    ['the reset page with a token query', 'https://washday.example/admin/reset-password?token=abcdef', H],
    ['a signature in the query, any host', 'https://files.example.com/a.pdf?X-Amz-Signature=abc&sig=def', H],
    ['any query string on a link', 'https://washday.example/booking-success?session_id=cs_test_123', H],
    ['a fragment on a link', 'https://washday.example/cancel-booking#token=abc', H],
    ['a random token in the path', 'https://washday.example/l/Zx81KqPp0aLm3NnB7cVv', H],
    ['a token with no link around it', 'your code: token=abc123 thanks', `your code: ${H} thanks`],
    ['text glued to a link keeps its label', `Link:${cancel}`, `Link:${H}`],
    ['a link without a secret stays', 'Book again at https://washday.example/book.', 'Book again at https://washday.example/book.'],
    ['a mail address stays', 'Questions: hello@washday.example, (555) 010-0100', 'Questions: hello@washday.example, (555) 010-0100'],
    ['a text message stays', 'Washday: your pick-up WD-3F2C9A1E is booked for Monday. Reply STOP to opt out.', 'Washday: your pick-up WD-3F2C9A1E is booked for Monday. Reply STOP to opt out.'],
    ['two links, both hidden', `${reset} and ${cancel}`, `${H} and ${H}`],
    ['already redacted text is unchanged', `See ${H}.`, `See ${H}.`],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(redactOneTimeLinks(input)).toBe(expected);
  });

  it('no token of a real link is left', () => {
    const text = `Hi,\n${reset}\n${cancel}\n`;
    const out = redactOneTimeLinks(text);
    expect(out).not.toContain('GHcVZCY9iUy9124PqUCv0Dyp');
    expect(out).not.toContain(new URL(cancel).searchParams.get('token')!);
  });
});

describe('outboxPreview', () => {
  it('redacts before cutting: a link cut by the preview length leaves none of its token', () => {
    const lead = 'x'.repeat(previewLength - 40) + ' ';
    const preview = outboxPreview(`${lead}${reset} more text after the link`);
    expect(preview).not.toContain('GHcVZCY9');
    expect(preview).not.toContain('reset-password');
    expect(preview.startsWith(lead)).toBe(true);
  });

  it('never cuts through the placeholder', () => {
    const lead = 'y'.repeat(previewLength - 10) + ' ';
    const preview = outboxPreview(`${lead}${cancel} tail`);
    expect(preview).toBe(`${lead}${H}`);
  });

  it('cuts a long text without links to the preview length', () => {
    expect(outboxPreview('z'.repeat(1000))).toHaveLength(previewLength);
    expect(outboxPreview('short')).toBe('short');
  });
});
