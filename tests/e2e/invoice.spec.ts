// spec: customer-site 2 (final invoice page), 4, 5, 8; docs/design.md 5.5: the customer opens the
// invoice link from the receipt email, tips 18 %, approves once and sees "Payment Approved!" with
// the total paid; a bad link shows "Invoice not found or invalid link."; a card that needs the
// customer finishes at the checkout. axe at both widths (the projects).
import type { APIRequestContext, Page } from '@playwright/test';
import { invoiceLinkFromMail, paidBooking as paidBookingWithGiftCard } from './back-office-flows';
import { nextServiceDay } from './dates';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';
import { payAmountDueUrl } from '../../src/server/booking-records/pay-link';
import { defaultSessionSecret } from '../../src/server/config';

const authenticationCard = '4000 0025 0000 3155';

/** 1 bag + oxi-clean, paid on the local checkout (a card that asks for authentication is approved there). */
async function paidBooking(api: APIRequestContext, who: string, card = '4242 4242 4242 4242') {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${who}.${stamp}@example.com`;
  const res = await api.post('/api/bookings', {
    data: {
      bookingData: {
        name: `Ivy ${who} ${stamp}`,
        email,
        phone: '(803) 555-0188',
        address: '9 Sunset Blvd',
        city: 'Lexington',
        zipCode: '29072',
        pickupDate: nextServiceDay(),
        pickupTime: '8am-12pm',
        pickupLocation: 'porch',
        bagQuantity: 1,
        oxiClean: true,
        termsAccepted: true,
      },
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { booking_id: string; url: string };
  const sessionId = new URL(body.url).pathname.split('/').pop()!;
  const pay = await api.post(`/dev/checkout/${sessionId}/pay`, { form: { number: card, expiry: '12/34', cvc: '123', zip: '29072' }, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  if (card === authenticationCard) expect((await api.post(`/dev/checkout/${sessionId}/authenticate`, { form: { result: 'approve' }, maxRedirects: 0 })).status()).toBe(303);
  await expect.poll(async () => ((await (await api.get(`/api/admin/bookings/${body.booking_id}`)).json()) as { booking: { paymentStatus: string } }).booking.paymentStatus).toBe('paid');
  return { id: body.booking_id, email };
}

/**
 * Staff weigh it at 14.2 lb and send the receipt; the invoice link is read from the email in the
 * outbox (the receipt, or the "your laundry is weighed" email sent on weighing).
 */
async function weighedInvoiceLink(api: APIRequestContext, booked: { id: string; email: string }, from: 'final_receipt' | 'laundry_weighed' = 'final_receipt') {
  expect((await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 14.2 } })).status()).toBe(200);
  if (from === 'final_receipt') expect((await api.post(`/api/admin/bookings/${booked.id}/receipt`)).status()).toBe(200);
  return invoiceLinkFromMail(api, booked.email, from);
}

function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
}

test.describe('the final invoice', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('14.2 lb + oxi-clean: 18 % tip shown, approved once, "Payment Approved!" with the total paid, also on a later visit', async ({ page }, testInfo) => {
    const booked = await paidBooking(api, 'tip');
    const link = await weighedInvoiceLink(api, booked);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Your final invoice' })).toBeVisible();
    const bill = page.getByTestId('bill');
    await expect(bill.getByText('Laundry (14.2 lb × $1.75/lb)')).toBeVisible();
    await expect(bill.getByText('Oxi-clean')).toBeVisible();
    await expect(bill.getByText('$25.85')).toBeVisible();
    await expectNoAxeViolations(page);

    await expect(page.getByTestId('total-with-tip')).toHaveText('$25.85');
    await page.getByRole('button', { name: /18%\s*\$4\.65/ }).click();
    await expect(page.getByRole('button', { name: /18%/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('total-with-tip')).toHaveText('$30.50');

    // a custom tip with three decimals is refused by the field
    await page.getByLabel('Custom tip ($)').fill('1.234');
    await expect(page.getByText('A tip can have at most two decimals (cents).')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await page.getByRole('button', { name: /18%/ }).click();

    // the button says what it charges: the tip
    await page.getByRole('button', { name: 'Approve and pay $4.65' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`invoice-approve-${testInfo.project.name}.png`) });
    await page.getByRole('button', { name: 'Approve and pay $4.65' }).click();
    await expect(toast(page, 'Payment Approved!')).toContainText('Thank you! Your payment has been processed successfully.');
    await expect(page.getByRole('heading', { name: 'Payment Approved!' })).toBeVisible();
    // the outcome is in view and focused, not above the screen
    await expect(page.getByRole('heading', { name: 'Payment Approved!' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Payment Approved!' })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`invoice-approved-${testInfo.project.name}.png`) });
    await expect(page.getByTestId('total-paid')).toHaveText('$30.50');
    await expectNoAxeViolations(page);

    const staff = (await (await api.get(`/api/admin/bookings/${booked.id}`)).json()) as { booking: Record<string, unknown> };
    expect(staff.booking).toMatchObject({ tipAmount: 465 });

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Payment Approved!' })).toBeVisible();
    await expect(page.getByTestId('total-paid')).toHaveText('$30.50');
  });

  test('a bill a gift card paid in part: the total paid names the gift card and the card', async ({ page }, testInfo) => {
    // docs/design.md 9: the gift card pays first; 14.2 lb + oxi-clean is $25.85: $10.00 by gift card, $15.85 by card
    const gift = (await (await api.post('/dev/gift-cards', { data: { amountCents: 1000 } })).json()) as { code: string };
    const booked = await paidBookingWithGiftCard(api, 'Gift Part', { oxiClean: true }, gift.code);
    await page.goto(await weighedInvoiceLink(api, booked, 'laundry_weighed'));
    await expect(page.getByTestId('bill')).toContainText('Gift card applied');
    await page.getByRole('button', { name: 'Approve the bill' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Approved!' })).toBeInViewport();
    await expect(page.getByTestId('total-paid')).toHaveText('$25.85');
    await expect(page.getByTestId('paid-by')).toHaveText('$10.00 by gift card and $15.85 by card');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`invoice-gift-card-${testInfo.project.name}.png`), fullPage: true });
  });

  test('a free order (FREE): no tip button reads $0.00; No tip and a custom tip remain', async ({ page }, testInfo) => {
    expect((await api.post('/dev/demo-promo-codes')).ok()).toBe(true);
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `free.${stamp}@example.com`;
    const res = await api.post('/api/bookings', {
      data: {
        bookingData: { name: `Fay ${stamp}`, email, phone: `(803) 555-${String(1000 + Math.floor(Math.random() * 9000))}`, address: '3 Free St', city: 'Lexington', zipCode: '29072', pickupDate: nextServiceDay(), pickupTime: '8am-12pm', pickupLocation: 'porch', bagQuantity: 1, termsAccepted: true },
        promoCode: 'FREE',
      },
    });
    expect(res.status()).toBe(201);
    const { booking_id: id } = (await res.json()) as { booking_id: string };
    await page.goto(await weighedInvoiceLink(api, { id, email }, 'laundry_weighed'));
    await expect(page.getByRole('heading', { name: 'Your final invoice' })).toBeVisible();
    await expect(page.getByRole('button', { name: /\$0\.00/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'No tip' })).toBeVisible();
    await expect(page.getByLabel('Custom tip ($)')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`invoice-free-${testInfo.project.name}.png`), fullPage: true });
  });

  test('"your laundry is weighed" email → the invoice; "Question this weight" with a note is sent once and flagged for staff', async ({ page }) => {
    const booked = await paidBooking(api, 'question');
    await page.goto(await weighedInvoiceLink(api, booked, 'laundry_weighed'));
    await expect(page.getByRole('heading', { name: 'Your final invoice' })).toBeVisible();
    await page.getByRole('button', { name: 'Question this weight' }).click();
    const note = page.getByLabel('Your note (optional)');
    await note.fill('x'.repeat(501));
    await expect(page.getByText('Please keep your note to 500 characters.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send my question' })).toBeDisabled();
    await note.fill('My bag felt lighter than 14 lb.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send my question' }).click();
    await expect(page.getByTestId('weight-question-sent')).toContainText('Your question about the weight was sent.');
    await expect(page.getByRole('button', { name: 'Question this weight' })).toHaveCount(0);
    const staff = (await (await api.get(`/api/admin/bookings/${booked.id}`)).json()) as { booking: { weightQuestionedAt: string | null; weightQuestion: string | null } };
    expect(staff.booking.weightQuestionedAt).not.toBeNull();
    expect(staff.booking.weightQuestion).toBe('My bag felt lighter than 14 lb.');
    await page.reload();
    await expect(page.getByTestId('weight-question-sent')).toBeVisible();
  });

  test('a forged token and a missing parameter: "Invoice not found or invalid link."', async ({ page }, testInfo) => {
    const booked = await paidBooking(api, 'forged');
    const link = await weighedInvoiceLink(api, booked);
    const url = new URL(link, 'http://x');
    const token = url.searchParams.get('token')!;
    await page.goto(`/invoice?booking_id=${booked.id}&token=${token.slice(0, -2)}xx`);
    await expect(page.getByRole('heading', { name: 'Invoice not found or invalid link.' })).toBeVisible();
    // not a dead end: the orders, the phone and the email
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/orders');
    await expect(main.getByRole('link', { name: /Call \(803\) 555-0142/ })).toHaveAttribute('href', /^tel:/);
    await expect(main.getByRole('link', { name: 'hello@washday.example' })).toHaveAttribute('href', 'mailto:hello@washday.example');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`invoice-not-found-${testInfo.project.name}.png`) });
    await page.goto(`/invoice?booking_id=${booked.id}`);
    await expect(page.getByRole('heading', { name: 'Invoice not found or invalid link.' })).toBeVisible();
    await page.goto(`/invoice?token=${token}`);
    await expect(page.getByRole('heading', { name: 'Invoice not found or invalid link.' })).toBeVisible();
  });

  test('card 4000 0025 0000 3155: the tip is finished at the checkout and the page then shows approved', async ({ page }) => {
    const booked = await paidBooking(api, 'auth', authenticationCard);
    await page.goto(await weighedInvoiceLink(api, booked));
    await page.getByRole('button', { name: /20%/ }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/dev\/checkout\/cs_local_/);
    await page.getByLabel('Card number').fill(authenticationCard);
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('ZIP').fill('29072');
    await page.getByRole('button', { name: 'Pay $5.17', exact: true }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(/\/invoice\?booking_id=.*session_id=cs_local_/);
    await expect(page.getByRole('heading', { name: 'Payment Approved!' })).toBeVisible();
    await expect(page.getByTestId('total-paid')).toHaveText('$31.02');
  });

  /** Booked with a card that refuses later charges, weighed at 30 lb ($52.50): $21.00 is due. */
  async function owing(who: string) {
    const booked = await paidBookingWithGiftCard(api, who, {}, undefined, '4000 0000 0000 0341');
    const weigh = await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 30 } });
    expect(((await weigh.json()) as { outcome: string }).outcome).toBe('charge_failed');
    return booked;
  }
  const giftCard = async (amountCents: number) => ((await (await api.post('/dev/gift-cards', { data: { amountCents } })).json()) as { code: string }).code;

  test('what is due paid with a gift card on the invoice: checked first, then paid; the rest is what approving charges', async ({ page }, testInfo) => {
    // decision 064
    const booked = await owing('Gift Due');
    await page.goto(await invoiceLinkFromMail(api, booked.email, 'payment_due'));
    await expect(page.getByRole('heading', { name: 'Your final invoice' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Pay with a gift card' });
    // a wrong code is refused beside the field, and nothing is offered to pay
    await section.getByLabel('Gift card code').fill('NOPE2345');
    await section.getByRole('button', { name: 'Check the card' }).click();
    await expect(section.getByText('This gift card code is not valid or has no balance left.', { exact: false })).toBeVisible();
    await expect(section.getByRole('button', { name: /from the gift card/ })).toHaveCount(0);
    // a $15.00 card: it says what it pays and what stays due before anything moves
    await section.getByLabel('Gift card code').fill(await giftCard(1500));
    await section.getByRole('button', { name: 'Check the card' }).click();
    await expect(section.getByRole('status')).toContainText('This gift card has $15.00. It pays $15.00; $6.00 will still be due.');
    await section.getByRole('button', { name: 'Pay $15.00 from the gift card' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`invoice-gift-card-due-${testInfo.project.name}.png`), fullPage: true });
    await section.getByRole('button', { name: 'Pay $15.00 from the gift card' }).click();
    await expect(page.getByTestId('gift-card-note')).toHaveText('Your gift card paid $15.00; $0.00 was all it had.');
    await expect(page.getByTestId('payment')).toContainText('$6.00');
    await expect(page.getByTestId('bill')).toContainText('Gift card applied−$15.00');
    // approving now charges the $6.00 left (no tip)
    await page.getByRole('button', { name: 'No tip' }).click();
    await expect(page.getByRole('button', { name: 'Approve and pay $6.00' })).toBeVisible();
    await expectNoAxeViolations(page);
    // a second card pays the rest: nothing more is charged when approving, and the section is gone
    await section.getByLabel('Gift card code').fill(await giftCard(1000));
    await section.getByRole('button', { name: 'Check the card' }).click();
    await section.getByRole('button', { name: 'Pay $6.00 from the gift card' }).click();
    await expect(page.getByTestId('gift-card-note')).toHaveText('Your gift card paid $6.00; $4.00 is left on it.');
    await expect(section).toHaveCount(0);
    await expect(page.getByTestId('pay-now')).toHaveText('Nothing more is charged when you approve.');
    await page.screenshot({ path: testInfo.outputPath(`invoice-gift-card-paid-${testInfo.project.name}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Approve the bill' }).click();
    await expect(page.getByTestId('total-paid')).toHaveText('$52.50');
    await expect(page.getByTestId('paid-by')).toHaveText('$21.00 by gift card and $31.50 by card');
  });

  test('what is due paid with a gift card on the pay page: paid in full, and the card’s balance said', async ({ page }, testInfo) => {
    const booked = await owing('Gift Pay');
    const link = new URL(payAmountDueUrl('http://x', defaultSessionSecret, booked.id));
    await page.goto(`/pay${link.search}`);
    await expect(page.getByRole('heading', { name: '$21.00 is still due' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Pay with a gift card' });
    await section.getByLabel('Gift card code').fill(await giftCard(3000));
    await section.getByRole('button', { name: 'Check the card' }).click();
    await expect(section.getByRole('status')).toContainText('This gift card has $30.00. It pays all $21.00 that is due.');
    await expectNoAxeViolations(page);
    await section.getByRole('button', { name: 'Pay $21.00 from the gift card' }).click();
    await expect(page.getByRole('heading', { name: 'Paid in full: thank you!' })).toBeVisible();
    await expect(page.getByTestId('gift-card-note')).toHaveText('Your gift card paid $21.00; $9.00 is left on it.');
    await expect(page.getByTestId('paid-by')).toHaveText('$21.00 by gift card and $31.50 by card');
    await page.screenshot({ path: testInfo.outputPath(`pay-gift-card-${testInfo.project.name}.png`), fullPage: true });
  });
});
