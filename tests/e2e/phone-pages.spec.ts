// The customer's pages that the 1280-px-only journeys reach (the checkout's decline, the bank's
// question and its cancel page; cancellation, refund, live progress, a regular pick-up), checked at 375 px in the state those journeys leave them: they fit the screen
// and pass axe. The journeys themselves run at 1280 px only (playwright.config.ts, decision 052);
// every page a customer opens is still checked at both widths.
import type { APIRequestContext, Page } from '@playwright/test';
import { invoiceLinkFromMail, paidBooking } from './back-office-flows';
import { nextServiceDay } from './dates';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { linkFromMail } from './mail';
import { rootApi } from './staff';

async function fitsAndPassesAxe(page: Page) {
  await expectNoAxeViolations(page);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(width.scroll, `${page.url()} is ${width.scroll} px wide in a ${width.window} px window`).toBeLessThanOrEqual(width.window);
}

/** A booking sent to the local checkout, not paid: the checkout page's address. */
async function unpaidCheckout(api: APIRequestContext): Promise<string> {
  const res = await api.post('/api/bookings', {
    data: {
      bookingData: {
        name: 'Tamika Jones',
        email: `phone.checkout.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
        phone: '(803) 555-0133',
        address: '77 Pine Ridge Dr',
        city: 'Lexington',
        zipCode: '29073',
        pickupDate: nextServiceDay(),
        pickupTime: '4pm-8pm',
        pickupLocation: 'front-door',
        bagQuantity: 2,
        rushDelivery: true,
        termsAccepted: true,
      },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('29073');
  await page.getByRole('button', { name: 'Pay $73.00', exact: true }).click();
}

test.describe('the customer pages 1280-px-only journeys reach, at 375 px', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('the checkout: a declined card, the bank asking to confirm, and the page after Cancel', async ({ page, request }) => {
    await page.goto(await unpaidCheckout(request));
    await fitsAndPassesAxe(page);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
    await fitsAndPassesAxe(page);

    await page.goto(await unpaidCheckout(request));
    await payWith(page, '4000 0025 0000 3155');
    await page.waitForURL(/\/dev\/checkout\/cs_local_[^/]+\/authenticate$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm this payment' })).toBeVisible();
    await fitsAndPassesAxe(page);

    await page.goto(await unpaidCheckout(request));
    await page.getByRole('link', { name: /Cancel and return/ }).click();
    await page.waitForURL(/\/booking-cancelled\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await fitsAndPassesAxe(page);
  });

  test('the cancel page: what will happen if they cancel, then cancelled', async ({ page }) => {
    const booked = await paidBooking(api, 'Cancel', {});
    await page.goto(await linkFromMail(api, booked.email, 'booking_confirmation', '/cancel-booking?booking_id='));
    await expect(page.getByRole('heading', { name: 'Cancel your pick-up?' })).toBeVisible();
    await fitsAndPassesAxe(page);
    await page.getByRole('button', { name: 'Cancel my pick-up' }).click();
    await expect(page.getByRole('heading', { name: 'Your pick-up is cancelled' })).toBeFocused();
    await fitsAndPassesAxe(page);
  });

  test('the invoice page of a weighed bill with part refunded to the card', async ({ page }) => {
    const booked = await paidBooking(api, 'Refund', {});
    expect((await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 10 } })).status()).toBe(200);
    const refund = await api.post(`/api/admin/bookings/${booked.id}/refunds`, {
      data: { idempotencyKey: crypto.randomUUID(), amountCents: 500, destination: 'card', reason: 'Weighed wet towels' },
    });
    expect(refund.status()).toBe(200);
    await page.goto(await invoiceLinkFromMail(api, booked.email, 'laundry_weighed'));
    await expect(page.getByTestId('payment')).toContainText(/Refunded to your card\s*\$5\.00/);
    await fitsAndPassesAxe(page);
  });

  test('my orders with an order out for delivery: where it is, each stage', async ({ page }) => {
    const booked = await paidBooking(api, 'Progress', {});
    const email = booked.email;
    for (const step of [
      () => api.post(`/api/admin/bookings/${booked.id}/status`, { data: { status: 'in-progress' } }),
      () => api.post(`/api/admin/bookings/${booked.id}/progress`, { data: { stage: 'washing' } }),
      () => api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 14.2 } }),
      () => api.post(`/api/admin/bookings/${booked.id}/progress`, { data: { stage: 'ready' } }),
      () => api.post(`/api/admin/bookings/${booked.id}/progress`, { data: { stage: 'out_for_delivery' } }),
    ]) {
      expect((await step()).status()).toBe(200);
    }
    await page.goto('/orders');
    await page.getByLabel(/Email or phone number you booked with/).fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await linkFromMail(api, email, 'orders_sign_in_link', '/orders?token='));
    const card = page.getByRole('article', { name: `Order ${booked.confirmation}` });
    await expect(card.getByRole('list', { name: `Where ${booked.confirmation} is` }).locator('[aria-current="step"]')).toContainText('Out for delivery (now)');
    await fitsAndPassesAxe(page);
  });

  test('a regular pick-up: made from the confirmation page, then its own page', async ({ page }) => {
    const booked = await paidBooking(api, 'Series', {});
    const email = booked.email;
    await page.goto(`/booking-success?session_id=${booked.sessionId}`);
    const repeat = page.getByRole('region', { name: 'Make it a regular pick-up' });
    await repeat.getByLabel('Every week').check();
    await fitsAndPassesAxe(page);
    await repeat.getByRole('button', { name: 'Repeat this pick-up' }).click();
    await expect(repeat.getByRole('status')).toContainText('Done: Every week on');
    await page.goto(await linkFromMail(api, email, 'series_started', '/series?id='));
    await expect(page.getByRole('heading', { name: /^Every week on/ })).toBeVisible();
    await fitsAndPassesAxe(page);
  });
});
