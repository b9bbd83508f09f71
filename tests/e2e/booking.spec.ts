import type { Locator, Page } from '@playwright/test';
import { moveClock } from './clock';
import { nextServiceDay } from './dates';
import { device, expect, expectNoAxeViolations, firstMove, test, withScriptsHeld } from './fixtures';

/**
 * Presses Tab (or Shift+Tab, backwards) until `target` has focus: the page is driven by keyboard
 * only. A field above the focused one is reached backwards, as a person would: Tab past the page's
 * end leaves the page for the browser's own controls, and when it comes back is the browser's.
 */
async function tabTo(page: Page, target: Locator, { max = 120, backwards = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

async function typeInto(page: Page, target: Locator, text: string, options?: { backwards?: boolean }) {
  await tabTo(page, target, options);
  await page.keyboard.type(text);
}

/** Selects the focused field's text and deletes it, as someone at a keyboard would. */
async function clearFocused(page: Page) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
}

const weekdayOf = (label: string) => label.split(' ')[0];

// docs/design.md 9: TEST1 and FREE come only with the development seed; the test server starts empty
test.beforeAll(async ({ request }) => {
  expect((await request.post('/dev/demo-promo-codes')).ok()).toBe(true);
});

test.describe('booking wizard', () => {
  test('keyboard only: all four steps with FREE, every wizard message, then the confirmation', async ({ page }) => {
    await page.goto('/book');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Book your pickup' })).toBeVisible();
    // the first key pressed starts the page (decision 066); the free days come after it
    await page.keyboard.press('Tab');
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expectNoAxeViolations(page);

    // step 1: Next with nothing filled in shows the alert and marks the fields
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Pick-up date is required')).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expectNoAxeViolations(page);

    // the calendar: only Mondays, Wednesdays and Fridays from today on can be picked
    const dayButtons = page.locator('.pickup-day');
    const count = await dayButtons.count();
    expect(count).toBeGreaterThan(27);
    const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()));
    for (let i = 0; i < count; i++) {
      const button = dayButtons.nth(i);
      const label = (await button.getAttribute('aria-label')) ?? '';
      const date = new Date(label.replace(/,.*$/, ''));
      const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      const serviceDay = ['Mon', 'Wed', 'Fri'].includes(weekdayOf(label)!);
      if (!serviceDay || iso < today) await expect(button, label).toBeDisabled();
    }

    await typeInto(page, page.getByLabel('Full name'), 'Olivia Chen');
    // each project is its own customer: one open free booking per email or phone (docs/design.md 9)
    const desktop = device(test.info()) === 'desktop';
    // a repeated run (--repeat-each, to catch a lost key press) is another customer, as FREE is once per customer
    const run = test.info().repeatEachIndex;
    await typeInto(page, page.getByLabel('Email'), `olivia.${desktop ? 'keyboard' : 'phone'}${run || ''}@example.com`);
    await typeInto(page, page.getByLabel('Phone'), `(803) 555-${String((desktop ? 177 : 178) + 1000 * run).padStart(4, '0')}`);
    await typeInto(page, page.getByLabel('Street address'), '48 Church St');
    await typeInto(page, page.getByLabel('City'), 'Lexington');
    await typeInto(page, page.getByLabel('ZIP code'), '29072');

    // the first focusable day, then the next service day with the arrow key, then Enter
    // the days we can pick up have loaded (a key pressed on the grid while it loads moves nothing)
    await expect(page.locator('#pickupDate [role="grid"]')).not.toHaveAttribute('aria-busy', 'true');
    await tabTo(page, page.locator('.pickup-day[tabindex="0"]'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Selected:/)).toBeVisible();
    const chosen = (await page.getByText(/^Selected:/).innerText()).replace('Selected: ', '');
    expect(['Monday', 'Wednesday', 'Friday']).toContain(chosen.split(',')[0]);

    // the first window that can still be chosen: on a service day's morning, today's first window
    // has started and is disabled, so Tab never reaches it
    await tabTo(page, page.getByRole('radio', { disabled: false }).first());
    const focusedRadio = page.locator('input[type=radio]:focus');
    await page.keyboard.press('Space');
    await expect(focusedRadio).toBeChecked();

    await tabTo(page, page.getByLabel('Where should we pick up?'));
    await page.keyboard.press('f'); // Front door
    await expect(page.getByLabel('Where should we pick up?')).toHaveValue('front-door');

    const more = page.getByRole('button', { name: 'One bag more' });
    await tabTo(page, more);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('spinbutton', { name: /bags/ })).toHaveValue('2');
    await expect(page.getByRole('button', { name: 'One bag less' })).toBeEnabled();

    // a reload keeps what was typed
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Olivia Chen');
    await expect(page.getByRole('spinbutton', { name: /bags/ })).toHaveValue('2');

    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');

    // step 2
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Laundry preferences' })).toBeVisible();
    await expect(page.getByText(/Stain removal is not guaranteed/)).toBeVisible();
    await expectNoAxeViolations(page);
    // the estimate runs as add-ons are chosen: 2 bags, then + rush $10
    await expect(page.getByTestId('running-estimate')).toHaveText(/Your estimate so far\s*\$63\.00/);
    await tabTo(page, page.getByRole('checkbox', { name: /24-hr Rush Delivery/ }));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('running-estimate')).toHaveText(/Your estimate so far\s*\$73\.00/);
    await tabTo(page, page.getByRole('checkbox', { name: /Blankets & Comforters/ }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('status', { name: 'Twin-Queen blankets count' }).or(page.getByLabel('Twin-Queen blankets count'))).toHaveText('1');
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');

    // step 3: proceed is disabled until the terms are accepted
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Terms and conditions', level: 2 })).toBeVisible();
    const proceed = page.getByRole('button', { name: /Accept & Continue/ });
    await expect(proceed).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('estimate-total')).toHaveText('$88.00'); // 2 x 31.50 + rush 10 + blanket 15
    for (const policy of ['Booking confirmed within 2 hours', 'Free cancellation up to 2 hours before pick-up', '$20 no-show fee', 'Back within 48-72 hours']) {
      await expect(page.getByText(policy, { exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await tabTo(page, proceed);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Please accept the terms and conditions to continue');
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await tabTo(page, page.getByRole('checkbox', { name: /accept the terms/ }));
    await page.keyboard.press('Space');
    await tabTo(page, proceed);
    await page.keyboard.press('Enter');

    // step 4
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Complete booking' })).toBeVisible();
    await expectNoAxeViolations(page);

    await typeInto(page, page.getByRole('textbox', { name: 'Promo code' }), 'bogus');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Invalid Promo Code')).toBeVisible();
    // the toast, and beside the field where it stays (a toast on a phone covers the field, and goes)
    await expect(page.locator('[data-sonner-toast]').getByText('Please check your promo code and try again.')).toBeVisible();
    await expect(page.locator('#promoCode-error')).toHaveText('Please check your promo code and try again.');
    await expect(page.getByRole('textbox', { name: 'Promo code' })).toHaveAttribute('aria-invalid', 'true');

    const giftInput = page.getByRole('textbox', { name: 'Gift card code' });
    await typeInto(page, giftInput, 'nosuchcard99999', { backwards: true });
    await expect(giftInput).toHaveValue('NOSUCHCARD99'); // upper-cased, 12 characters at most
    await page.keyboard.press('Enter');
    await expect(page.getByText('Invalid Gift Card')).toBeVisible();
    await expect(page.locator('#giftCardCode-error')).toHaveText('This gift card code is not valid or has no balance left. Please check the code and try again.');

    // the validation call failing: Enter again once the check is over ("Checking..." is Apply again:
    // a form whose submit button is disabled ignores Enter)
    await page.route('**/api/gift-cards/validate', (route) => route.abort());
    await expect(page.getByRole('region', { name: 'Gift card' }).getByRole('button', { name: 'Apply' })).toBeEnabled();
    await page.keyboard.press('Enter');
    await expect(page.locator('#giftCardCode-error')).toHaveText('Failed to validate gift card. Please try again.');
    await page.unroute('**/api/gift-cards/validate');

    // the payment call failing: the Payment Error toast with the error message
    await page.route('**/api/bookings', (route) => route.abort());
    await tabTo(page, page.getByTestId('pay-button'));
    // the button says what it does: a hold, charged after weighing, as the sentence under it explains
    await expect(page.getByTestId('pay-button')).toHaveText(/Authorize \$88\.00/);
    await expect(page.getByTestId('pay-button')).toHaveAccessibleDescription(/hold of \$88\.00 on your card, not a charge/);
    // the failed call closes the checkout tab at once, sometimes before a listener could be added
    const popupClosed = page.waitForEvent('popup').then((tab) => (tab.isClosed() ? undefined : tab.waitForEvent('close')));
    await page.keyboard.press('Enter');
    await popupClosed;
    await expect(page.getByText('Payment Error')).toBeVisible();
    await expect(page.getByText(/could not reach the server/)).toBeVisible();
    await page.unroute('**/api/bookings');

    // the closed checkout tab may hand the focus back to this page a moment later: wait for the
    // error toast to settle, then make sure the key presses land in the promo field
    const promoField = page.getByRole('textbox', { name: 'Promo code' });
    await tabTo(page, promoField, { backwards: true });
    await clearFocused(page);
    await expect(promoField).toHaveValue('');
    await page.keyboard.type('free');
    await expect(promoField).toBeFocused();
    await expect(promoField).toHaveValue('FREE');
    await page.keyboard.press('Enter');
    await expect(page.getByText('FREE applied')).toBeVisible();
    await expect(page.getByTestId('estimate-total')).toHaveText('$0.00');
    await expect(page.getByTestId('pay-button')).toHaveText(/Complete Free Booking/);
    await tabTo(page, page.getByTestId('pay-button'));
    await page.keyboard.press('Enter');

    // the confirmation opens with the booking's own token (docs/design.md 9): its id alone shows nothing
    await expect(page).toHaveURL(/\/booking-success\?booking_id=[0-9a-f-]{36}&token=[A-Za-z0-9_-]{43}$/);
    const id = new URL(page.url()).searchParams.get('booking_id')!;
    await expect(page.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    await expect(page.getByTestId('confirmation-number')).toHaveText(`WD-${id.replace(/-/g, '').slice(0, 6).toUpperCase()}`);
    await expect(page.getByText(chosen)).toBeVisible();
    await expect(page.getByText('48 Church St, Lexington 29072')).toBeVisible();
    await expect(page.getByText('Front door')).toBeVisible();
    await expect(page.getByTestId('service-summary')).toHaveText('2 bags × $0.00 = $0.00');
    await expect(page.getByText(/call you 30 minutes before pick-up/)).toBeVisible();
    await expect(page.getByText(/within 48-72 hours/)).toBeVisible();
    // free, so no card was held: a regular pick-up (each one held on the card) is not offered, only to be refused
    await expect(page.getByRole('region', { name: 'Make it a regular pick-up' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // the wizard starts afresh after a booking
    await page.goto('/book');
    await expect(page.getByLabel('Full name')).toHaveValue('');
  });

  test('keyboard only: the paid flow, the wizard, card 4242 typed on the local checkout and sent with Enter, then the confirmation', async ({ page }) => {
    await page.goto('/book');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();

    // step 1
    await typeInto(page, page.getByLabel('Full name'), 'Darnell Brooks');
    await typeInto(page, page.getByLabel('Email'), `darnell.keyboard.${Date.now()}@example.com`);
    await typeInto(page, page.getByLabel('Phone'), '(803) 555-0168');
    await typeInto(page, page.getByLabel('Street address'), '12 Lake Murray Blvd');
    await typeInto(page, page.getByLabel('City'), 'Gilbert');
    await typeInto(page, page.getByLabel('ZIP code'), '29054');
    // the days we can pick up have loaded (a key pressed on the grid while it loads moves nothing)
    await expect(page.locator('#pickupDate [role="grid"]')).not.toHaveAttribute('aria-busy', 'true');
    await tabTo(page, page.locator('.pickup-day[tabindex="0"]'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Selected:/)).toBeVisible();
    await tabTo(page, page.getByRole('radio', { disabled: false }).first());
    await page.keyboard.press('Space');
    await expect(page.locator('input[type=radio]:focus')).toBeChecked();
    await tabTo(page, page.getByLabel('Where should we pick up?'));
    await page.keyboard.press('f'); // Front door
    await expect(page.getByLabel('Where should we pick up?')).toHaveValue('front-door');
    await tabTo(page, page.getByRole('button', { name: 'One bag more' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('spinbutton', { name: /bags/ })).toHaveValue('2');
    await typeInto(page, page.getByLabel('Special instructions'), 'Gate code 4821');
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');

    // step 2: sports uniforms are one control (the add-on with its count), not two
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /sports uniforms/i })).toHaveCount(1);
    await typeInto(page, page.getByLabel('Allergies'), 'Fragrance-free detergent only');
    await tabTo(page, page.getByRole('checkbox', { name: /24-hr Rush Delivery/ }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: /24-hr Rush Delivery/ })).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');

    // step 3
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await tabTo(page, page.getByRole('checkbox', { name: /accept the terms/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: /Accept & Continue/ }));
    await page.keyboard.press('Enter');

    // step 4: Pay opens the local checkout in a new tab
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await expect(page.getByTestId('estimate-total')).toHaveText('$73.00'); // 2 x 31.50 + rush 10
    // the summary reads back what the customer told us
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByRole('definition').filter({ hasText: 'Fragrance-free detergent only' })).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: 'Gate code 4821' })).toBeVisible();
    await tabTo(page, page.getByTestId('pay-button'));
    await expect(page.getByTestId('pay-button')).toHaveText(/Authorize \$73\.00/);
    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    const checkout = await popup;
    await checkout.waitForURL(/\/dev\/checkout\/cs_local_/);
    await expect(page.getByText(/checkout opened in a new tab/)).toBeVisible();

    // the checkout, by keyboard: the card typed field by field, sent with Enter on Pay
    await expect(checkout.getByRole('heading', { level: 1 })).toBeVisible();
    await typeInto(checkout, checkout.getByLabel('Card number'), '4242 4242 4242 4242');
    await typeInto(checkout, checkout.getByLabel('Expiry'), '12/34');
    await typeInto(checkout, checkout.getByLabel('CVC'), '123');
    await typeInto(checkout, checkout.getByLabel('ZIP'), '29036');
    const payOnCheckout = checkout.getByRole('button', { name: /^Pay \$73\.00$/ });
    await tabTo(checkout, payOnCheckout);
    await expect(payOnCheckout).toBeFocused();
    await checkout.keyboard.press('Enter');

    await checkout.waitForURL(/\/booking-success\?session_id=cs_local_/);
    await expect(checkout.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    await expect(checkout.getByTestId('payment-state')).toHaveText('Authorized: $73.00 on your card');
    await expect(checkout.getByTestId('confirmation-number')).toHaveText(/^WD-[0-9A-F]{6}$/);
    await expect(checkout.getByTestId('service-summary')).toHaveText('2 bags × $31.50 = $63.00');
    await expect(checkout.getByText('12 Lake Murray Blvd, Gilbert 29054')).toBeVisible();
    await expect(checkout.getByText(/24-hr Rush Delivery/)).toBeVisible();
    await expectNoAxeViolations(checkout);

    // the tab that opened the checkout learns it was paid: no Authorize button left, the confirmation instead
    await page.bringToFront();
    await expect(page.getByRole('heading', { name: 'Your pick-up is booked!' })).toBeVisible();
    await expect(page.getByTestId('pay-button')).toHaveCount(0);
    await expect(page.getByTestId('confirmation-number')).toHaveText((await checkout.getByTestId('confirmation-number').innerText()).trim());
  });

  test('a press before the page is live is held, never submitted: nothing typed reaches the address', async ({ page }) => {
    // a slow phone: the page's small first script runs, React's arrive late, after the customer typed and pressed Next
    for (let attempt = 1; attempt <= 3; attempt++) {
      const release = await withScriptsHeld(page, '/book', async () => {
        await page.getByLabel('Full name').fill(`Early Presser ${attempt}`);
        await page.getByLabel('Email').fill(`early.${attempt}@example.com`);
        await page.getByRole('button', { name: 'Next', exact: true }).click();
      });
      // the press reached the wizard once it was live: its own check answers (no date chosen yet)
      await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
      expect(new URL(page.url()).search, `attempt ${attempt}`).toBe('');
      await expect(page.getByText('Step 1 of 4')).toBeVisible();
      await release();
    }
  });

  test('a window whose free cancellation has ended says so when chosen, before booking', async ({ page }, testInfo) => {
    // 6:30 (7:30 in summer) in South Carolina on a service day: the 8AM window's free cancellation
    // (2 hours before it) has ended, the noon window's has not (spec: customer-site 9)
    const day = nextServiceDay();
    await moveClock([page.request], `${day}T11:30:00Z`);
    try {
      await page.goto('/book');
      await firstMove(page);
      await expect(page.locator('#pickupDate [role="grid"]')).not.toHaveAttribute('aria-busy', 'true');
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      const label = new Date(Date.UTC(y, m - 1, d)).toUTCString().replace(/^(\w{3}), (\d{2}) (\w{3}) (\d{4}).*$/, '$1 $3 $2 $4');
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('radio', { name: '8AM – 12PM' }).check();
      await expect(page.getByTestId('no-free-cancellation')).toHaveText('This window starts soon: its free cancellation has ended. Booked now, it cannot be cancelled online.');
      await page.getByTestId('no-free-cancellation').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`no-free-cancellation-${testInfo.project.name}.png`) });
      await expectNoAxeViolations(page);
      await page.getByRole('radio', { name: '12PM – 4PM' }).check();
      await expect(page.getByTestId('no-free-cancellation')).toHaveCount(0);
    } finally {
      await moveClock([page.request], null);
    }
  });

  test('every field filled but one wrong: the banner says to check the highlighted field, not to fill them all', async ({ page }, testInfo) => {
    await page.goto('/book');
    await page.getByLabel('Full name').fill('Wendy Wrong');
    await page.getByLabel('Email').fill('wendy@example');
    await page.getByLabel('Phone').fill('(803) 555-0160');
    await page.getByLabel('Street address').fill('5 Oak St');
    await page.getByLabel('City').fill('Lexington');
    await page.getByLabel('ZIP code').fill('29072');
    await expect(page.locator('#pickupDate [role="grid"]')).not.toHaveAttribute('aria-busy', 'true');
    await page.locator('.pickup-day:not([disabled])').first().click();
    await page.getByRole('radio').filter({ hasNot: page.locator('[disabled]') }).last().check();
    await page.getByLabel('Where should we pick up?').selectOption('front-door');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please check the highlighted fields');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Full name')).not.toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: testInfo.outputPath(`step-1-check-fields-${testInfo.project.name}.png`) });
  });

  test('the bag quantity: minus disabled at 1, typed invalid values become 1', async ({ page }) => {
    await page.goto('/book');
    const input = page.getByRole('spinbutton', { name: /bags/ });
    await expect(page.getByRole('button', { name: 'One bag less' })).toBeDisabled();
    await input.fill('0');
    await input.blur();
    await expect(input).toHaveValue('1');
    await input.fill('-3');
    await input.blur();
    await expect(input).toHaveValue('1');
    await input.fill('');
    await input.blur();
    await expect(input).toHaveValue('1');
    await input.fill('4');
    await input.blur();
    await expect(input).toHaveValue('4');
    // the maximum is said before, and again when a bigger count is typed
    await expect(page.getByText('About 12 lb of laundry per bag; up to 20 bags a pick-up.')).toBeVisible();
    await input.fill('25');
    await input.blur();
    await expect(input).toHaveValue('20');
    await expect(page.getByText('At most 20 bags a pick-up: we set it to 20.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'One bag more' })).toBeDisabled();
  });

  test('booking-success says plainly what is true: no booking for a missing or made-up reference', async ({ page }) => {
    await page.goto('/booking-success');
    await expect(page.getByRole('heading', { name: 'We could not find this booking' })).toBeVisible();
    await expect(page.getByTestId('confirmation-number')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Book a Pickup/ })).toHaveAttribute('href', '/book');
    await expect(page.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
    await page.goto('/booking-success?session_id=made-up');
    await expect(page.getByRole('heading', { name: 'We could not find this booking' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your pick-up is booked!' })).toHaveCount(0);
  });

  test('booking-success for a checkout that was left: not completed, with a link to book again', async ({ page, request }) => {
    const created = await request.post('/api/bookings', {
      data: {
        bookingData: {
          name: 'Left Checkout',
          email: `left.${Date.now()}@example.com`,
          phone: '(803) 555-0142',
          address: '9 Sunset Blvd',
          city: 'Lexington',
          zipCode: '29072',
          pickupDate: nextServiceDay(),
          pickupTime: '8am-12pm',
          pickupLocation: 'front-door',
          bagQuantity: 1,
          termsAccepted: true,
        },
      },
    });
    expect(created.status()).toBe(201);
    const sessionId = new URL(((await created.json()) as { url: string }).url).pathname.split('/').pop()!;
    expect((await request.post('/api/bookings/abandoned', { data: { session_id: sessionId } })).ok()).toBe(true);
    await page.goto(`/booking-success?session_id=${sessionId}`);
    await expect(page.getByRole('heading', { name: 'Your booking was not completed' })).toBeVisible();
    await expect(page.getByText('nothing was charged')).toBeVisible();
    await expect(page.getByRole('link', { name: /Book Again/ })).toHaveAttribute('href', '/book');
    await expectNoAxeViolations(page);
  });
});

test.describe('booking wizard: answers the server should never give', () => {
  const draft = {
    name: 'Marcus Hill',
    email: 'marcus@example.com',
    phone: '(803) 555-0190',
    address: '9 Augusta Rd',
    city: 'Leesville',
    zipCode: '29070',
    pickupDate: '2099-01-05',
    pickupTime: '12pm-4pm',
    pickupLocation: 'porch',
    bagQuantity: 1,
    termsAccepted: true,
  };

  const free = { code: 'FREE', bagRateCents: 0, waivesAddOns: true };
  for (const [label, promo, status, answer, message] of [
    ['a free booking without an id', free, 201, { confirmation: 'WD-X', quote: {}, booking_id: '', next: 'confirmed', url: null }, 'No booking ID received'],
    ['a checkout without a URL', null, 201, { confirmation: 'WD-X', quote: {}, booking_id: 'x', next: 'checkout', url: null }, 'No payment URL received'],
    // docs/design.md 9: the rate limit's answer, as the page shows it
    ['too many bookings from one place', free, 429, { error: { code: 'rate_limited', message: 'Too many requests, please try again in a few minutes.' } }, 'Too many requests, please try again in a few minutes.'],
  ] as const) {
    test(`${label} shows "${message}"`, async ({ page }) => {
      await page.addInitScript(
        ([state]) => window.sessionStorage.setItem('washday.booking.v1', state!),
        [JSON.stringify({ step: 4, draft, promo, giftCard: null })],
      );
      await page.route('**/api/bookings', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(answer) }));
      await page.goto('/book');
      await expect(page.getByText('Step 4 of 4')).toBeVisible();
      // step 4's summary loads after the Pay button and pushes it down: click once the page has settled
      await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
      await page.getByTestId('pay-button').click();
      const toast = page.locator('[data-sonner-toast]');
      await expect(toast.getByText('Payment Error')).toBeVisible();
      await expect(toast.getByText(message)).toBeVisible();
      await expect(page).toHaveURL(/\/book$/);
    });
  }
});
