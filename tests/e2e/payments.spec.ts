import type { Page } from '@playwright/test';
import { nextServiceDay } from './dates';
import { expect, expectNoAxeViolations, firstMove, test } from './fixtures';
import { rootApi } from './staff';

const draft = () => ({
  name: 'Tamika Jones',
  email: `tamika.${Date.now()}@example.com`,
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
});

/** The wizard at step 4 with 2 bags + rush, then Pay: the checkout opens in a new tab. */
async function openCheckout(page: Page, customer = draft()) {
  await page.addInitScript(
    ([state]) => {
      if (!window.sessionStorage.getItem('washday.booking.v1')) window.sessionStorage.setItem('washday.booking.v1', state!);
    },
    [JSON.stringify({ step: 4, draft: customer, promoCode: null, giftCard: null })],
  );
  await page.goto('/book');
  // step 4's summary loads after the Pay button and pushes it down: click once the page has settled
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByTestId('pay-button')).toHaveText(/Authorize \$73\.00/);
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('pay-button').click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/dev\/checkout\/cs_local_/);
  await expect(page.getByText(/checkout opened in a new tab/)).toBeVisible();
  return checkout;
}

/**
 * /book as a new booking: step 1 with nothing of the last one and no submission key (docs/design.md
 * 5.1). The saved draft comes in right after React starts (booking-draft.ts), so this looks once
 * the page and its requests have settled.
 */
async function expectNewBooking(tab: Page) {
  await expect(tab).toHaveURL(/\/book$/);
  // a /book loaded afresh starts on the visitor's first move (decision 066); one the app went to is live already
  await firstMove(tab);
  await tab.waitForLoadState('networkidle');
  await expect(tab.getByText('Step 1 of 4')).toBeVisible();
  await expect(tab.getByRole('heading', { name: 'Book your pickup' })).toBeVisible();
  for (const field of ['Full name', 'Email', 'Phone', 'Street address']) await expect(tab.getByLabel(field), field).toHaveValue('');
  await expect(tab.getByRole('spinbutton', { name: /bags/ })).toHaveValue('1');
  const saved = await tab.evaluate(() => JSON.parse(window.sessionStorage.getItem('washday.booking.v1') ?? 'null') as { step?: number; submission?: unknown } | null);
  expect(saved?.step ?? 1).toBe(1);
  expect(saved?.submission ?? null).toBeNull();
}

async function fillCard(checkout: Page, number: string) {
  await fillCardFor(checkout, number, '$73.00');
}

async function fillCardFor(checkout: Page, number: string, amount: string) {
  await checkout.getByLabel('Card number').fill(number);
  await checkout.getByLabel('Expiry').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByLabel('ZIP').fill('29073');
  await checkout.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();
}

test.describe('paying for a booking on the local checkout', () => {
  test('2 bags + rush, card 4242: the booking-success page shows the paid, Authorized booking', async ({ page }) => {
    const checkout = await openCheckout(page);
    await expect(checkout.getByText('$73.00').first()).toBeVisible();
    await expect(checkout.getByLabel('Card number')).toBeVisible();
    await expectNoAxeViolations(checkout);
    await fillCard(checkout, '4242 4242 4242 4242');
    await checkout.waitForURL(/\/booking-success\?session_id=cs_local_/);
    await expect(checkout.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    await expect(checkout.getByTestId('payment-state')).toHaveText('Authorized: $73.00 on your card');
    await expect(checkout.getByTestId('confirmation-number')).toHaveText(/^WD-[0-9A-F]{6}$/);
    await expect(checkout.getByTestId('service-summary')).toHaveText('2 bags × $31.50 = $63.00');
    await expect(checkout.getByText(/24-hr Rush Delivery/)).toBeVisible();
    await expectNoAxeViolations(checkout);
  });

  test('card 4000 0000 0000 0002: the checkout shows the decline and the booking stays pending', async ({ page, request }) => {
    const checkout = await openCheckout(page);
    const sessionId = checkout.url().split('/').pop()!;
    await fillCard(checkout, '4000 0000 0000 0002');
    await expect(checkout.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
    await expectNoAxeViolations(checkout);
    const booking = await (await request.get(`/api/bookings/session/${sessionId}`)).json();
    expect(booking).toMatchObject({ payment_status: 'pending', booking_status: 'pending' });
  });

  test('card 4000 0025 0000 3155: the bank asks for authentication, then the booking is paid', async ({ page }) => {
    const checkout = await openCheckout(page);
    await fillCard(checkout, '4000 0025 0000 3155');
    await checkout.waitForURL(/\/dev\/checkout\/cs_local_[^/]+\/authenticate$/);
    await expect(checkout.getByRole('heading', { level: 1, name: 'Confirm this payment' })).toBeVisible();
    await expect(checkout.getByText('$73.00')).toBeVisible();
    await expect(checkout.getByText(/card ending 3155/)).toBeVisible();
    await expectNoAxeViolations(checkout);
    await checkout.getByRole('button', { name: 'Complete authentication' }).click();
    await checkout.waitForURL(/\/booking-success\?session_id=cs_local_/);
    await expect(checkout.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    await expect(checkout.getByTestId('payment-state')).toHaveText('Authorized: $73.00 on your card');
  });

  test('Cancel returns to /booking-cancelled and the abandoned notice is recorded once', async ({ page, request }) => {
    const checkout = await openCheckout(page);
    const sessionId = checkout.url().split('/').pop()!;
    const recorded = checkout.waitForResponse((r) => r.url().endsWith('/api/bookings/abandoned'));
    await checkout.getByRole('link', { name: /Cancel and return/ }).click();
    await checkout.waitForURL(`**/booking-cancelled?session_id=${sessionId}`);
    await expect(checkout.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await expect(checkout.getByText(/nothing was charged/)).toBeVisible();
    await expect(checkout.getByRole('link', { name: /Try booking again/ })).toHaveAttribute('href', '/book');
    expect(await (await recorded).json()).toEqual({ recorded: true });
    // a reload asks again: the same answer (the notice itself is queued once: payments.test.ts)
    const again = await request.post('/api/bookings/abandoned', { data: { session_id: sessionId } });
    expect(await again.json()).toEqual({ recorded: true });
    await expectNoAxeViolations(checkout);
  });

  test('paid in the checkout tab, Pay pressed again in a first tab that missed the news: its confirmation, still one booking and one hold', async ({ page, playwright }, testInfo) => {
    // the first tab normally shows the confirmation by itself (booking.spec.ts); here it cannot learn
    // it (no BroadcastChannel, the booking's page unreachable), so the customer presses Pay again
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'BroadcastChannel');
    });
    const unreachable = (url: URL) => /^\/api\/bookings\/[0-9a-f-]{36}$/.test(url.pathname) && url.searchParams.has('token');
    await page.route(unreachable, (route) => route.abort());
    const customer = draft();
    const checkout = await openCheckout(page, customer);
    await fillCard(checkout, '4242 4242 4242 4242');
    await checkout.waitForURL(/\/booking-success\?session_id=cs_local_/);
    await expect(checkout.getByTestId('payment-state')).toHaveText('Authorized: $73.00 on your card');
    const confirmation = (await checkout.getByTestId('confirmation-number').textContent())!;
    expect(confirmation).toMatch(/^WD-[0-9A-F]{6}$/);

    // back in the first tab, still at step 4: Pay again sends the same submission
    await page.bringToFront();
    await expect(page.getByTestId('pay-button')).toHaveText(/Authorize \$73\.00/);
    const popup = page.waitForEvent('popup');
    await page.getByTestId('pay-button').click();
    const blank = await popup;
    await page.unroute(unreachable);
    await page.waitForURL(/\/booking-success\?booking_id=[0-9a-f-]{36}&token=/);
    await expect(page.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    await expect(page.getByTestId('confirmation-number')).toHaveText(confirmation);
    await expect(page.getByTestId('payment-state')).toHaveText('Authorized: $73.00 on your card');
    // the tab opened for a checkout closed again: no second checkout
    await expect.poll(() => blank.isClosed()).toBe(true);

    // the back office sees one booking for this customer, authorised once
    const api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
    try {
      const found = (await (await api.get(`/api/admin/bookings?q=${encodeURIComponent(customer.email)}`)).json()) as {
        total: number;
        bookings: { id: string; confirmation: string; paymentStatus: string; paymentIntentStatus: string | null }[];
      };
      expect(found.total).toBe(1);
      expect(found.bookings[0]).toMatchObject({ confirmation, paymentStatus: 'paid', paymentIntentStatus: 'requires_capture' });
      const booked = (await (await api.get(`/api/admin/bookings/${found.bookings[0]!.id}`)).json()) as { booking: { authorizedAmount: number; capturedAmount: number } };
      expect(booked.booking).toMatchObject({ authorizedAmount: 7300, capturedAmount: 0 });
    } finally {
      await api.dispose();
    }
  });

  test('a gift card and the card: leaving the checkout gives the gift-card amount back at once, and the retry books with it', async ({ page, request }) => {
    const gift = (await (await request.post('/dev/gift-cards', { data: { amountCents: 1000 } })).json()) as { code: string };
    const balance = async () => ((await (await request.post('/api/gift-cards/validate', { data: { giftCardCode: gift.code } })).json()) as { balance: number }).balance;
    await page.addInitScript(
      ([state]) => {
        if (!window.sessionStorage.getItem('washday.booking.v1')) window.sessionStorage.setItem('washday.booking.v1', state!);
      },
      [JSON.stringify({ step: 4, draft: draft(), promoCode: null, giftCard: null })],
    );
    await page.goto('/book');
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Gift card code' }).fill(gift.code);
    await page.getByRole('textbox', { name: 'Gift card code' }).press('Enter');
    await expect(page.getByTestId('pay-button')).toHaveText(/Authorize \$63\.00/);

    // first try: the checkout opens, the customer leaves it
    let popup = page.waitForEvent('popup');
    await page.getByTestId('pay-button').click();
    let checkout = await popup;
    await checkout.waitForURL(/\/dev\/checkout\/cs_local_/);
    expect(await balance()).toBe(0);
    await checkout.getByRole('link', { name: /Cancel and return/ }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    // the gift card's amount is back at once, not after the checkout's 30 minutes
    await expect.poll(balance).toBe(1000);
    await checkout.close();

    // the retry from the same wizard: the gift card still applies, and the booking is paid
    popup = page.waitForEvent('popup');
    await page.getByTestId('pay-button').click();
    checkout = await popup;
    await checkout.waitForURL(/\/dev\/checkout\/cs_local_/);
    await expect(checkout.getByText('$63.00').first()).toBeVisible();
    await fillCardFor(checkout, '4242 4242 4242 4242', '$63.00');
    await checkout.waitForURL(/\/booking-success\?session_id=cs_local_/);
    await expect(checkout.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    await expect(checkout.getByTestId('booking-total')).toHaveText('$63.00');
    expect(await balance()).toBe(0);
  });
});

test.describe('after a booking is paid, the next one starts afresh', () => {
  // a whole booking paid at the checkout, then /book looked at after each move back and forth
  test.slow();
  test('paid in the checkout tab: "Book Another Pickup" opens step 1, and back and forward do not bring the paid order back', async ({ page }) => {
    const checkout = await openCheckout(page);
    await fillCard(checkout, '4242 4242 4242 4242');
    await checkout.waitForURL(/\/booking-success\?session_id=cs_local_/);
    await expect(checkout.getByTestId('payment-state')).toHaveText('Authorized: $73.00 on your card');
    await checkout.getByRole('link', { name: 'Book Another Pickup' }).click();
    await expectNewBooking(checkout);

    await checkout.goBack();
    await expect(checkout.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    await checkout.goForward();
    await expectNewBooking(checkout);
    await checkout.reload();
    await expectNewBooking(checkout);
    await expectNoAxeViolations(checkout);
  });

  test('paid in the same tab (no new tab opened): "Book Another Pickup" opens step 1, and the way back to /book does not show the paid order', async ({ page }) => {
    // a browser that blocks the checkout's new tab: the wizard goes to the checkout in this one;
    // the wizard at step 4 on the first load only, so that what the tab keeps later is the site's
    await page.addInitScript((state) => {
      window.open = () => null;
      if (window.sessionStorage.getItem('e2e.seeded')) return;
      window.sessionStorage.setItem('e2e.seeded', 'yes');
      window.sessionStorage.setItem('washday.booking.v1', state);
    }, JSON.stringify({ step: 4, draft: draft(), promo: null, giftCard: null }));
    await page.goto('/book');
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
    await expect(page.getByTestId('pay-button')).toHaveText(/Authorize \$73\.00/);
    await page.getByTestId('pay-button').click();
    await page.waitForURL(/\/dev\/checkout\/cs_local_/);
    await fillCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/booking-success\?session_id=cs_local_/);
    await expect(page.getByTestId('payment-state')).toHaveText('Authorized: $73.00 on your card');
    await page.getByRole('link', { name: 'Book Another Pickup' }).click();
    await expectNewBooking(page);

    // back through the confirmation and the checkout to the /book the order was paid from
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    // one step at a time, each settled first: a visit back to the finished checkout is sent on to
    // its result (a 303), so where a step lands is known only once its page is idle
    for (let i = 0; i < 3 && !/\/book$/.test(page.url()); i++) {
      await page.goBack();
      await page.waitForLoadState('networkidle');
    }
    await expectNewBooking(page);
  });
});
