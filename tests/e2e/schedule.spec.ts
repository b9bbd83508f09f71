// The day board (decision 056; spec: back-office 2, Today's Schedule): any day's paid pick-ups and
// deliveries, a run per pro numbered in window order with its route link (a new tab), an unpaid
// booking never on it, Rush shown on the stop, what is done folded under "Done (n)", and a weighed
// order's delivery on its due-back day.
import type { APIRequestContext } from '@playwright/test';
import { paidBooking, signIn } from './back-office-flows';
import { device, expect, expectNoAxeViolations, test, expectNoHorizontalOverflow } from './fixtures';
import { rootApi } from './staff';
import { moveClock } from './clock';
import { quietServiceDays } from './dates';
import decodeQR from 'qr/decode.js';
import encodeQR from 'qr';

test.describe('the day board', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('paid stops in window order with the route, not the unpaid one; Rush on its stop; done folded away; the delivery on its due-back day', async ({ page }, testInfo) => {
    // each project (desktop, phone) its own quiet day on the one e2e server, a week apart: the
    // done stop's delivery, two or three days on, never lands on the other's day
    const day = quietServiceDays()[device(testInfo) === 'phone' ? 3 : 0]!;
    const stop = (who: string, pickupTime: string, address: string, extra: Record<string, unknown> = {}) =>
      paidBooking(api, who, { pickupDate: day, pickupTime, address, city: 'Lexington', zipCode: '29072', ...extra });
    const evening = await stop('Evening Stop', '4pm-8pm', '30 Sunset Blvd');
    const morning = await stop('Morning Stop', '8am-12pm', '10 Sunrise Ave', { rushDelivery: true });
    const noon = await stop('Noon Stop', '12pm-4pm', '20 Midday Ln');
    const done = await stop('Done Stop', '8am-12pm', '5 Finished Ct');
    // a checkout left unpaid: never a stop
    const unpaid = await api.post('/api/bookings', {
      data: { bookingData: { name: 'Unpaid Stop', email: 'unpaid.stop@example.com', phone: '(803) 555-0178', address: '40 Nowhere Rd', city: 'Lexington', zipCode: '29072', pickupDate: day, pickupTime: '8am-12pm', pickupLocation: 'front-door', bagQuantity: 1, termsAccepted: true } },
    });
    expect(unpaid.status()).toBe(201);

    await signIn(page);
    await page.getByRole('tab', { name: 'Day Board' }).click();
    await expect(page.getByRole('heading', { name: 'Day Board' })).toBeVisible();
    try {
      // 7:58 in South Carolina on that day; the done stop picked up then (its delivery planned from
      // it: 48 hours on, the first window to start is 8AM, whatever day of the week the quiet day is;
      // at 8:00 sharp the seconds the test takes would make it the noon window)
      await moveClock([api, page.request], `${day}T12:58:00Z`);
      const picked = (await (await api.post(`/api/admin/bookings/${done.id}/status`, { data: { status: 'in-progress' } })).json()) as { booking: { dueBackDate: string } };
      expect((await api.post(`/api/admin/bookings/${done.id}/weight`, { data: { actualWeight: 12 } })).status()).toBe(200);
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('button', { name: 'Refresh' }).click();
      await expect(panel).toContainText('3 stops to go · 1 done');
      await expect(panel).not.toContainText('Unpaid Stop');

      // the remaining stops, numbered in window order, in the run of nobody yet
      const run = panel.getByTestId('day-run');
      await expect(run.getByRole('heading', { level: 3 })).toHaveText('No pro assigned');
      await expect(run).toContainText('3 pick-ups · 0 deliveries · 1 done');
      const stops = run.getByTestId('day-stop');
      await expect(stops).toHaveCount(3);
      await expect(stops.nth(0)).toContainText('Stop 1: ' + morning.name);
      await expect(stops.nth(1)).toContainText('Stop 2: ' + noon.name);
      await expect(stops.nth(2)).toContainText('Stop 3: ' + evening.name);
      await expect(stops.nth(0).getByRole('list', { name: 'Add-ons' })).toContainText('Rush');

      // one route through the remaining addresses, in order, opened in a new tab
      const route = run.getByRole('link', { name: /Open route in Maps/ });
      await expect(route).toHaveCount(1);
      await expect(route).toHaveAccessibleName('Open route in Maps · 3 stops (opens in a new tab)');
      await expect(route).toHaveAttribute('target', '_blank');
      const url = new URL((await route.getAttribute('href'))!);
      expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
      expect(url.searchParams.get('waypoints')!.split('|')).toEqual(['10 Sunrise Ave, Lexington, SC 29072', '20 Midday Ln, Lexington, SC 29072']);
      expect(url.searchParams.get('destination')).toBe('30 Sunset Blvd, Lexington, SC 29072');

      // the done stop is folded away until opened
      const doneToggle = panel.getByText('Done (1)');
      await expect(doneToggle).toBeVisible();
      await expect(panel.getByText(done.name)).toBeHidden();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`day-board-${testInfo.project.name}.png`), fullPage: true });
      await doneToggle.click();
      await expect(panel.getByTestId('done-stops')).toContainText(`${done.name} · picked up`);
      // no sideways scrolling on a laptop or a phone
      await expectNoHorizontalOverflow(page);

      // the weighed order comes back on its due-back day: a delivery stop there
      await panel.getByLabel('Day', { exact: true }).fill(picked.booking.dueBackDate);
      const delivery = panel.getByTestId('day-stop').filter({ hasText: done.name });
      await expect(delivery).toContainText('Delivery');
      await expect(delivery).toContainText('8AM – 12PM');
      await expect(panel.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`day-board-delivery-${testInfo.project.name}.png`), fullPage: true });
    } finally {
      await moveClock([api, page.request], null);
    }

    // the rush order's bag tag: its QR code, read from a screenshot of the printed tag, opens the order
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await page.goto(`/admin/print-tags?id=${morning.id}`);
    const tag = page.getByTestId('bag-tag');
    await expect(tag).toHaveCount(1);
    await expect(tag).toContainText(morning.confirmation);
    await expect(tag).toContainText('Bag 1 of 1');
    await expect(tag.getByRole('list', { name: 'Add-ons' })).toContainText('Rush');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`bag-tags-${testInfo.project.name}.png`), fullPage: true });
    const png = await tag.getByTestId('tag-qr').screenshot();
    // the whole tag, as a phone photographs it
    const tagPhoto = await tag.screenshot();
    // the pixels, read by a blank page's canvas (no site policy there), then decoded by the QR library
    const blank = await page.context().newPage();
    const image = await blank.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height);
      return { width: data.width, height: data.height, data: Array.from(data.data) };
    }, png.toString('base64'));
    await blank.close();
    const decoded = decodeQR({ width: image.width, height: image.height, data: Uint8Array.from(image.data) });
    expect(new URL(decoded).pathname).toBe('/admin');
    await page.goto(decoded);
    await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible();
    await expect(page.getByText(morning.confirmation).first()).toBeVisible();

    // scanned inside the back office: the tag's photo shows that order alone, ready to weigh bag by bag
    await page.goto('/admin');
    const scan = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Scan a bag tag' }).click();
      await (await chooser).setFiles(file);
    };
    await scan({ name: 'tag.png', mimeType: 'image/png', buffer: tagPhoto });
    const weigh = page.getByRole('dialog').filter({ hasText: morning.name });
    await expect(weigh).toBeVisible();
    await expect(weigh.getByRole('heading', { name: 'Enter Actual Weight' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(weigh).toBeHidden();
    await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible();
    await expect(page.getByLabel('Search')).toHaveValue(morning.confirmation);
    // another business's tag, and a photo with no tag: refused in words, nothing opened
    await scan({ name: 'other.gif', mimeType: 'image/gif', buffer: Buffer.from(encodeQR('https://other-laundry.example/admin?q=WD-ABCDEF', 'gif', { scale: 8 })) });
    await expect(page.getByRole('alert').filter({ hasText: 'This code is not one of our bag tags.' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Search')).toHaveValue(morning.confirmation);
    await scan({ name: 'blank.png', mimeType: 'image/png', buffer: await page.getByRole('heading', { name: /All Bookings/ }).screenshot() });
    await expect(page.getByRole('alert').filter({ hasText: 'No bag tag found in the photo.' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
