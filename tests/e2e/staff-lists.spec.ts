// The back office's lists other than All Bookings: each tab fits the screen with no sideways scroll
// at 1280 px (desktop project) and at 375 px (phone project), neither the page nor a table inside it;
// and their search, filters and page live in the address, so a reload and the back button keep them.
import type { APIRequestContext, Page } from '@playwright/test';
import { paidBooking, signIn } from './back-office-flows';
import { nextServiceDay } from './dates';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';

const stampOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A booking left at its checkout (unpaid): enough for the Customers list, and quick to make. */
async function unpaidBooking(api: APIRequestContext, name: string, email: string) {
  const res = await api.post('/api/bookings', {
    data: {
      bookingData: {
        name,
        email,
        phone: '8035550177',
        address: '12 Corley Mill Rd',
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
  expect(res.status(), await res.text()).toBe(201);
}

/** Nothing wider than the window: not the page, and no table scrolled sideways inside it. */
async function expectFits(page: Page, what: string) {
  await page.evaluate(() => document.fonts.ready);
  const fit = await page.evaluate(() => {
    const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
    const scrolled = [...(panel?.querySelectorAll('*') ?? [])]
      .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.getAttribute('aria-label') ?? e.tagName} ${e.scrollWidth} > ${e.clientWidth}`);
    return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, scrolled };
  });
  expect(fit.scroll, `${what} is ${fit.scroll} px wide in a ${fit.width} px window`).toBeLessThanOrEqual(fit.width);
  expect(fit.scrolled, `${what}: tables scrolled sideways`).toEqual([]);
}

const tabs = [
  { tab: 'customers', heading: /^Customer Details \(\d+\)$/ },
  { tab: 'pros', heading: /^Laundry Pros$/ },
  { tab: 'invoices', heading: /^Invoices \(\d+\)$/ },
  { tab: 'gift-cards', heading: /^Gift Cards \(\d+\)$/ },
  { tab: 'admins', heading: /^Admin Users \(\d+\)$/ },
  { tab: 'messages', heading: /^Messages \(\d+\)$/ },
  { tab: 'outbox', heading: /^Outbox \(\d+\)$/ },
  { tab: 'reports', heading: /^Reports: / },
  { tab: 'audit', heading: /^Audit Log \(\d[\d,]*\)$/ },
];

/** The staff tools (their journeys run at 1280 px only, staff-tools.spec.ts): each fits and passes axe here, at both widths. */
const tools = [
  { path: '/send-receipt', heading: 'Send Receipt' },
  { path: '/send-terms', heading: 'Send Terms' },
  { path: '/send-invoice', heading: 'Send Invoice' },
  { path: '/send-subscription-invoice', heading: 'Subscription Invoice' },
];

test.describe('the back office lists', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });

  // a row of each kind in every list, made once for the tabs' tests below
  test.beforeAll(async () => {
    const stamp = stampOf();
    // a row for each list, the long words a real one has: a long email, a phone, a long name
    await unpaidBooking(api, `Alexandria Montgomery-Whitfield ${stamp}`, `alexandria.montgomery-whitfield.${stamp}@lexington-dental-office.example`);
    // a paid booking whose customer agreed to texts: its confirmation goes out as a text too
    await paidBooking(api, 'Texter', { smsConsent: true });
    expect((await api.post('/api/admin/pros', { data: { name: `Maria Santos ${stamp}`, email: `maria.${stamp}@example.com`, phone: '8035550142' } })).status()).toBe(201);
    expect((await api.post('/api/contact', { data: { name: 'Dana Writer', email: `dana.${stamp}@example.com`, phone: '8035550199', subject: `Pick-up in Chapin ${stamp}`, message: 'Could you pick up on Fridays?' } })).status()).toBe(201);
    const invoice = await api.post('/api/admin/invoices', {
      data: { clientName: `Gilbert Fitness ${stamp}`, clientEmail: `front.desk.${stamp}@gilbertfitness.example`, dueDate: '2030-01-15', poundsTenths: 200, pricePerPoundCents: 140, taxCents: 250 },
    });
    expect(invoice.status(), await invoice.text()).toBe(201);
    const subscription = await api.post('/api/admin/subscriptions', {
      data: { clientName: `Pelion Bed & Breakfast ${stamp}`, clientEmail: `stay.${stamp}@pelionbnb.example`, description: 'Weekly linen service', monthlyPriceCents: 24000, taxCents: 1920, startDate: '2030-01-01', billingDay: 1 },
    });
    expect(subscription.status(), await subscription.text()).toBeLessThan(300);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  for (const [part, listed] of [
    ['the lists of people and money', tabs.slice(0, 4)],
    ['the staff, messages, reports and audit', tabs.slice(4)],
  ] as const) {
    test(`every tab fits the screen with a row of each kind in it and passes axe: ${part}`, async ({ page }) => {
      await signIn(page);
      for (const { tab, heading } of listed) {
        await page.goto(`/admin?tab=${tab}`);
        await expect(page.getByRole('heading', { level: 2, name: heading }).first()).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        await expectFits(page, `the ${tab} tab`);
        await expectNoAxeViolations(page);
      }
    });
  }

  test("the outbox of texts: a text's number as staff write it, never +1803…; its kind in words", async ({ page }) => {
    await signIn(page);
    await page.goto('/admin?tab=outbox&channel=sms');
    await expect(page.getByRole('combobox', { name: 'Channel' })).toHaveValue('sms');
    const texts = page.getByRole('main').getByRole('listitem');
    await expect(texts.first()).toContainText(/To \(\d{3}\) \d{3}-\d{4}/);
    await expect(page.getByRole('main')).not.toContainText(/_sms|\+1\d{10}/);
    await expectFits(page, 'the outbox of texts');
    await expectNoAxeViolations(page);
  });

  test("the dashboard, each staff tool and an order's print sheet fit the screen and pass axe", async ({ page }) => {
    const printed = await paidBooking(api, 'Printed', {});
    await signIn(page);
    // the System card's code comes late: its place is held, so the tabs below do not move under a click
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/system-card-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
    await expect(page.getByText('Loading admin dashboard...')).toHaveCount(0);
    const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
    const before = (await tabs.boundingBox())!.y;
    release();
    // decision 061: the System card says how the server is, in words, with its backup, mail and jobs
    const system = page.getByRole('region', { name: 'System' });
    await expect(system.getByText(/^(All good|Needs attention)$/)).toBeVisible();
    expect((await tabs.boundingBox())!.y, 'the tabs stay where they were').toBe(before);
    await expect(system).toContainText('Last backup');
    await expect(system).toContainText(/Email and texts\d+ waiting, \d+ failed/);
    await expect(system).toContainText(/Background jobsRunning on time|Background jobsBehind/);
    await expectFits(page, 'the dashboard');
    await expectNoAxeViolations(page);
    for (const { path, heading } of tools) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectFits(page, path);
      await expectNoAxeViolations(page);
    }
    await page.goto(`/admin/print-order?id=${printed.id}`);
    await expect(page.getByText('Loading the order...')).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText(printed.name);
    await expectFits(page, 'the print sheet');
    await expectNoAxeViolations(page);
  });

  test('Customer Details: the search and the page survive a reload, and back returns to the page before', async ({ page }) => {
    const stamp = stampOf();
    // 21 customers with one word in common: two pages of 20
    for (let i = 0; i < 21; i++) await unpaidBooking(api, `Pagewalker ${stamp} ${String(i).padStart(2, '0')}`, `pagewalker.${stamp}.${i}@example.com`);

    await signIn(page);
    await page.getByRole('tab', { name: 'Customer Details' }).click();
    const search = page.getByLabel('Search customers');
    await search.fill(stamp);
    await expect(page.getByRole('heading', { name: 'Customer Details (21)' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
    const pages = page.getByRole('navigation', { name: 'Customer pages' });
    await expect(pages).toContainText('Page 1 of 2');
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('Page 2 of 2');
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Pagewalker' })).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Customer Details (21)' })).toBeVisible();
    await expect(page.getByLabel('Search customers')).toHaveValue(stamp);
    await expect(pages).toContainText('Page 2 of 2');
    await expectFits(page, 'page 2 of the customers');
    await expectNoAxeViolations(page);

    // back: the first page of the same search
    await page.goBack();
    await expect(pages).toContainText('Page 1 of 2');
    await expect(page.getByLabel('Search customers')).toHaveValue(stamp);

    // a link to a page past the end shows the last page there is
    await page.goto(`/admin?tab=customers&q=${stamp}&page=9`);
    await expect(pages).toContainText('Page 2 of 2');
    await expect(page).toHaveURL(/[?&]page=2/);
  });

  test('Messages and Outbox: the filters and the page are in the address', async ({ page }) => {
    await signIn(page);
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByLabel('Show').selectOption('all');
    await expect(page).toHaveURL(/[?&]show=all/);
    await page.reload();
    await expect(page.getByLabel('Show')).toHaveValue('all');

    await page.goto('/admin?tab=outbox');
    await page.getByLabel('Channel').selectOption('email');
    await expect(page).toHaveURL(/[?&]channel=email/);
    await page.getByLabel('Status', { exact: true }).selectOption('kept');
    await expect(page).toHaveURL(/[?&]status=kept/);
    await page.reload();
    await expect(page.getByLabel('Channel')).toHaveValue('email');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('kept');
    // back undoes a filter
    await page.goBack();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('all');
    await expect(page.getByLabel('Channel')).toHaveValue('email');
    // a value the list does not know reads as its default
    await page.goto('/admin?tab=outbox&status=bogus');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('all');
  });
});
