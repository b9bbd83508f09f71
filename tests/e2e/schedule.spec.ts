// Today's Schedule (spec: back-office 2): the day's stops not yet delivered, in pick-up window order,
// one route link through them (a new tab), the delivered ones folded under "Delivered (n)".
import type { APIRequestContext } from '@playwright/test';
import { paidBooking, signIn } from './back-office-flows';
import { device, expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';
import { moveClock } from './clock';
import { quietServiceDays } from './dates';

test.describe("today's schedule", () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('stops in window order with the route through the remaining addresses; the delivered one folded away', async ({ page }, testInfo) => {
    // each project (desktop, phone) its own quiet day on the one e2e server
    const day = quietServiceDays()[device(testInfo) === 'phone' ? 1 : 0]!;
    const stop = (who: string, pickupTime: string, address: string) => paidBooking(api, who, { pickupDate: day, pickupTime, address, city: 'Lexington', zipCode: '29072' });
    const evening = await stop('Evening Stop', '4pm-8pm', '30 Sunset Blvd');
    const morning = await stop('Morning Stop', '8am-12pm', '10 Sunrise Ave');
    const noon = await stop('Noon Stop', '12pm-4pm', '20 Midday Ln');
    const done = await stop('Done Stop', '8am-12pm', '5 Finished Ct');
    // picked up, weighed, delivered (docs/design.md 9, status machine)
    expect((await api.post(`/api/admin/bookings/${done.id}/status`, { data: { status: 'in-progress' } })).status()).toBe(200);
    expect((await api.post(`/api/admin/bookings/${done.id}/weight`, { data: { actualWeight: 12 } })).status()).toBe(200);
    expect((await api.post(`/api/admin/bookings/${done.id}/status`, { data: { status: 'delivered' } })).status()).toBe(200);

    await signIn(page);
    await page.getByRole('tab', { name: "Today's Schedule" }).click();
    await expect(page.getByRole('heading', { name: "Today's Schedule" })).toBeVisible();
    try {
      // 8:00 in South Carolina on that day
      await moveClock([api, page.request], `${day}T13:00:00Z`);
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('button', { name: 'Refresh' }).click();
      await expect(panel).toContainText('3 stops to go · 1 delivered');

      // the remaining stops, numbered in window order
      const stops = panel.locator('ol > li');
      await expect(stops).toHaveCount(3);
      await expect(stops.nth(0)).toContainText('Stop 1: ' + morning.name);
      await expect(stops.nth(1)).toContainText('Stop 2: ' + noon.name);
      await expect(stops.nth(2)).toContainText('Stop 3: ' + evening.name);
      await expect(panel.getByRole('heading', { level: 3 })).toHaveText(['8AM – 12PM · 1 stop', '12PM – 4PM · 1 stop', '4PM – 8PM · 1 stop']);

      // one route through the remaining addresses, in order, opened in a new tab
      const route = panel.getByRole('link', { name: /Open route in Maps/ });
      await expect(route).toHaveCount(1);
      await expect(route).toHaveAccessibleName('Open route in Maps · 3 stops (opens in a new tab)');
      await expect(route).toHaveAttribute('target', '_blank');
      const url = new URL((await route.getAttribute('href'))!);
      expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
      expect(url.searchParams.get('waypoints')!.split('|')).toEqual(['10 Sunrise Ave, Lexington, SC 29072', '20 Midday Ln, Lexington, SC 29072']);
      expect(url.searchParams.get('destination')).toBe('30 Sunset Blvd, Lexington, SC 29072');
      expect(url.searchParams.get('waypoints')).not.toContain('5 Finished Ct');

      // the delivered stop is folded away until opened
      const delivered = panel.getByText('Delivered (1)');
      await expect(delivered).toBeVisible();
      await expect(panel.getByText(done.name)).toBeHidden();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`schedule-${testInfo.project.name}.png`), fullPage: true });
      await delivered.click();
      await expect(panel.getByText(done.name)).toBeVisible();
      await expect(panel.getByTestId('delivered-stops')).toContainText('5 Finished Ct');
      await expectNoAxeViolations(page);
      // no sideways scrolling on a laptop or a phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`schedule-open-${testInfo.project.name}.png`), fullPage: true });
    } finally {
      await moveClock([api, page.request], null);
    }
  });
});
