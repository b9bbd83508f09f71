// decision 026, the Reports tab in the browser: a month with bookings made and weighed the way
// customers and staff make them shows its chart and the figures the bookings' own money says
// (read from the bookings list, apart from the report's code); the tables for screen readers hold
// the same numbers; a month with nothing in it shows the empty state; at 375 px nothing scrolls
// sideways. Paid invoices show as income beside revenue, in the report and on the dashboard (decisions 015, 026).
import type { APIRequestContext, Page } from '@playwright/test';
import { formatCents } from '../../src/shared/money';
import { paidBooking, signIn } from './back-office-flows';
import { device, expect, test } from './fixtures';
import { rootApi } from './staff';
import { reportsMonth, todayPlus } from './dates';

type Row = { id: string; pickupDate: string; city: string; bookingStatus: string; capturedAmount: number; refundedAmount: number; tipAmount: number; giftCardDiscountCents: number; weightAdjustmentProcessed: boolean; actualWeightTenths: number | null };

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A month no other spec books (40 days ahead on a desktop, 70 on a phone) and three service days in it, far enough ahead to be open. */
function monthAhead(project: string) {
  const month = reportsMonth(project === 'phone' ? 'phone' : 'desktop');
  const from = `${month}-01`;
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
  const days: string[] = [];
  for (const d = new Date(`${from}T12:00:00Z`); d <= last; d.setUTCDate(d.getUTCDate() + 1))
    if ([1, 3, 5].includes(d.getUTCDay()) && d >= todayPlus(project === 'phone' ? 50 : 20) && d <= todayPlus(88)) days.push(iso(d));
  return { month, from, to: iso(last), days: days.slice(0, 3) };
}

/** The month's figures from the bookings list: each booking's own money (decision 015), not the report. */
async function figuresFromBookings(api: APIRequestContext, from: string, to: string) {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const res = await api.get(`/api/admin/bookings?pageSize=100&page=${page}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { bookings: Row[]; total: number };
    rows.push(...body.bookings);
    if (body.bookings.length < 100) break;
  }
  const inMonth = rows.filter((b) => b.pickupDate >= from && b.pickupDate <= to);
  // no gift card paid any of them: the card's money is all of their revenue
  expect(inMonth.filter((b) => b.giftCardDiscountCents > 0)).toEqual([]);
  const kept = inMonth.filter((b) => b.bookingStatus !== 'cancelled');
  const weighed = inMonth.filter((b) => b.weightAdjustmentProcessed);
  const revenue = inMonth.reduce((sum, b) => sum + Math.max(b.capturedAmount - b.tipAmount - b.refundedAmount, 0), 0);
  const towns = new Map<string, number>();
  for (const b of kept) towns.set(b.city, (towns.get(b.city) ?? 0) + 1);
  return { bookings: kept.length, weighed: weighed.length, revenue, pounds: weighed.reduce((s, b) => s + (b.actualWeightTenths ?? 0), 0), towns };
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth, svgs: [...document.querySelectorAll('.report-chart svg')].map((s) => s.getBoundingClientRect().right) }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  expect(widths.svgs.length).toBeGreaterThan(0);
  for (const right of widths.svgs) expect(right).toBeLessThanOrEqual(widths.view);
}

test.describe('the Reports tab', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('a month with bookings: the chart is drawn and the figures are what the bookings say', async ({ page }, testInfo) => {
    const { month, from, to, days } = monthAhead(device(testInfo));
    expect(days).toHaveLength(3);
    const weigh = async (id: string, actualWeight: number, captured: number) => {
      expect((await api.post(`/api/admin/bookings/${id}/weight`, { data: { actualWeight } })).status()).toBe(200);
      await expect.poll(async () => ((await (await api.get(`/api/admin/bookings/${id}`)).json()) as { booking: Row }).booking.capturedAmount).toBe(captured);
    };
    const a = await paidBooking(api, 'Report A', { pickupDate: days[0], pickupTime: '8am-12pm', city: 'Lexington' });
    await weigh(a.id, 14.2, 2485); // 14.2 lb at $1.75
    const b = await paidBooking(api, 'Report B', { pickupDate: days[1], pickupTime: '12pm-4pm', city: 'Gilbert', zipCode: '29054' });
    await weigh(b.id, 12, 2100);
    await paidBooking(api, 'Report C', { pickupDate: days[1], pickupTime: '4pm-8pm', city: 'Lexington' }); // authorised, not weighed
    const d = await paidBooking(api, 'Report D', { pickupDate: days[2], city: 'Pelion', zipCode: '29123' });
    expect((await api.post(`/api/admin/bookings/${d.id}/status`, { data: { status: 'cancelled' } })).status()).toBe(200);

    const expected = await figuresFromBookings(api, from, to);
    // the month holds this test's bookings: $24.85 + $21.00, 3 kept, 2 weighed (26.2 lb)
    expect(expected).toMatchObject({ revenue: 2485 + 2100, bookings: 3, weighed: 2, pounds: 262 });

    await signIn(page);
    await page.goto(`/admin?tab=reports&month=${month}`);
    await expect(page.getByRole('tab', { name: 'Reports', selected: true })).toBeVisible();
    const figure = (label: string) => page.locator(`[data-figure="${label}"] p`).first();
    await expect(figure('Revenue')).toHaveText(formatCents(expected.revenue));
    await expect(figure('Bookings')).toHaveText(String(expected.bookings));
    await expect(figure('Pounds washed')).toHaveText(`${(expected.pounds / 10).toFixed(1)} lb`);
    await expect(figure('Average bill')).toHaveText(formatCents(Math.round(expected.revenue / expected.weighed)));
    await expect(page.getByText('1 cancelled, not counted')).toBeVisible();
    // the chart is drawn: Chartist's SVG with a bar per day of the month, hidden from screen readers
    const revenueChart = page.locator('.report-chart-revenue');
    await expect(revenueChart.locator('svg')).toBeVisible();
    await expect(revenueChart).toHaveAttribute('aria-hidden', 'true');
    const daysInMonth = Number(to.slice(8));
    await expect(revenueChart.locator('.ct-bar')).toHaveCount(daysInMonth);
    await expect(page.locator('.report-chart-rows svg .ct-bar')).toHaveCount(expected.towns.size);

    // the table a screen reader reads holds the same numbers
    const perDay = page.getByRole('table', { name: /Revenue and bookings per day/ });
    await expect(perDay.getByRole('row')).toHaveCount(daysInMonth + 1);
    const tableRevenue = await perDay.locator('tbody tr td:nth-child(3)').allTextContents();
    const tableBookings = await perDay.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(tableRevenue.reduce((s, t) => s + Math.round(Number(t.replace(/[$,]/g, '')) * 100), 0)).toBe(expected.revenue);
    expect(tableBookings.reduce((s, t) => s + Number(t), 0)).toBe(expected.bookings);
    const towns = page.getByRole('table', { name: /Bookings by town/ });
    for (const [town, count] of expected.towns) await expect(towns.getByRole('row', { name: `${town} ${count}` })).toHaveCount(1);
    // "Show as table" shows it to everyone
    const show = page.getByRole('button', { name: 'Show as table' }).first();
    await show.click();
    await expect(perDay).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');

    await expectNoSidewaysScroll(page);
  });

  test('a month with nothing in it shows the empty state, not an error; a bad range is explained', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin?tab=reports&month=2020-02');
    await expect(page.getByText('No bookings in this range')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reports: February 2020' })).toBeVisible();
    await expect(page.locator('.report-chart')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByLabel('From', { exact: true }).fill('2026-03-10');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await page.getByRole('button', { name: 'Show range' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The end date must be on or after the start date' })).toBeVisible();
    await expect(page).toHaveURL(/from=2026-03-10&to=2026-03-01/);
  });

  test('an invoice paid today is invoice income: this month’s report and the dashboard show it beside revenue, with the total', async ({ page }, testInfo) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    // the spec's invoice: 20 lb at $1.40 + rush delivery $10 + tax $2.50 = $40.50, paid by hand
    const sent = await api.post('/api/admin/invoices', {
      data: { clientName: `Income Co ${stamp}`, clientEmail: `income.${stamp}@example.com`, dueDate: today, poundsTenths: 200, pricePerPoundCents: 140, addOns: [{ name: 'Rush Delivery', priceCents: 1000, quantity: 1, enabled: true }], taxCents: 250 },
    });
    expect(sent.status()).toBe(201);
    const { invoice } = (await sent.json()) as { invoice: { id: string; totalCents: number } };
    expect(invoice.totalCents).toBe(4050);
    expect((await api.post(`/api/admin/invoices/${invoice.id}/paid`)).status()).toBe(200);
    // every paid invoice, from the Invoices list (apart from the report's code)
    const paid: { totalCents: number; paidAt: string }[] = [];
    for (let p = 1; ; p += 1) {
      const body = (await (await api.get(`/api/admin/invoices?status=paid&pageSize=100&page=${p}`)).json()) as { invoices: { totalCents: number; paidAt: string }[] };
      paid.push(...body.invoices);
      if (body.invoices.length < 100) break;
    }
    const businessMonth = (at: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(at)).slice(0, 7);
    const thisMonth = paid.filter((i) => businessMonth(i.paidAt) === today.slice(0, 7)).reduce((s, i) => s + i.totalCents, 0);
    const allTime = paid.reduce((s, i) => s + i.totalCents, 0);
    expect(thisMonth).toBeGreaterThanOrEqual(4050);
    const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

    await signIn(page);
    await page.goto('/admin?tab=reports');
    const figure = (label: string) => page.locator(`[data-figure="${label}"] p`).first();
    await expect(figure('Invoice income')).toHaveText(formatCents(thisMonth));
    await expect(figure('Revenue')).not.toHaveText('…');
    const revenue = cents(await figure('Revenue').innerText());
    await expect(figure('Total income')).toHaveText(formatCents(revenue + thisMonth));
    await page.locator('[data-figure="Invoice income"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`reports-income-${device(testInfo)}.png`), fullPage: false });

    // the dashboard: all the paid invoices, and with booking revenue
    await page.goto('/admin');
    const card = page.getByRole('region', { name: 'Summary' }).locator('div', { has: page.getByRole('heading', { name: 'Invoice Income' }) }).last();
    await expect(card).toContainText(formatCents(allTime));
    const totalRevenueCard = page.getByRole('region', { name: 'Summary' }).locator('div', { has: page.getByRole('heading', { name: 'Total Revenue' }) }).last();
    await expect(totalRevenueCard).not.toContainText('…');
    const bookingRevenue = cents((await totalRevenueCard.locator('p').first().innerText()).trim());
    await expect(card).toContainText(`With booking revenue: ${formatCents(bookingRevenue + allTime)}`);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-income-${device(testInfo)}.png`), fullPage: false });
  });

  test('at 375 px the charts fit the screen: nothing scrolls sideways', async ({ page }, testInfo) => {
    const { month } = monthAhead(device(testInfo));
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await page.goto(`/admin?tab=reports&month=${month}`);
    await expect(page.locator('.report-chart-revenue svg')).toBeVisible();
    await expect(page.locator('.report-chart-capacity svg')).toBeVisible();
    await expectNoSidewaysScroll(page);
    // labels that fit: the revenue chart names a few days, not all 30 on top of each other
    const labels = await page.locator('.report-chart-revenue .ct-label.ct-horizontal').allTextContents();
    expect(labels.filter((l) => l.trim()).length).toBeLessThanOrEqual(8);
  });
});
