// docs/design.md 9, decision 021: a customer asks for a sign-in link at /orders (by phone: the answer
// says it comes only by text, decision 037), opens it from the outbox, and sees their two orders;
// moves one to another window (the hold stays, the invitation is sent again); the link works once;
// signing out shows the form again. Decision 022: changes the details of an upcoming pick-up, and
// deletes their data once nothing is open.
// axe and no sideways scroll at both widths (the projects).
import type { APIRequestContext } from '@playwright/test';
import { paidBooking } from './back-office-flows';
import { expect, expectNoAxeViolations, firstMove, test, expectNoHorizontalOverflow } from './fixtures';
import { linkFromMail } from './mail';
import { rootApi } from './staff';

test.describe('my orders', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('ask for a link, open it from the outbox, see two orders, move one; the link works once; sign out', async ({ page }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `orders.${stamp}@example.com`;
    const first = await paidBooking(api, 'Orders', { email, name: `Olive ${stamp}` });
    const second = await paidBooking(api, 'Orders', { email, name: `Olive ${stamp}`, pickupTime: '12pm-4pm', bagQuantity: 2 });

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Your orders', level: 1 })).toBeVisible();
    await expect(page.getByText(/by text if you agreed to texts when you booked/)).toBeVisible();
    await page.getByLabel(/Email or phone number you booked with/).fill('not an address');
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByText('Enter the email address or phone number you booked with')).toBeVisible();
    // decision 037: a phone gets its link only by text, and every number gets the same answer
    await page.getByLabel(/Email or phone number you booked with/).fill('(803) 555-0177');
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your texts' })).toBeVisible();
    await expect(page.getByText(/No text\? Ask with the email address you booked with instead/)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Use another email or phone' }).click();
    await page.getByLabel(/Email or phone number you booked with/).fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(/a sign-in link is on its way/)).toBeVisible();
    await expectNoAxeViolations(page);

    const link = await linkFromMail(api, email, 'orders_sign_in_link', '/orders?token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
    // the token leaves the address at once
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    for (const order of [first, second]) {
      const card = page.getByRole('article', { name: `Order ${order.confirmation}` });
      await expect(card).toBeVisible();
      await expect(card.getByText('Booked', { exact: true }).first()).toBeVisible();
      await expect(card.getByRole('list', { name: `Where ${order.confirmation} is` }).locator('[aria-current="step"]')).toContainText('Booked (now)');
      await expect(card.getByText(/held on your card/)).toBeVisible();
      await expect(card.getByRole('link', { name: 'Cancel this pick-up' })).toBeVisible();
    }
    await expect(page.getByRole('article', { name: `Order ${second.confirmation}` }).getByText('2 bags')).toBeVisible();
    await expect(page.getByText('No past orders yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your details and preferences' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);

    // "Download my data" answers this device's customer only
    await expect(page.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/orders/export');
    const exported = await page.request.get('/api/orders/export');
    expect(exported.status()).toBe(200);
    expect(((await exported.json()) as { bookings: { confirmation: string }[] }).bookings.map((b) => b.confirmation).sort()).toEqual([first.confirmation, second.confirmation].sort());

    // move the first pick-up to the evening window of the same day: the hold stays, the invitation follows
    const firstCard = page.getByRole('article', { name: `Order ${first.confirmation}` });
    const day = await firstCard.locator('p.font-semibold').first().textContent();
    await firstCard.getByRole('button', { name: 'Change pick-up time' }).click();
    const form = firstCard.getByRole('form', { name: `Change the pick-up time of ${first.confirmation}` });
    // the booking calendar, with its rules: only Mondays, Wednesdays and Fridays can be chosen
    await expect(form.locator('[role="grid"]')).not.toHaveAttribute('aria-busy', 'true');
    const days = form.locator('.pickup-day');
    for (const label of await days.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))) {
      if (!/^(Mon|Wed|Fri) /.test(label)) await expect(form.getByRole('button', { name: label, exact: true })).toBeDisabled();
    }
    await expect(form.getByText(/^Selected:/)).toBeVisible();
    await form.getByRole('radio', { name: '4PM – 8PM' }).check();
    await expectNoAxeViolations(page);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`orders-reschedule-${test.info().project.name}.png`) });
    await form.getByRole('button', { name: 'Move my pick-up' }).click();
    await expect(firstCard.getByRole('status')).toContainText('4PM – 8PM. We emailed you the updated calendar invitation.');
    await expect(firstCard.locator('p.font-semibold').first()).toHaveText(day!.replace('8AM – 12PM', '4PM – 8PM'));
    await expect(firstCard.getByText(/held on your card/)).toBeVisible();
    await expect.poll(async () => (await (await api.get('/dev/mail')).text()).split('<tr>').some((r) => r.includes(email) && r.includes('booking_rescheduled'))).toBe(true);
    // the same window again is refused with the reason, beside the field
    await firstCard.getByRole('button', { name: 'Change pick-up time' }).click();
    await form.getByRole('radio', { name: '4PM – 8PM' }).check();
    await form.getByRole('button', { name: 'Move my pick-up' }).click();
    await expect(form.getByText('That is already your pick-up time: choose another day or window.')).toBeVisible();
    await form.getByRole('button', { name: 'Keep the current time' }).click();

    // a reload keeps the device signed in
    await page.reload();
    await expect(page.getByRole('article', { name: `Order ${first.confirmation}` })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
    // the same link again: it worked once
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('This sign-in link is not valid or has expired');
    await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('picked up: the order says when it comes back, and a later delivery window is chosen from the list', async ({ page }, testInfo) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `delivery.${stamp}@example.com`;
    const booked = await paidBooking(api, 'Delivery', { email, name: `Dee ${stamp}` });
    expect((await api.post(`/api/admin/bookings/${booked.id}/status`, { data: { status: 'in-progress' } })).status()).toBe(200);
    await page.goto('/orders');
    await page.getByLabel(/Email or phone number you booked with/).fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await linkFromMail(api, email, 'orders_sign_in_link', '/orders?token='));

    const card = page.getByRole('article', { name: `Order ${booked.confirmation}` });
    await expect(card).toContainText('Back on');
    await card.getByRole('button', { name: 'Change delivery time' }).click();
    const choice = card.getByLabel('Bring it back on');
    const options = await choice.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await choice.selectOption({ label: options[1]! });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`orders-delivery-${testInfo.project.name}.png`), fullPage: true });
    await card.getByRole('button', { name: 'Save delivery time' }).click();
    await expect(card.getByRole('status')).toContainText('We emailed you the new time');
    await expect.poll(async () => (await (await api.get('/dev/mail')).text()).split('<tr>').some((r) => r.includes(email) && r.includes('delivery_moved'))).toBe(true);
    await expectNoHorizontalOverflow(page);
  });

  test('signed in, a new booking starts from the last order’s details; "Not you? Clear" empties them', async ({ page }, testInfo) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `again.${stamp}@example.com`;
    await paidBooking(api, 'Again', { email, name: `Ann ${stamp}`, address: '77 Again Ave', waterTemperature: 'warm' });
    await page.goto('/orders');
    await page.getByLabel(/Email or phone number you booked with/).fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await linkFromMail(api, email, 'orders_sign_in_link', '/orders?token='));
    await expect(page.getByRole('article').first()).toBeVisible();

    await page.goto('/book');
    // the page starts on the customer's first move (decision 066), and fills itself in then
    await firstMove(page);
    await expect(page.getByTestId('prefilled')).toContainText(`Filled in from your last order (${email}).`);
    await expect(page.getByLabel('Full name')).toHaveValue(`Ann ${stamp}`);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Street address')).toHaveValue('77 Again Ave');
    await expect(page.getByLabel('ZIP code')).toHaveValue('29072');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`book-prefilled-${testInfo.project.name}.png`) });
    await page.getByRole('button', { name: 'Not you? Clear' }).click();
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await expect(page.getByLabel('Street address')).toHaveValue('');
    await expect(page.getByTestId('prefilled')).toHaveCount(0);

    // signed out, /book starts empty
    await page.context().clearCookies();
    await page.evaluate(() => window.sessionStorage.clear());
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Book your pickup' })).toBeVisible();
    await expect(page.getByTestId('prefilled')).toHaveCount(0);
    await expect(page.getByLabel('Full name')).toHaveValue('');
  });

  test('change the details of an upcoming pick-up; delete my data once the order is cancelled', async ({ page }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `details.${stamp}@example.com`;
    const booked = await paidBooking(api, 'Details', { email, name: `Dana ${stamp}` });
    await page.goto('/orders');
    await page.getByLabel(/Email or phone number you booked with/).fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await linkFromMail(api, email, 'orders_sign_in_link', '/orders?token='));

    const details = page.getByRole('region', { name: 'Your details and preferences' });
    await expect(details.getByText('12 Corley Mill Rd, Lexington 29072')).toBeVisible();
    await details.getByRole('button', { name: 'Change details' }).click();
    const form = details.getByRole('form', { name: 'Change your details' });
    // bad input is named beside its field, and nothing is saved
    await form.getByLabel(/Street address/).fill('');
    await form.getByRole('button', { name: 'Save my details' }).click();
    await expect(form.getByText('Address is required')).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByLabel(/Street address/).fill('40 Sunset Blvd');
    await form.getByLabel('Pick-up spot').selectOption('back-door');
    await form.getByLabel('Allergies').fill('Lavender');
    await form.getByRole('button', { name: 'Save my details' }).click();
    await expect(details.getByRole('status')).toContainText(`Saved. Your pick-up ${booked.confirmation} uses these details, and we emailed you what changed.`);
    await expect(details.getByText('40 Sunset Blvd, Lexington 29072')).toBeVisible();
    await expect(details.getByText('Back door')).toBeVisible();
    await expect(page.getByRole('article', { name: `Order ${booked.confirmation}` }).getByText('40 Sunset Blvd, Lexington 29072')).toBeVisible();
    await expect.poll(async () => (await (await api.get('/dev/mail')).text()).split('<tr>').some((r) => r.includes(email) && r.includes('customer_details_changed'))).toBe(true);

    // an open order keeps the data: the button waits until it is done
    const erase = page.getByRole('region', { name: 'Delete my data' });
    await expect(erase.getByRole('button', { name: 'Delete my data' })).toBeDisabled();
    await expect(erase.getByText(/possible once every order is delivered or cancelled/)).toBeVisible();
    // the customer cancels it with their own link (the hold is released), then comes back
    const cancelUrl = new URL((await page.getByRole('article', { name: `Order ${booked.confirmation}` }).getByRole('link', { name: 'Cancel this pick-up' }).getAttribute('href'))!);
    const cancelled = await api.post(`/api/bookings/${booked.id}/cancel`, { data: { token: cancelUrl.searchParams.get('token') }, headers: { origin: new URL(page.url()).origin } });
    expect(cancelled.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Past orders' })).toBeVisible();
    await erase.getByRole('button', { name: 'Delete my data' }).click();
    const confirm = erase.getByRole('form', { name: 'Confirm deleting your data' });
    await confirm.getByLabel(/Type DELETE to confirm/).fill('delete');
    await confirm.getByRole('button', { name: 'Delete my data for good' }).click();
    await expect(confirm.getByText('Type DELETE (in capital letters) to confirm')).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByLabel(/Type DELETE to confirm/).fill('DELETE');
    await confirm.getByRole('button', { name: 'Delete my data for good' }).click();
    await expect(page.getByRole('status')).toContainText('Your details are deleted and you are signed out.');
    await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
    // signed out everywhere: the API shows nothing, and the staff see the order without its customer
    expect((await page.request.get('/api/orders')).status()).toBe(401);
    const staffView = await api.get(`/api/admin/bookings/${booked.id}`);
    expect(await staffView.text()).not.toContain(email);
    expect(await staffView.text()).toContain('Deleted customer');
  });
});
