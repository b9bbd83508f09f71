// The dashboard's frame and All Bookings as a newcomer meets them (spec: back-office 2): every tab
// fits the screen (1280 px in the desktop project, 375 px in the phone project) with no sideways
// scroll, the selected tab in view; the list's search, filters and page live in the address, so a
// reload keeps them, back undoes a filter, and a tab change leaves them behind.
import type { APIRequestContext, Page } from '@playwright/test';
import { paidBooking, signIn, toast } from './back-office-flows';
import { nextServiceDay } from './dates';
import { expect, expectNoAxeViolations, test, expectNoHorizontalOverflow } from './fixtures';
import { rootApi } from './staff';

/** A booking whose checkout is not paid: quick to make, enough for a list. */
async function unpaidBooking(api: APIRequestContext, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const res = await api.post('/api/bookings', {
    data: {
      bookingData: {
        name,
        email,
        phone: '(803) 555-0179',
        address: '9 Sunset Blvd',
        city: 'Lexington',
        zipCode: '29072',
        pickupDate: nextServiceDay(),
        pickupTime: '12pm-4pm',
        pickupLocation: 'front-door',
        bagQuantity: 2,
        termsAccepted: true,
      },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { confirmation: string }).confirmation;
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
  // nor a table's own scroll box (the All Bookings table fits 1280 px: its box is only a safety net);
  // the tab bar scrolls on a phone by design
  const scrolled = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((e) => e.getAttribute('role') !== 'tablist' && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.getAttribute('aria-label') ?? e.tagName} ${e.scrollWidth} > ${e.clientWidth}`),
  );
  expect(scrolled, `${where}: a box scrolls sideways`).toEqual([]);
}

test.describe('the dashboard frame and All Bookings', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('every tab fits the window: no sideways scroll, the selected tab in view; a row with its details and its menu open fits too', async ({ page }) => {
    const weighed = await paidBooking(api, 'Fit Weighed', { oxiClean: true, rushDelivery: true, bagQuantity: 2 });
    expect((await api.post(`/api/admin/bookings/${weighed.id}/weight`, { data: { actualWeight: 31.4 } })).status()).toBe(200);
    await paidBooking(api, 'Fit Authorised', { hangDriedDelicates: true, pickupLocation: 'other' });
    // delivered, its rating email not sent: the row's action is Send Rating Email, the widest
    const delivered = await paidBooking(api, 'Fit Delivered', { pickupLocation: 'other', bagQuantity: 3 });
    expect((await api.post(`/api/admin/bookings/${delivered.id}/status`, { data: { status: 'in-progress' } })).status()).toBe(200);
    expect((await api.post(`/api/admin/bookings/${delivered.id}/weight`, { data: { actualWeight: 22.5 } })).status()).toBe(200);
    expect((await api.post(`/api/admin/bookings/${delivered.id}/status`, { data: { status: 'delivered' } })).status()).toBe(200);
    await unpaidBooking(api, `Fit Unpaid ${Date.now().toString(36)}`);
    await signIn(page);
    const width = page.viewportSize()!.width;

    const tabs = page.getByRole('tab');
    const names = await tabs.allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(9);
    const list = page.getByRole('tablist', { name: 'Dashboard sections' });
    for (const name of names) {
      const tab = page.getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      // the tab's content, loaded
      await expect(page.getByRole('tabpanel', { name }).getByRole('heading').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSidewaysScroll(page, `${name} at ${width} px`);
      // the selected tab is inside the tab bar's visible part (on a phone the bar scrolls sideways)
      const [bar, box] = [await list.boundingBox(), await tab.boundingBox()];
      expect(box!.x, `${name} starts inside the tab bar`).toBeGreaterThanOrEqual(bar!.x - 1);
      expect(box!.x + box!.width, `${name} ends inside the tab bar`).toBeLessThanOrEqual(bar!.x + bar!.width + 1);
    }

    // back on All Bookings: the weighed booking's row, its details and its menu open
    await page.getByRole('tab', { name: 'All Bookings' }).click();
    await page.getByLabel('Search').fill(weighed.confirmation);
    await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible();
    const main = page.getByRole('main');
    const row = main.getByRole('row').or(main.getByRole('listitem')).filter({ hasText: weighed.confirmation });
    // the amounts and the money state in staff words, never the gateway's
    await expect(row).toContainText('Captured $');
    await expect(row).not.toContainText('requires_capture');
    await expect(row.getByRole('button', { name: `Receipt for ${weighed.name}` })).toBeVisible();
    const details = row.getByRole('button', { name: `Details for ${weighed.name}` });
    await details.click();
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await details.getAttribute('aria-controls')}"]`);
    await expect(panel).toContainText(weighed.email);
    await expect(panel).toContainText(weighed.phone);
    await expect(panel.getByLabel(`$/lb for ${weighed.name}`)).toBeDisabled();
    await expectNoSidewaysScroll(page, `a row's details at ${width} px`);
    await row.getByRole('button', { name: `More actions for ${weighed.name}` }).click();
    const menu = row.getByRole('dialog', { name: `More actions for ${weighed.name}` });
    await expect(menu.getByRole('link', { name: /Print Order/ })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Send Receipt' })).toBeVisible();
    await expect(menu.getByRole('button', { name: `Delete booking for ${weighed.name}` })).toBeVisible();
    await expectNoSidewaysScroll(page, `a row's menu at ${width} px`);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(row.getByRole('button', { name: `More actions for ${weighed.name}` })).toBeFocused();
  });

  test('search, filters and page live in the address: a reload keeps them, back undoes a filter, a tab change leaves them behind', async ({ page }) => {
    test.setTimeout(120_000);
    // one word the search matches in these 26 bookings only: a page and a bit
    const stamp = `Paging${Date.now().toString(36)}`;
    await Promise.all(Array.from({ length: 26 }, (_, i) => unpaidBooking(api, `${stamp} ${String(i + 1).padStart(2, '0')}`)));
    await signIn(page);
    const heading = (n: number) => page.getByRole('heading', { name: `All Bookings (${n})` });
    const pages = page.getByRole('navigation', { name: 'Bookings pages' });

    await page.getByLabel('Search').fill(stamp);
    await expect(heading(26)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('Showing 26–26 of 26');
    await expect(page).toHaveURL(/[?&]page=2/);

    // a reload shows the same list
    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue(stamp);
    await expect(pages).toContainText('Showing 26–26 of 26');

    // a filter starts again at page 1, and is a step back can undo
    await page.getByLabel('Payment status').selectOption('pending');
    await expect(pages).toContainText('Showing 1–25 of 26');
    await expect(page).not.toHaveURL(/[?&]page=/);
    await page.getByLabel('Booking status').selectOption('cancelled');
    await expect(heading(0)).toBeVisible();
    await expect(page.getByText('No bookings match these filters.')).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('Booking status')).toHaveValue('all');
    await expect(page.getByLabel('Payment status')).toHaveValue('pending');
    await expect(heading(26)).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('Payment status')).toHaveValue('all');
    await expect(pages).toContainText('Showing 26–26 of 26');
    await expect(page.getByLabel('Search')).toHaveValue(stamp);
    await expectNoAxeViolations(page);

    // another tab keeps only its own name in the address; back returns to the list as it was
    await page.getByRole('tab', { name: 'Customer Details' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=customers$/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'All Bookings' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Search')).toHaveValue(stamp);
    await expect(pages).toContainText('Showing 26–26 of 26');

    // a shared link opens the same list
    const link = page.url();
    await page.goto('/admin');
    await expect(page.getByLabel('Search')).toHaveValue('');
    await page.goto(link);
    await expect(page.getByLabel('Search')).toHaveValue(stamp);
    await expect(pages).toContainText('Showing 26–26 of 26');
  });

  test('a new booking appears by itself within 30 seconds, its add-ons as badges in its row, Rush first', async ({ page }) => {
    await signIn(page);
    const stamp = `live${Date.now().toString(36)}`;
    await page.getByLabel('Search').fill(stamp);
    await expect(page.getByText('No bookings match these filters.')).toBeVisible();
    // booked on the site while the list is open: no Refresh pressed
    const booked = await paidBooking(api, `Rush ${stamp}`, { rushDelivery: true, oxiClean: true, sportsUniformsCount: 2 });
    const row = page.getByRole('row').filter({ hasText: booked.name }).or(page.getByRole('listitem').filter({ hasText: booked.name })).first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByRole('list', { name: 'Add-ons' }).getByRole('listitem')).toHaveText(['Rush', 'Oxi-clean', 'Uniforms ×2']);
    await expectNoAxeViolations(page);
  });

  test('the day’s work: a pick-up date shows that day in the order of its windows; Today is one press', async ({ page }) => {
    const stamp = `day${Date.now().toString(36)}`;
    const day = nextServiceDay();
    for (const [who, pickupTime] of [
      ['Evening', '4pm-8pm'],
      ['Morning', '8am-12pm'],
    ] as const) {
      const res = await api.post('/api/bookings', {
        data: { bookingData: { name: `${who} ${stamp}`, email: `${who.toLowerCase()}.${stamp}@example.com`, phone: '(803) 555-0179', address: '9 Sunset Blvd', city: 'Lexington', zipCode: '29072', pickupDate: day, pickupTime, pickupLocation: 'front-door', bagQuantity: 1, termsAccepted: true } },
      });
      expect(res.status()).toBe(201);
    }
    await signIn(page);
    await page.getByLabel('Search').fill(stamp);
    await page.getByLabel('Pick-up date').fill(day);
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    await expect(page.getByLabel('Sort')).toHaveValue('pickup');
    const rows = page.getByRole('row').filter({ hasText: stamp });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`Morning ${stamp}`);
    await expect(rows.nth(1)).toContainText(`Evening ${stamp}`);
    // newest booked first instead: the evening one was booked first
    await page.getByLabel('Sort').selectOption('newest');
    await expect(rows.nth(0)).toContainText(`Morning ${stamp}`);
    await page.getByLabel('Sort').selectOption('pickup');

    // Today: pressed, today's date in the box; pressed again, every day
    const today = page.getByRole('button', { name: 'Today' });
    await today.click();
    await expect(today).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Pick-up date')).not.toHaveValue('');
    await today.click();
    await expect(today).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByLabel('Pick-up date')).toHaveValue('');
    await expectNoAxeViolations(page);
  });

  test('bulk: two bookings marked picked up in one move, given to a pro in one more, their tags printed together', async ({ page }, testInfo) => {
    const first = await paidBooking(api, 'Bulk First', {});
    const second = await paidBooking(api, 'Bulk Second', {});
    const proName = `Bulk Pro ${Date.now().toString(36)}`;
    expect((await api.post('/api/admin/pros', { data: { name: proName, email: `${proName.replace(/\W+/g, '.').toLowerCase()}@example.com` } })).status()).toBe(201);
    await signIn(page);
    const pick = async (b: { name: string; confirmation: string }) => {
      await page.getByLabel('Search').fill(b.confirmation);
      await expect(page).toHaveURL(new RegExp(`q=${b.confirmation}`));
      await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible();
      await page.getByLabel(`Select ${b.name} (${b.confirmation})`).check();
    };
    // the selection is this list's: a new search clears it, so each is chosen in a list of both
    await page.getByLabel('Search').fill('Bulk');
    await expect(page).toHaveURL(/q=Bulk/);
    await expect(page.getByLabel(`Select ${first.name} (${first.confirmation})`)).toBeVisible();
    await page.getByLabel(`Select ${first.name} (${first.confirmation})`).check();
    await page.getByLabel(`Select ${second.name} (${second.confirmation})`).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('2 selected');
    // in the list's order, newest first
    await expect(bar.getByRole('link', { name: /Print bag tags/ })).toHaveAttribute('href', `/admin/print-tags?id=${second.id}&id=${first.id}`);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`bulk-bar-${testInfo.project.name}.png`) });

    await bar.getByRole('button', { name: 'Mark picked up' }).click();
    await page.getByRole('alertdialog', { name: 'Mark picked up: 2 bookings?' }).getByRole('button', { name: 'Mark picked up' }).click();
    await expect(toast(page, '2 bookings marked picked up')).toBeVisible();
    await expect(bar).toHaveCount(0);
    for (const b of [first, second]) {
      const booking = (await (await api.get(`/api/admin/bookings/${b.id}`)).json()) as { booking: { bookingStatus: string; dueBackDate: string | null } };
      expect(booking.booking.bookingStatus).toBe('in-progress');
      expect(booking.booking.dueBackDate).not.toBeNull();
    }

    await pick(first);
    await bar.getByLabel('Pro for the selected bookings').selectOption({ label: proName });
    await bar.getByRole('button', { name: 'Assign' }).click();
    await page.getByRole('alertdialog', { name: `Give 1 booking to ${proName}?` }).getByRole('button', { name: 'Assign' }).click();
    await expect(toast(page, `1 booking given to ${proName}`)).toBeVisible();
    const assigned = (await (await api.get(`/api/admin/bookings/${first.id}`)).json()) as { booking: { laundryPro: { name: string } | null } };
    expect(assigned.booking.laundryPro?.name).toBe(proName);

    // weighed, then out for delivery and delivered in one move each; one not weighed is refused with the reason
    expect((await api.post(`/api/admin/bookings/${first.id}/weight`, { data: { actualWeight: 12 } })).status()).toBe(200);
    await page.getByLabel('Search').fill('Bulk');
    await expect(page).toHaveURL(/q=Bulk/);
    await page.getByLabel(`Select ${first.name} (${first.confirmation})`).check();
    await page.getByLabel(`Select ${second.name} (${second.confirmation})`).check();
    await bar.getByRole('button', { name: 'Out for delivery' }).click();
    await page.getByRole('alertdialog', { name: 'Out for delivery: 2 bookings?' }).getByRole('button', { name: 'Out for delivery' }).click();
    await expect(toast(page, '1 booking out for delivery')).toBeVisible();
    await expect(toast(page, '1 booking not changed')).toContainText('Weigh it first');
    await expect(page.getByLabel(`Status for ${first.name}`)).toHaveValue('out_for_delivery');
  });

  test('a customer calls: staff move the pick-up and correct the address; the customer is emailed both', async ({ page }, testInfo) => {
    const booked = await paidBooking(api, 'Caller', {});
    await signIn(page);
    await page.getByLabel('Search').fill(booked.confirmation);
    await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible();
    const main = page.getByRole('main');
    const row = main.getByRole('row').or(main.getByRole('listitem')).filter({ hasText: booked.confirmation });
    await row.getByRole('button', { name: `Details for ${booked.name}` }).click();

    // the pick-up two days later, in the evening window
    const day = new Date(`${nextServiceDay()}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 2);
    while (![1, 3, 5].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
    const to = day.toISOString().slice(0, 10);
    await page.getByRole('button', { name: `Move the pick-up of ${booked.name}` }).click();
    const move = page.getByRole('form', { name: `Move the pick-up of ${booked.name}` });
    await move.getByLabel('New pick-up day').fill(to);
    await move.getByLabel('New pick-up window').selectOption('4pm-8pm');
    await expectNoAxeViolations(page);
    await move.getByRole('button', { name: 'Move and email the customer' }).click();
    await expect(toast(page, 'Pick-up moved')).toBeVisible();
    await expect(row).toContainText('4PM – 8PM');

    // a wrong ZIP is refused under its field; the right address is saved
    await page.getByRole('button', { name: `Edit the details of ${booked.name}` }).click();
    const edit = page.getByRole('form', { name: `Edit the details of ${booked.name}` });
    await edit.getByLabel('Street address').fill('77 Harbor Way');
    await edit.getByLabel('ZIP code').fill('1');
    await edit.getByRole('button', { name: 'Save and email the customer' }).click();
    await expect(edit.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    await edit.getByLabel('ZIP code').fill('29072');
    // not a full-page screenshot: its resize would turn the table into cards and close the form
    await page.screenshot({ path: testInfo.outputPath(`staff-edit-details-${testInfo.project.name}.png`) });
    await edit.getByRole('button', { name: 'Save and email the customer' }).click();
    await expect(toast(page, 'Details saved')).toContainText('Address');
    await expect(row).toContainText(booked.name);
    await expect(page.getByText('77 Harbor Way').first()).toBeVisible();
    const mail = await (await api.get('/dev/mail')).text();
    const rows = mail.split('<tr>').filter((r) => r.includes(booked.email));
    expect(rows.some((r) => r.includes('booking_rescheduled'))).toBe(true);
    expect(rows.some((r) => r.includes('customer_details_changed'))).toBe(true);

    // on a phone the list is cards: the details form opens and fits
    await page.setViewportSize({ width: 375, height: 800 });
    const card = main.getByRole('listitem').filter({ hasText: booked.confirmation });
    await card.getByRole('button', { name: `Details for ${booked.name}` }).click();
    await page.getByRole('button', { name: `Edit the details of ${booked.name}` }).click();
    await expect(page.getByRole('form', { name: `Edit the details of ${booked.name}` })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`staff-edit-375-${testInfo.project.name}.png`), fullPage: true });
  });
  test('a customer calls to book: staff take the order, the customer confirms it from their link with a card, once', async ({ page }, testInfo) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const name = `Phoned ${stamp}`;
    const email = `phoned.${stamp}@example.com`;
    await signIn(page);
    await page.getByRole('button', { name: 'New phone order' }).click();
    const form = page.getByRole('form', { name: 'New phone order' });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Phone/).fill('(803) 555-0163');
    await form.getByLabel(/^Address/).fill('4 Lake Murray Blvd');
    await form.getByLabel(/^City/).fill('Lexington');
    await form.getByLabel('ZIP code').fill('90210');
    await form.getByLabel('Pick-up day').fill(nextServiceDay());
    await form.getByLabel('Pick-up window').selectOption('12pm-4pm');
    await form.getByLabel(/^Bags/).fill('2');
    await form.getByLabel('24-hr Rush Delivery').check();
    await form.getByLabel('By email and text').check();
    await form.getByRole('button', { name: 'Book and send the link' }).click();
    // the wizard's rule, under its field
    await expect(form.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText("Sorry, we don't pick up in 90210 yet");
    await form.getByLabel('ZIP code').fill('29072');
    // on a phone the form fits
    await page.setViewportSize({ width: 375, height: 900 });
    await expectNoSidewaysScroll(page, 'the phone order form at 375');
    await form.screenshot({ path: testInfo.outputPath(`phone-order-form-375-${testInfo.project.name}.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`phone-order-form-${testInfo.project.name}.png`) });
    await form.getByRole('button', { name: 'Book and send the link' }).click();
    // 2 bags at $31.50 and rush $10 (spec: customer-site 9)
    const booked = page.getByRole('status').filter({ hasText: 'Booked WD-' });
    await expect(booked).toContainText('estimate $73.00');
    await expect(booked).toContainText(`went to ${email} and (803) 555-0163`);
    const confirmation = /WD-[0-9A-F]{6}/.exec((await booked.textContent()) ?? '')![0];
    await booked.getByRole('button', { name: 'Show it in All Bookings' }).click();
    await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible();
    const main = page.getByRole('main');
    const row = main.getByRole('row').or(main.getByRole('listitem')).filter({ hasText: confirmation });
    await row.getByRole('button', { name: `Details for ${name}` }).click();
    await expect(page.getByText('Taken on the phone: waiting for the customer to confirm it with their card.')).toBeVisible();

    // the customer's email: their link
    let link = '';
    await expect
      .poll(async () => {
        const list = await (await page.request.get('/dev/mail')).text();
        const id = list
          .split('<tr>')
          .find((r) => r.includes(email))
          ?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1];
        if (!id) return '';
        const html = await (await page.request.get(`/dev/mail/${id}`)).text();
        link = (html.match(/href="(http[^"]*\/pay\?order=[^"]+)"/)?.[1] ?? '').replace(/&amp;/g, '&');
        return link;
      })
      .toContain('/pay?order=');
    const path = new URL(link).pathname + new URL(link).search;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Confirm your pick-up' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(confirmation);
      await expect(page.getByRole('main')).toContainText('$73.00');
      await expectNoSidewaysScroll(page, `the pay page at ${width}`);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`phone-order-pay-${width}-${testInfo.project.name}.png`), fullPage: true });
    }
    // the terms are the customer's to accept
    await page.getByRole('button', { name: 'Confirm and hold $73.00' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please accept the terms and conditions to continue');
    await page.getByLabel('I have read and accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Confirm and hold $73.00' }).click();
    await page.waitForURL(/\/dev\/checkout\/cs_local_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('ZIP').fill('29072');
    await page.getByRole('button', { name: 'Pay $73.00', exact: true }).click();
    await page.waitForURL(/\/booking-success\?session_id=cs_local_/);
    await expect(page.getByRole('main')).toContainText(confirmation);
    // the link again: confirmed, nothing more to pay
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Your pick-up is confirmed' })).toBeVisible();
    const id = new URL(link).searchParams.get('order')!;
    const after = (await (await api.get(`/api/admin/bookings/${id}`)).json()) as { booking: { bookingStatus: string; authorizedAmount: number } };
    expect(after.booking).toMatchObject({ bookingStatus: 'confirmed', authorizedAmount: 7300 });
  });
});
