// Buying a gift card on the landing page (spec: customer-site 2, 4, 5, 7, 8, 9; docs/design.md 5.6): the
// amounts, the checkout view, the local checkout in a new tab, the success and cancelled pages, the
// two emails, the balance check, and the new card spent in the booking wizard.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { nextServiceDay } from './dates';
import { expect, expectNoAxeViolations, test } from './fixtures';

type Purchase = { purchaser: string; recipientName: string; recipientEmail: string; message: string };

/** A purchaser and a recipient of their own for each test and each project (desktop, phone). */
function purchase(tag: string): Purchase {
  const id = `${tag}.${test.info().project.name}.${Date.now()}`;
  return {
    purchaser: `buyer.${id}@example.com`,
    recipientName: 'Grace Okafor',
    recipientEmail: `grace.${id}@example.com`,
    message: 'Happy birthday! A laundry day on us.',
  };
}

async function openGiftCards(page: Page): Promise<Locator> {
  await page.goto('/#gift-cards');
  const section = page.locator('#gift-cards');
  await expect(section.getByRole('heading', { name: 'Give the gift of a free laundry day' })).toBeVisible();
  return section;
}

/** A preset or Continue opens the checkout view in place of the amounts. */
async function expectCheckoutView(section: Locator, amount: string) {
  await expect(section.getByRole('heading', { name: 'Gift card checkout' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Back to Gift Cards' })).toBeVisible();
  await expect(section.getByTestId('gift-card-amount')).toHaveText(amount);
  await expect(section.getByRole('button', { name: /^Choose \$/ }).first()).toBeHidden();
}

async function fillPurchase(section: Locator, p: Purchase) {
  await section.getByLabel('Your email').fill(p.purchaser);
  await section.getByLabel("Recipient's name").fill(p.recipientName);
  await section.getByLabel("Recipient's email").fill(p.recipientEmail);
  await section.getByLabel('Message (optional)').fill(p.message);
  await section.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
}

/** Buy opens the local checkout in a new tab, as the booking wizard's Pay does. */
async function openCheckout(page: Page, section: Locator, amount: string): Promise<Page> {
  const buy = section.getByRole('button', { name: `Buy ${amount} Gift Card` });
  await expect(buy).toBeEnabled();
  const popup = page.waitForEvent('popup');
  await buy.click();
  const checkout = await popup;
  await checkout.waitForURL(/\/dev\/checkout\/cs_local_/);
  await expect(section.getByText(/checkout opened in a new tab/)).toBeVisible();
  await expect(checkout.getByText(amount).first()).toBeVisible();
  return checkout;
}

async function payOnCheckout(checkout: Page, number: string, amount: string) {
  await checkout.getByLabel('Card number').fill(number);
  await checkout.getByLabel('Expiry').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByLabel('ZIP').fill('29073');
  await checkout.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();
}

const sessionOf = (checkout: Page) => new URL(checkout.url()).pathname.split('/').pop()!;

async function purchaseStatus(request: APIRequestContext, sessionId: string): Promise<string> {
  const answer = await request.get(`/api/gift-cards/purchase/${encodeURIComponent(sessionId)}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { status: string }).status;
}

/** The outbox's emails to exactly `to` whose subject matches, as /dev/mail lists them (cancellation.spec.ts reads it so too). */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<string[]> {
  const list = await (await request.get('/dev/mail')).text();
  return list
    .split('<tr>')
    .filter((row) => row.includes(`<td>${to}</td>`) && subject.test(row.replace(/<[^>]+>/g, ' ')))
    .map((row) => row.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1])
    .filter((id): id is string => Boolean(id));
}

async function mailHtml(request: APIRequestContext, id: string): Promise<string> {
  return (await request.get(`/dev/mail/${id}`)).text();
}

async function balanceOf(request: APIRequestContext, code: string) {
  return (await (await request.post('/api/gift-cards/validate', { data: { giftCardCode: code } })).json()) as { valid: boolean; balance: number };
}

/** The code in the recipient's email: of the code-like words in it, the one the redemption takes. */
async function codeInEmail(request: APIRequestContext, html: string): Promise<string> {
  const text = html.replace(/<[^>]+>/g, ' ');
  const candidates = [...new Set(text.match(/\b[A-HJKMNP-Z2-9]{6,12}\b/g) ?? [])];
  for (const candidate of candidates) if ((await balanceOf(request, candidate)).valid) return candidate;
  throw new Error(`no valid gift card code in the recipient's email (tried ${candidates.join(', ') || 'nothing'})`);
}

async function checkBalance(section: Locator, code: string) {
  await section.getByRole('textbox', { name: 'Gift card code' }).fill(code);
  await section.getByRole('button', { name: 'Check balance' }).click();
  return section.getByTestId('balance-outcome');
}

test.describe('buying a gift card', () => {
  test('a press on an amount before the shop’s code has loaded is not lost: the checkout opens once it has', async ({ page }) => {
    // the shop's code held back: the page hydrates, the amounts are still the prerendered HTML
    let letThrough: () => void = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/assets/gift-card-shop-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const section = await openGiftCards(page);
    await section.getByRole('button', { name: 'Choose $100 gift card' }).click();
    await expect(section.getByRole('heading', { name: 'Gift card checkout' })).toBeHidden();
    letThrough();
    await expectCheckoutView(section, '$100.00');
  });

  test('a $60 card for a recipient, card 4242: success page, both emails, and the code takes $60 off a booking', async ({ page, request }) => {
    const buyer = purchase('sixty');
    const section = await openGiftCards(page);
    for (const amount of ['$30', '$60', '$100']) await expect(section.getByRole('button', { name: `Choose ${amount} gift card` })).toBeVisible();
    await expect(section.getByText(/from \$1 to \$500/)).toBeVisible();
    await expectNoAxeViolations(page);

    await section.getByRole('button', { name: 'Choose $60 gift card' }).click();
    await expectCheckoutView(section, '$60.00');
    // spec: customer-site 4: Buy waits for the terms box
    const buy = section.getByRole('button', { name: 'Buy $60.00 Gift Card' });
    await expect(buy).toBeDisabled();
    await expect(section.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
    await expectNoAxeViolations(page);

    // every field's message next to it (spec: customer-site 5)
    await section.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await buy.click();
    await expect(section.getByLabel('Your email')).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByLabel("Recipient's email")).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByText('Recipient name is required')).toBeVisible();
    await expect(section.getByLabel("Recipient's name")).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await section.getByLabel("Recipient's email").fill('grace@');
    await expect(section.getByText('Enter a valid email address')).toBeVisible();

    await fillPurchase(section, buyer);
    // signed with a name: the recipient reads who it is from (the delivery day is left empty: at once)
    await section.getByLabel('Your name (optional)').fill('Ada Buyer');
    await expect(section.getByLabel('Send it on (optional)')).toHaveValue('');
    await section.screenshot({ path: test.info().outputPath(`gift-card-form-${test.info().project.name}.png`) });
    await expect(section.getByText('Enter a valid email address')).toHaveCount(0);
    await expect(section.getByTestId('message-counter')).toHaveText(`${buyer.message.length}/500 characters`);
    await expectNoAxeViolations(page);

    const checkout = await openCheckout(page, section, '$60.00');
    await payOnCheckout(checkout, '4242 4242 4242 4242', '$60.00');
    await checkout.waitForURL(/\/gift-card-success\?session_id=cs_local_/);
    const sessionId = new URL(checkout.url()).searchParams.get('session_id')!;

    // the success page: the 3-second celebration, the promises, the shortened transaction id
    await expect(checkout.getByRole('heading', { name: 'Your gift card is on its way!' })).toBeVisible();
    const celebration = checkout.getByTestId('celebration');
    await expect(celebration).toBeAttached();
    await expect(checkout.getByText(/\$60\.00 gift card for Grace Okafor/)).toBeVisible();
    await expect(checkout.getByText(/By email within 5 minutes/)).toBeVisible();
    await expect(checkout.getByText(/Usable for any laundry service/)).toBeVisible();
    await expect(checkout.getByText(/No expiry/)).toBeVisible();
    await expect(checkout.getByTestId('transaction-id')).toHaveText(new RegExp(`^${sessionId.slice(0, 8)}.*${sessionId.slice(-6)}$`));
    // beside the transaction number, what the buyer knows the card by
    await expect(checkout.getByTestId('gift-card-facts')).toHaveText(/Amount\s*\$60\.00\s*For\s*Grace Okafor/);
    await expect(checkout.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(checkout.getByRole('link', { name: 'Buy Another Gift Card' })).toHaveAttribute('href', '/#gift-cards');
    await expect(celebration).toHaveCount(0, { timeout: 6000 });
    await expectNoAxeViolations(checkout);

    // both emails in the outbox, once each: the card to the recipient, the receipt to the purchaser
    let cardMail: string[] = [];
    let receiptMail: string[] = [];
    await expect
      .poll(async () => {
        cardMail = await mailTo(request, buyer.recipientEmail, /gift card/i);
        receiptMail = await mailTo(request, buyer.purchaser, /gift card/i);
        return [cardMail.length, receiptMail.length];
      })
      .toEqual([1, 1]);
    const cardHtml = await mailHtml(request, cardMail[0]!);
    expect(cardHtml).toContain('$60.00');
    expect(cardHtml).toContain(buyer.message);
    expect(cardHtml).toContain('Ada Buyer sent you a $60.00 Washday Laundry Co. gift card.');
    expect(cardHtml).toContain(`Ada Buyer (${buyer.purchaser})`);
    const code = await codeInEmail(request, cardHtml);
    expect(await balanceOf(request, code)).toMatchObject({ valid: true, balance: 6000 });
    const receiptHtml = await mailHtml(request, receiptMail[0]!);
    expect(receiptHtml).toContain('$60.00');
    expect(receiptHtml).toContain(buyer.recipientEmail);
    // the code is the recipient's secret: not on the success page, not in the purchaser's receipt
    expect(receiptHtml).not.toContain(code);
    expect(await checkout.locator('body').innerText()).not.toContain(code);

    // the balance check on the landing page reads it
    await expect(await checkBalance(section, code)).toHaveText(new RegExp(`${code} has \\$60\\.00 left`));

    // the new card in the booking wizard: 2 bags + rush = $73.00, less $60.00 = $13.00 on the card
    await page.addInitScript(
      ([state]) => {
        if (!window.sessionStorage.getItem('washday.booking.v1')) window.sessionStorage.setItem('washday.booking.v1', state!);
      },
      [
        JSON.stringify({
          step: 4,
          draft: {
            name: 'Grace Okafor',
            email: buyer.recipientEmail,
            phone: '(803) 555-0121',
            address: '5 Gift Card Ln',
            city: 'Lexington',
            zipCode: '29073',
            pickupDate: nextServiceDay(),
            pickupTime: '12pm-4pm',
            pickupLocation: 'front-door',
            bagQuantity: 2,
            rushDelivery: true,
            termsAccepted: true,
          },
          promoCode: null,
          giftCard: null,
        }),
      ],
    );
    await page.goto('/book');
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
    await expect(page.getByTestId('pay-button')).toHaveText(/Authorize \$73\.00/);
    await page.getByRole('textbox', { name: 'Gift card code' }).fill(code);
    await page.getByRole('textbox', { name: 'Gift card code' }).press('Enter');
    await expect(page.getByText(`${code} applied: $60.00 available`)).toBeVisible();
    await expect(page.getByTestId('pay-button')).toHaveText(/Authorize \$13\.00/);
    const popup = page.waitForEvent('popup');
    await page.getByTestId('pay-button').click();
    const bookingCheckout = await popup;
    await bookingCheckout.waitForURL(/\/dev\/checkout\/cs_local_/);
    await payOnCheckout(bookingCheckout, '4242 4242 4242 4242', '$13.00');
    await bookingCheckout.waitForURL(/\/booking-success\?session_id=cs_local_/);
    await expect(bookingCheckout.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    await expect(bookingCheckout.getByTestId('booking-total')).toHaveText('$13.00');
    await expect(bookingCheckout.getByText(/after \$60\.00 gift card/)).toBeVisible();
    // spent: the balance check answers as for any code that has nothing left (docs/design.md 9)
    expect(await balanceOf(request, code)).toMatchObject({ valid: false, balance: 0 });
    const again = await openGiftCards(page);
    await expect(await checkBalance(again, code)).toHaveText(/not valid or has no balance left/);
  });

  test('a custom amount and a declined card (4000 0000 0000 0002): no card, no email, and the success page says so', async ({ page, request }) => {
    const buyer = purchase('declined');
    const section = await openGiftCards(page);

    // spec: customer-site 5: whole dollars, at least 1 (and at most $500): Continue waits for one
    const amount = section.getByLabel('Amount in dollars');
    const next = section.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    for (const [typed, message] of [
      ['0', 'The amount must be at least $1'],
      ['501', 'The amount can be at most $500'],
      ['12.5', 'Enter a whole number of dollars'],
    ] as const) {
      await amount.fill(typed);
      await expect(section.getByText(message)).toBeVisible();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await expect(next).toBeDisabled();
    }
    await expectNoAxeViolations(page);
    await amount.fill('');
    await expect(next).toBeDisabled();
    await amount.fill('25');
    await expect(next).toBeEnabled();
    await next.click();
    await expectCheckoutView(section, '$25.00');

    await fillPurchase(section, buyer);
    const checkout = await openCheckout(page, section, '$25.00');
    const sessionId = sessionOf(checkout);
    await payOnCheckout(checkout, '4000 0000 0000 0002', '$25.00');
    await expect(checkout.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
    expect(await purchaseStatus(request, sessionId)).toBe('not_paid');

    // the customer gives up: the cancelled page, still no card
    await checkout.getByRole('link', { name: /Cancel and return/ }).click();
    await checkout.waitForURL(/\/gift-card-cancelled/);
    await expect(checkout.getByRole('heading', { name: 'Gift card purchase cancelled' })).toBeVisible();
    expect(await purchaseStatus(request, sessionId)).toBe('not_paid');
    expect(await mailTo(request, buyer.recipientEmail, /gift card/i)).toEqual([]);
    expect(await mailTo(request, buyer.purchaser, /gift card/i)).toEqual([]);

    // its success address says plainly that nothing was bought: no celebration
    await checkout.goto(`/gift-card-success?session_id=${sessionId}`);
    await expect(checkout.getByRole('heading', { name: 'This gift card purchase was not completed' })).toBeVisible();
    await expect(checkout.getByText(/no gift card was issued and nothing was charged/)).toBeVisible();
    await expect(checkout.getByTestId('celebration')).toHaveCount(0);
    await expect(checkout.getByRole('heading', { name: 'Your gift card is on its way!' })).toHaveCount(0);
    await expect(checkout.getByRole('link', { name: 'Back to Gift Cards' })).toHaveAttribute('href', '/#gift-cards');
    await expectNoAxeViolations(checkout);
  });

  test('a cancelled checkout: the cancelled page, no card, and Back to Gift Cards returns to the amounts', async ({ page, request }) => {
    const buyer = purchase('cancelled');
    const section = await openGiftCards(page);
    await section.getByRole('button', { name: 'Choose $100 gift card' }).click();
    await expectCheckoutView(section, '$100.00');
    await fillPurchase(section, buyer);
    const checkout = await openCheckout(page, section, '$100.00');
    const sessionId = sessionOf(checkout);

    await checkout.getByRole('link', { name: /Cancel and return/ }).click();
    await checkout.waitForURL(/\/gift-card-cancelled/);
    await expect(checkout.getByRole('heading', { name: 'Gift card purchase cancelled' })).toBeVisible();
    await expect(checkout.getByText(/nothing was charged/)).toBeVisible();
    await expect(checkout.getByRole('link', { name: 'Back to Gift Cards' })).toHaveAttribute('href', '/#gift-cards');
    await expect(checkout.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(checkout);
    expect(await purchaseStatus(request, sessionId)).toBe('not_paid');
    expect(await mailTo(request, buyer.recipientEmail, /gift card/i)).toEqual([]);

    // back in the first tab: the amounts again, the focus where the visitor left them
    await page.bringToFront();
    await section.getByRole('button', { name: 'Back to Gift Cards' }).click();
    await expect(section.getByRole('heading', { name: 'Gift card checkout' })).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Choose $100 gift card' })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('the success page for a missing or made-up session says so plainly, with no celebration', async ({ page }) => {
    for (const address of ['/gift-card-success', '/gift-card-success?session_id=cs_local_made_up_session']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: 'We could not find this gift card purchase' })).toBeVisible();
      await expect(page.getByTestId('celebration')).toHaveCount(0);
      await expect(page.getByTestId('transaction-id')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: 'Back to Gift Cards' })).toHaveAttribute('href', '/#gift-cards');
    }
    await expectNoAxeViolations(page);
  });

  test('the balance check: a card made for the test reads its balance, an unknown code the redemption message', async ({ page, request }) => {
    const gift = (await (await request.post('/dev/gift-cards', { data: { amountCents: 2500 } })).json()) as { code: string };
    const section = await openGiftCards(page);
    await expect(section.getByRole('button', { name: 'Check balance' })).toBeDisabled();
    await expect(await checkBalance(section, gift.code.toLowerCase())).toHaveText(new RegExp(`${gift.code} has \\$25\\.00 left`));
    await expect(await checkBalance(section, 'NOSUCHCARD99')).toHaveText(
      'This gift card code is not valid or has no balance left. Please check the code and try again.',
    );
    await expect(section.getByRole('textbox', { name: 'Gift card code' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
  });
});

test.describe('buying a gift card: answers the server should never give', () => {
  // an answer to the purchase call, or none at all (Chromium logs a 5xx answer as a console error)
  type Answer = { status: number; body: unknown } | 'network failure';
  const answers: [string, Answer, string][] = [
    // spec: customer-site 8
    ['the call failing', 'network failure', 'Failed to create gift card payment. Please try again.'],
    ['a checkout without a URL', { status: 201, body: { session_id: 'cs_local_x' } }, 'No checkout URL received'],
    // docs/design.md 6, 9: a refusal the server explains is shown as it says it
    [
      'too many purchases from one place',
      { status: 429, body: { error: { code: 'rate_limited', message: 'Too many requests, please try again in a few minutes.' } } },
      'Too many requests, please try again in a few minutes.',
    ],
  ];
  for (const [label, answer, message] of answers) {
    test(`${label} shows "${message}" and opens nothing`, async ({ page }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/gift-cards/purchase', async (route) => {
        await held;
        if (answer === 'network failure') await route.abort();
        else await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
      });
      const section = await openGiftCards(page);
      await section.getByRole('button', { name: 'Choose $30 gift card' }).click();
      await expectCheckoutView(section, '$30.00');
      await fillPurchase(section, purchase('refused'));
      // the tab opened on the click closes again once the answer says there is nothing to open
      const popupClosed = page.waitForEvent('popup').then((tab) => (tab.isClosed() ? undefined : tab.waitForEvent('close')));
      await section.getByRole('button', { name: 'Buy $30.00 Gift Card' }).click();
      // spec: customer-site 4: "Processing..." and disabled while the request runs
      await expect(section.getByRole('button', { name: 'Processing...' })).toBeDisabled();
      release();
      await popupClosed;
      const toast = page.locator('[data-sonner-toast]');
      await expect(toast.getByText('Error', { exact: true })).toBeVisible();
      await expect(toast.getByText(message)).toBeVisible();
      await expect(section.getByRole('button', { name: 'Buy $30.00 Gift Card' })).toBeEnabled();
      await expect(page).toHaveURL(/\/#gift-cards$/);
    });
  }

  test("the server's field messages show next to their fields", async ({ page }) => {
    await page.route('**/api/gift-cards/purchase', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'validation', message: 'Please check the highlighted fields.', fields: { recipient_email: 'This address cannot receive email' } } }),
      }),
    );
    const section = await openGiftCards(page);
    await section.getByRole('button', { name: 'Choose $30 gift card' }).click();
    await fillPurchase(section, purchase('fields'));
    const popupClosed = page.waitForEvent('popup').then((tab) => (tab.isClosed() ? undefined : tab.waitForEvent('close')));
    await section.getByRole('button', { name: 'Buy $30.00 Gift Card' }).click();
    await popupClosed;
    await expect(section.getByText('This address cannot receive email')).toBeVisible();
    await expect(section.getByLabel("Recipient's email")).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-sonner-toast]').getByText('Please check the highlighted fields.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
