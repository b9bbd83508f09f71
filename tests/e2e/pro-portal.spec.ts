// The laundry pros' own portal in the browser (decision 018): staff invite a pro; the pro opens the
// emailed link, sets a password on /pro/reset-password and signs in on /pro; a job assigned to
// them shows at the door's detail; they mark it picked up, staff weigh it at 14.2 lb, they mark it
// delivered, and it earns $10.65 unpaid (14.2 × $0.75), then paid by a payout; the yearly
// statement downloads. A step no longer open is refused with the server's words; a staff session
// on /pro is told the page is for pros; a bad link says so. axe at 375 and 1280 px.
import type { APIRequestContext, Page } from '@playwright/test';
import { paidBooking, signIn as staffSignIn, toast } from './back-office-flows';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { linkFromMail } from './mail';
import { nextServiceDay } from './dates';
import encodeQR from 'qr';
import { rootApi } from './staff';

const thisYear = () =>
  Number(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
    }).format(new Date()),
  );
const proPassword = 'Pro-portal-e2e-2026';

/** The set-password link in the newest pro_password_link email to `email`, as the pro opens it. */
async function passwordLinkFromMail(api: APIRequestContext, email: string): Promise<string> {
  const link = await linkFromMail(api, email, 'pro_password_link', '/api/auth/reset-password/');
  expect(new URL(link, 'http://localhost').searchParams.get('callbackURL')).toBe('/pro/reset-password');
  return link;
}

/** A pro staff added and invited, whose password is set from the emailed link (through the API: the first journey sets it on the page). */
async function invitedPro(api: APIRequestContext, label: string) {
  const stamp = `${label}-${Date.now().toString(36)}`;
  const name = `Pat Press ${stamp}`;
  const email = `pat.press.${stamp}@example.com`;
  const created = await api.post('/api/admin/pros', { data: { name, email, perPoundRateCents: 75 } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { pro: { id: string } }).pro.id;
  expect((await api.post(`/api/admin/pros/${id}/portal-invite`)).status()).toBe(200);
  const link = await passwordLinkFromMail(api, email);
  const token = link.split('?')[0]!.split('/').pop()!;
  const reset = await api.post('/api/auth/reset-password', { data: { token, newPassword: proPassword } });
  expect(reset.status(), await reset.text()).toBe(200);
  return { id, name, email };
}

async function proSignIn(page: Page, email: string, password: string) {
  await page.goto('/pro');
  await expect(page.getByRole('heading', { level: 1, name: 'Pro Portal' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The smallest PNG: what the phone's camera gives the file input in a test. */
const photoFile = { name: 'door.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64') };

/** Taps a camera button and "takes" the photo. */
async function takePhoto(page: Page, button: ReturnType<Page['getByRole']>) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(photoFile);
}

type StaffView = { stopPhotos: Record<'pickup' | 'delivery' | 'no_show', string | null>; missedPickup: { status: string; feeOutcome: string | null } | null; capturedAmount: number; bookingStatus: string };
async function staffBooking(api: APIRequestContext, id: string): Promise<StaffView> {
  return ((await (await api.get(`/api/admin/bookings/${id}`)).json()) as { booking: StaffView }).booking;
}

/** Nothing wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** axe, and no sideways scroll, on a phone and on a laptop. */
async function checkBothWidths(page: Page) {
  const size = page.viewportSize()!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(size);
}

test.describe('the pro portal', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test.describe('a pro at work', () => {
    test('invited → sets a password from the email → signs in → picks up, staff weigh 14.2 lb, delivers → $10.65 unpaid, then paid; the statement downloads', async ({
      page,
      baseURL,
    }, testInfo) => {
      // a pro's whole day in one journey: up to 80 s alone on the 2-core machine, more beside another file
      test.slow();
      const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
      const name = `Dana Fold ${stamp}`;
      const email = `dana.fold.${stamp}@example.com`;

      // staff add the pro and invite them (the card's button is the Laundry Pros tab's; its call here)
      await staffSignIn(page);
      const created = await page.request.post('/api/admin/pros', {
        data: { name, email, perPoundRateCents: 75 },
        headers: { origin: baseURL! },
      });
      expect(created.status(), await created.text()).toBe(201);
      const proId = ((await created.json()) as { pro: { id: string } }).pro.id;
      const invited = await page.request.post(`/api/admin/pros/${proId}/portal-invite`, { headers: { origin: baseURL! } });
      expect(invited.status(), await invited.text()).toBe(200);
      expect(await invited.json()).toEqual({ sentTo: email });
      const link = await passwordLinkFromMail(api, email);
      // the pro, on their own phone: no staff session
      await page.context().clearCookies();

      // the link lands on /pro/reset-password with its token; the form checks before it sends
      await page.goto(link);
      await expect(page).toHaveURL(/\/pro\/reset-password\?token=/);
      await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
      await expect(page).toHaveTitle(/^Set your password \|/);
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expect(page.getByText('Use at least 10 characters')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('New password', { exact: true }).fill(proPassword);
      await page.getByLabel('Confirm new password').fill(proPassword);
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expect(toast(page, 'Password set')).toBeVisible();
      await expect(page).toHaveURL(/\/pro$/);

      // signed out: the sign-in card; a wrong password is refused
      await expect(page.getByRole('heading', { level: 1, name: 'Pro Portal' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(toast(page, 'Sign-in failed')).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill(proPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();

      // nothing yet
      await expect(page.getByRole('heading', { level: 1, name: `Hi, ${name}` })).toBeVisible();
      await expect(page.getByText('Unpaid: $0.00')).toBeVisible();
      await expect(page.getByText('$0.00 per lb · $0.00 tips')).toBeVisible();
      await expect(page.getByText('No jobs right now. New pick-ups assigned to you will show here.')).toBeVisible();
      await expect(page.getByText('No payouts yet.')).toBeVisible();
      await expect(page.getByText('Statements appear here after your first completed order.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Your jobs', 'Earnings', 'Payouts', 'Earnings statement']);
      await expectNoAxeViolations(page);

      // staff assign the pro to a paid booking; the job shows what the door needs
      const booked = await paidBooking(api, 'Portal Customer', {
        specialCareInstructions: 'Hang the silk shirt',
      });
      const assigned = await api.post(`/api/admin/bookings/${booked.id}/laundry-pro`, { data: { laundryProId: proId } });
      expect(assigned.status(), await assigned.text()).toBe(200);
      await page.reload();
      const card = page.getByRole('article', { name: booked.name });
      await expect(card).toContainText('12 Corley Mill Rd, Lexington, SC 29072');
      await expect(card).toContainText('8AM – 12PM');
      await expect(card).toContainText('1 bag');
      await expect(card).toContainText('Fragrance-free only');
      await expect(card).toContainText('Bags behind the blue planter');
      await expect(card).toContainText('Hang the silk shirt');
      await expect(card).toContainText('To pick up');
      await expect(card).not.toContainText(booked.email);
      await expect(card.getByRole('list', { name: 'Preferences' }).getByRole('listitem').first()).toContainText('Water:');
      const map = card.getByRole('link', { name: /^Map of 12 Corley Mill Rd/ });
      await expect(map).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
      await expect(map).toHaveAttribute('target', '_blank');
      await expect(map).toHaveAttribute('rel', 'noopener noreferrer');
      await checkBothWidths(page);
      await page.screenshot({
        path: testInfo.outputPath(`pro-portal-job-${testInfo.project.name}.png`),
        fullPage: true,
      });

      // at the door: one tap opens the camera, and the photo records the pick-up (decision 057)
      await takePhoto(page, card.getByRole('button', { name: 'Photo & Picked Up' }));
      await expect(toast(page, 'Marked picked up')).toBeVisible();
      await expect(card).toContainText('Picked up — waiting to be weighed');
      await expect.poll(async () => (await staffBooking(api, booked.id)).stopPhotos.pickup).not.toBeNull();
      // the laundry steps (decision 023): washing now, ready once weighed
      await card.getByRole('button', { name: `Mark Washing for ${booked.name}` }).click();
      await page.getByRole('alertdialog', { name: 'Mark this order washing?' }).getByRole('button', { name: 'Mark Washing' }).click();
      await expect(toast(page, 'Marked washing')).toBeVisible();
      await expect(card.getByRole('button', { name: /^Mark / })).toHaveCount(0);
      // the step button is gone: focus is on the job's card heading, not lost
      await expect(card.getByRole('heading', { name: booked.name })).toBeFocused();

      // staff weigh it; the pro reads it again and delivers
      const weighed = await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 14.2 } });
      expect(weighed.status(), await weighed.text()).toBe(200);
      await page.reload();
      await expect(card).toContainText('Weighed — ready to deliver');
      // weighed: the way back is next, two taps a step (decision 056)
      await card.getByRole('button', { name: `Mark Out for Delivery for ${booked.name}` }).click();
      const confirmOut = page.getByRole('alertdialog', { name: 'Mark this order out for delivery?' });
      await expect(confirmOut).toContainText('the customer is told');
      await confirmOut.getByRole('button', { name: 'Mark Out for Delivery' }).click();
      await expect(toast(page, 'Marked out for delivery')).toBeVisible();
      // at the door again: the photo is the delivery's proof and records it
      await takePhoto(page, card.getByRole('button', { name: 'Photo & Delivered' }));
      await expect(toast(page, 'Marked delivered')).toBeVisible();
      await expect(card).toHaveCount(0);
      await expect.poll(async () => (await staffBooking(api, booked.id)).stopPhotos.delivery).not.toBeNull();
      const proof = await api.get(`/api/admin/bookings/${booked.id}/photos/delivery`);
      expect([proof.status(), proof.headers()['content-type']]).toEqual([200, 'image/jpeg']);
      await expect(page.getByText('No jobs right now. New pick-ups assigned to you will show here.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Your jobs' })).toBeFocused();

      // what it earned: 14.2 lb × $0.75 = $10.65, unpaid
      const orderId = booked.id.slice(0, 8).toUpperCase();
      const earning = page.getByRole('list', { name: 'Completed orders' }).getByRole('listitem').filter({ hasText: orderId });
      await expect(earning).toContainText('14.2 lb');
      await expect(earning).toContainText('$10.65');
      await expect(earning).toContainText('Unpaid $10.65');
      await expect(page.getByText('Unpaid: $10.65')).toBeVisible();
      await expect(page.getByText('$10.65 per lb · $0.00 tips')).toBeVisible();
      const year = thisYear();
      const statement = page.getByRole('link', {
        name: `Download ${year} statement (CSV)`,
      });
      await expect(statement).toHaveAttribute('href', `/api/pro/statement?year=${year}`);
      const csv = await page.request.get(`/api/pro/statement?year=${year}`);
      expect(csv.status()).toBe(200);
      expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="washday-earnings-\d{4}-dana-fold-/);
      expect(await csv.text()).toContain('14.2,10.65,0.00,10.65');
      await checkBothWidths(page);

      // staff pay the pro out (payment account set up on the local gateway's page first)
      const onboarding = await api.post(`/api/admin/pros/${proId}/connect-account`);
      expect(onboarding.status(), await onboarding.text()).toBe(200);
      const onboardingUrl = new URL(((await onboarding.json()) as { url: string }).url);
      expect(
        (
          await api.post(`${onboardingUrl.pathname}/complete`, {
            form: { return_url: '/admin?tab=pros' },
            maxRedirects: 0,
          })
        ).status(),
      ).toBe(303);
      await expect.poll(async () => ((await (await api.post(`/api/admin/pros/${proId}/connect-status`)).json()) as { onboardingComplete: boolean }).onboardingComplete).toBe(true);
      const paidOut = await api.post(`/api/admin/pros/${proId}/payouts`, {
        data: { requestKey: `pro-portal-${stamp}`, expectedCents: 1065 },
      });
      expect(paidOut.status(), await paidOut.text()).toBe(200);
      await page.reload();
      const payout = page.getByRole('list', { name: 'Payouts' }).getByRole('listitem').first();
      await expect(payout).toContainText('$10.65');
      await expect(payout).toContainText(/Paid|Processing/);
      await expect(payout.getByRole('list')).toContainText(orderId);
      await expect(page.getByText('Unpaid: $0.00')).toBeVisible();
      await expect(earning.getByText('Paid', { exact: true })).toBeVisible();
      await checkBothWidths(page);
      await page.screenshot({
        path: testInfo.outputPath(`pro-portal-money-${testInfo.project.name}.png`),
        fullPage: true,
      });

      // Sign Out: the sign-in card again
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await expect(toast(page, 'Signed out')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Pro Portal' })).toBeVisible();
    });

    test("a step no longer open is refused with the server's words, and the card shows where the order stands", async ({ page }, testInfo) => {
        const pro = await invitedPro(api, `moved-${testInfo.project.name}`);
      const booked = await paidBooking(api, 'Portal Moved', {});
      expect(
        (
          await api.post(`/api/admin/bookings/${booked.id}/laundry-pro`, {
            data: { laundryProId: pro.id },
          })
        ).status(),
      ).toBe(200);
      await proSignIn(page, pro.email, proPassword);
      const card = page.getByRole('article', { name: booked.name });
      await expect(card.getByRole('button', { name: `Mark Picked Up without a photo for ${booked.name}` })).toBeVisible();
      // the customer's phone, one tap from the card: they are called before the pick-up
      await expect(card.getByRole('link', { name: `Call ${booked.name}` })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
      await expect(card).toContainText(booked.phone);
      // the pro was told of the job by email (decision 056), and tells the customer they are coming
      const mailRows = async () => (await (await api.get('/dev/mail')).text()).split('<tr>');
      await expect.poll(async () => (await mailRows()).some((r) => r.includes(pro.email) && r.includes('pro_job_assigned'))).toBe(true);
      await card.getByLabel('Arriving in').selectOption('20');
      await card.getByRole('button', { name: `On my way to ${booked.name}` }).click();
      await expect(card.getByRole('status')).toContainText('was told by email: you arrive around');
      await expect.poll(async () => (await mailRows()).some((r) => r.includes(booked.email) && r.includes('on_my_way'))).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`pro-on-my-way-${testInfo.project.name}.png`), fullPage: true });

      // meanwhile staff pick it up and weigh it themselves
      expect(
        (
          await api.post(`/api/admin/bookings/${booked.id}/status`, {
            data: { status: 'in-progress' },
          })
        ).status(),
      ).toBe(200);
      expect(
        (
          await api.post(`/api/admin/bookings/${booked.id}/weight`, {
            data: { actualWeight: 10 },
          })
        ).status(),
      ).toBe(200);
      await card.getByRole('button', { name: `Mark Picked Up without a photo for ${booked.name}` }).click();
      await page.getByRole('alertdialog', { name: 'Mark this order picked up?' }).getByRole('button', { name: 'Mark Picked Up' }).click();
      const refused = toast(page, 'Could not update the job');
      await expect(refused).toContainText('only a confirmed pick-up can be marked picked up');
      await expect(card).toContainText('Weighed — ready to deliver');
      // weighed: the way back (decision 056) is the button now
      await expect(card.getByRole('button', { name: `Mark Out for Delivery for ${booked.name}` })).toBeFocused();
      await expectNoAxeViolations(page);
    });
  });

  test('no one home: the pro reports it with a photo; staff confirm it and the $20 fee is charged once; the customer sees why', async ({ page }, testInfo) => {
    const pro = await invitedPro(api, `missed-${testInfo.project.name}`);
    const booked = await paidBooking(api, 'Portal Missed', {});
    expect((await api.post(`/api/admin/bookings/${booked.id}/laundry-pro`, { data: { laundryProId: pro.id } })).status()).toBe(200);
    const held = (await staffBooking(api, booked.id)) as StaffView & { authorizedAmount: number };
    await proSignIn(page, pro.email, proPassword);
    const card = page.getByRole('article', { name: booked.name });
    // at the door, the bag tag's code finds the job; another order's tag is not this pro's
    const tagGif = (code: string) => ({ name: 'tag.gif', mimeType: 'image/gif', buffer: Buffer.from(encodeQR(`${new URL(page.url()).origin}/admin?q=${code}`, 'gif', { scale: 8 })) });
    const scanButton = page.getByRole('button', { name: 'Scan a bag tag' });
    await (async () => {
      const chooser = page.waitForEvent('filechooser');
      await scanButton.click();
      await (await chooser).setFiles(tagGif('WD-000000'));
    })();
    await expect(page.getByRole('alert').filter({ hasText: 'Order WD-000000 is not one of your jobs.' })).toBeVisible();
    await (async () => {
      const chooser = page.waitForEvent('filechooser');
      await scanButton.click();
      await (await chooser).setFiles(tagGif(booked.confirmation));
    })();
    await expect(card.getByRole('heading', { name: booked.name })).toBeFocused();
    await card.getByRole('button', { name: 'No one home?' }).click();
    const report = card.getByRole('group', { name: 'Missed pick-up' });
    await report.getByLabel('No one home').check();
    await expectNoAxeViolations(page);
    await takePhoto(page, report.getByRole('button', { name: 'Photo & Report' }));
    await expect(card.getByRole('status').filter({ hasText: 'Reported: no one home.' })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Mark / })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`pro-missed-${testInfo.project.name}.png`), fullPage: true });

    // staff see it in All Bookings and confirm it; a second confirmation (another tab) charges nothing more
    await page.context().clearCookies();
    await staffSignIn(page);
    // the day board shows the stop waiting for staff's decision
    await page.getByRole('tab', { name: 'Day Board' }).click();
    await page.getByRole('tabpanel').getByLabel('Day', { exact: true }).fill(nextServiceDay());
    await expect(page.getByTestId('day-stop').filter({ hasText: booked.name })).toContainText('Missed pick-up?');
    await page.getByRole('tab', { name: 'All Bookings' }).click();
    await page.getByLabel('Search').fill(booked.confirmation);
    await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible();
    const main = page.getByRole('main');
    const row = main.getByRole('row').or(main.getByRole('listitem')).filter({ hasText: booked.confirmation });
    await expect(row).toContainText('Missed pick-up?');
    await row.getByRole('button', { name: `Details for ${booked.name}` }).click();
    const stops = page.getByText('Missed pick-up: no one home').locator('..');
    await expect(page.getByRole('link', { name: `Photo of the missed pick-up for ${booked.name} (opens in a new tab)` })).toHaveAttribute('href', `/api/admin/bookings/${booked.id}/photos/no_show`);
    await stops.getByRole('button', { name: 'Confirm and charge' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Charge the no-show fee?' });
    await expect(ask).toContainText('the rest of the hold is let go');
    await expectNoAxeViolations(page);
    await ask.getByRole('button', { name: 'Confirm and charge' }).click();
    await expect(toast(page, 'Missed pick-up confirmed: fee charged')).toBeVisible();
    await expect(page.getByText('No-show fee of $20.00 charged')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Give the fee back' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`staff-missed-${testInfo.project.name}.png`), fullPage: true });
    const again = await api.post(`/api/admin/bookings/${booked.id}/missed-pickup/confirm`);
    expect([again.status(), ((await again.json()) as { error: { message: string } }).error.message]).toEqual([409, 'This missed pick-up was already confirmed.']);
    const after = await staffBooking(api, booked.id);
    expect([after.bookingStatus, after.capturedAmount, after.missedPickup?.feeOutcome]).toEqual(['cancelled', 2000, 'charged']);
    expect(held.authorizedAmount).toBeGreaterThan(2000);
    const mail = await (await api.get('/dev/mail')).text();
    expect(mail.split('<tr>').filter((r) => r.includes(booked.email) && r.includes('missed_pickup'))).toHaveLength(1);

    // the customer's order: why, the photo, and what the card paid
    await page.context().clearCookies();
    await page.goto('/orders');
    await page.getByLabel(/Email or phone number you booked with/).fill(booked.email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await linkFromMail(api, booked.email, 'orders_sign_in_link', '/orders?token='));
    const order = page.getByRole('article', { name: `Order ${booked.confirmation}` });
    await expect(order).toContainText('Missed pick-up: no one home');
    await expect(order).toContainText('your card was charged $20.00 and the rest of the hold on it is let go');
    await expect(order).toContainText('No-show fee');
    await expect(order).toContainText('Charged $20.00');
    await expect(order.getByRole('link', { name: 'Photo of the missed pick-up (opens in a new tab)' })).toHaveAttribute('href', `/api/orders/${booked.id}/photos/no_show`);
    await checkBothWidths(page);
    await page.screenshot({ path: testInfo.outputPath(`orders-missed-${testInfo.project.name}.png`), fullPage: true });
  });

  test('installable, and the day’s run readable without a signal; sign-out deletes the kept copy', async ({ page }, testInfo) => {
    const pro = await invitedPro(api, `offline-${testInfo.project.name}`);
    const booked = await paidBooking(api, 'Portal Offline', {});
    expect((await api.post(`/api/admin/bookings/${booked.id}/laundry-pro`, { data: { laundryProId: pro.id } })).status()).toBe(200);
    await proSignIn(page, pro.email, proPassword);
    const card = page.getByRole('article', { name: booked.name });
    await expect(card).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/pro.webmanifest');
    const manifest = (await (await api.get('/pro.webmanifest')).json()) as { start_url: string; display: string };
    expect(manifest).toMatchObject({ start_url: '/pro', display: 'standalone' });
    // the worker takes the page on the next load, and keeps the page and the day's jobs
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await expect(card).toBeVisible();
    await expect.poll(() => page.evaluate(async () => Boolean(await (await caches.open('washday-pro-v1')).match('/api/pro/portal')))).toBe(true);
    await page.context().setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('article', { name: booked.name })).toBeVisible();
      await expect(page.getByText('You are offline: these are your jobs as last loaded.')).toBeVisible();
      // a photo without signal is kept on the phone, never lost silently (decision 057)
      const offlineCard = page.getByRole('article', { name: booked.name });
      await takePhoto(page, offlineCard.getByRole('button', { name: 'Photo & Picked Up' }));
      await expect(offlineCard.getByRole('status').filter({ hasText: 'Photo at pick-up: kept on this phone, sent when you are back online.' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`pro-offline-${testInfo.project.name}.png`), fullPage: true });
    } finally {
      await page.context().setOffline(false);
    }
    // back online: the kept photo goes by itself
    await expect.poll(async () => (await staffBooking(api, booked.id)).stopPhotos.pickup, { timeout: 40_000 }).not.toBeNull();
    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // the kept jobs went with the pro (a refusal is never kept in their place)
    expect(await page.evaluate(async () => Boolean(await (await caches.open('washday-pro-v1')).match('/api/pro/portal')))).toBe(false);
  });

  test('a staff session on /pro is told the page is for pros, and can sign out', async ({ page }) => {
    await staffSignIn(page);
    await page.goto('/pro');
    const refusal = page.getByRole('alert').filter({
      hasText: 'This page is for Washday laundry pros. Sign in with the account your invitation email set up.',
    });
    await expect(refusal).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Pro Portal' })).toBeVisible();
    await checkBothWidths(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('signed out: a link is asked for without saying whose email it is; a bad link says so', async ({ page, baseURL }) => {
    await page.goto('/pro');
    await page.getByRole('button', { name: 'Forgot your password or first time here?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Get a password link' })).toBeFocused();
    const asked = page.waitForRequest((r) => r.url() === `${baseURL}/api/auth/request-password-reset`);
    await page.getByLabel('Email').fill(`nobody.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send Link' }).click();
    expect((await asked).postDataJSON()).toMatchObject({
      redirectTo: '/pro/reset-password',
    });
    await expect(
      page.getByRole('status').filter({
        hasText: 'If that email belongs to a Washday pro, we sent a link to set your password.',
      }),
    ).toBeVisible();
    await checkBothWidths(page);

    await page.goto('/pro/reset-password?error=INVALID_TOKEN');
    await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/pro\?forgot=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get a password link' })).toBeVisible();
  });
});
