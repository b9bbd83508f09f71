// The back office's Invoices tab (spec: back-office 2 "Manual Invoices table", 4, 8; reachable
// with the subscriptions beside it, docs/design.md 7): invoices sent through the staff API are listed
// with their total, the overdue one in the destructive style with the word 'Overdue'; the status
// filter and the search narrow the list; Mark Paid asks first, then shows 'Paid {date}'; a second
// Mark Paid is refused with the server's word; a subscription shows with its next billing date;
// the empty, loading and failure states; the search, filters and page kept in the address; axe and
// no sideways scroll at 375 and 1280 px.
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { signIn, toast } from './back-office-flows';
import { device, expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';

type StaffInvoice = { id: string; invoiceNumber: string; kind: string; totalCents: number; dueDate: string; status: string; overdue: boolean; paidAt: string | null };
type Subscription = { id: string; clientName: string; nextBillingDate: string; billingDay: number; startDate: string; status: string };

const timeZone = 'America/New_York';
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
/** A timestamp as staff read it (src/web/lib/format.ts). */
const staffDate = (iso: string) => dayFormat.format(new Date(iso));
/** A calendar date as staff read it. */
const calendarDate = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T12:00:00Z`));
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
function addDays(isoDate: string, days: number) {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const stampOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** spec: back-office 3: 20.0 lb at $1.40, Rush Delivery $10, tax $2.50: $40.50. */
async function sendInvoice(api: APIRequestContext, clientName: string, clientEmail: string, dueDate: string): Promise<StaffInvoice> {
  const res = await api.post('/api/admin/invoices', {
    data: { clientName, clientEmail, dueDate, poundsTenths: 200, pricePerPoundCents: 140, addOns: [{ name: 'Rush Delivery', priceCents: 1000, quantity: 1, enabled: true }], taxCents: 250 },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const { invoice } = (await res.json()) as { invoice: StaffInvoice };
  expect(invoice.totalCents).toBe(4050);
  return invoice;
}

async function openInvoices(page: Page) {
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/[?&]tab=invoices/);
}

/** A table row on a wide screen, a card (list item) on a phone, in the invoices' list. */
function invoiceRow(page: Page, invoiceNumber: string) {
  const main = page.getByRole('main');
  return main.getByRole('row').or(main.getByRole('listitem')).filter({ hasText: invoiceNumber });
}

const heading = (page: Page, n: number) => page.getByRole('heading', { name: `Invoices (${n})`, exact: true });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const isInvoiceList = (url: URL) => url.pathname === '/api/admin/invoices';

test.describe('invoices in the back office', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('listed with their totals, the overdue one said so; filtered and searched; Mark Paid asks first, then shows Paid {date}', async ({ page }, testInfo) => {
    const stamp = stampOf();
    const clientName = `Acme Gym ${stamp}`;
    const clientEmail = `acme.${stamp}@example.com`;
    const overdue = await sendInvoice(api, clientName, clientEmail, addDays(today(), -10));
    const upcoming = await sendInvoice(api, clientName, clientEmail, addDays(today(), 14));
    expect(overdue).toMatchObject({ status: 'pending', overdue: true, kind: 'manual' });
    expect(upcoming).toMatchObject({ status: 'pending', overdue: false });

    await signIn(page);
    await openInvoices(page);
    await expect(page.getByRole('heading', { name: /^Invoices \(\d+\)$/ })).toBeVisible();
    // newest first: the invoice sent last is the first listed
    const main = page.getByRole('main');
    await expect(main.getByRole('row').or(main.getByRole('listitem')).filter({ hasText: /INV-/ }).first()).toContainText(upcoming.invoiceNumber);

    // the search finds them by client name, by email and by invoice number
    const search = page.getByLabel('Search');
    await search.fill(clientName);
    await expect(heading(page, 2)).toBeVisible();
    await search.fill(clientEmail);
    await expect(heading(page, 2)).toBeVisible();
    await search.fill(overdue.invoiceNumber);
    await expect(heading(page, 1)).toBeVisible();
    await search.fill(stamp);
    await expect(heading(page, 2)).toBeVisible();

    const overdueRow = invoiceRow(page, overdue.invoiceNumber);
    const upcomingRow = invoiceRow(page, upcoming.invoiceNumber);
    for (const [row, inv] of [[overdueRow, overdue], [upcomingRow, upcoming]] as const) {
      await expect(row).toContainText('$40.50');
      await expect(row).toContainText(clientName);
      await expect(row).toContainText(clientEmail);
      await expect(row).toContainText(calendarDate(inv.dueDate));
      await expect(row).toContainText('Pending');
    }
    // overdue: the word, and the destructive colour repeating it; the other is neither
    const overdueDue = overdueRow.locator('[data-overdue="true"]');
    await expect(overdueDue).toContainText('Overdue');
    await expect(overdueDue).toContainText(calendarDate(overdue.dueDate));
    await expect(overdueDue).toHaveClass(/text-destructive/);
    await expect(upcomingRow).not.toContainText('Overdue');
    await expect(upcomingRow.locator('[data-overdue="true"]')).toHaveCount(0);
    // a table on a wide screen, one card per invoice on a phone; nothing wider than the screen
    if (device(testInfo) === 'phone') await expect(main.getByRole('table')).toHaveCount(0);
    else await expect(main.getByRole('table').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // the status filter
    const status = page.getByLabel('Status', { exact: true });
    await status.selectOption('overdue');
    await expect(heading(page, 1)).toBeVisible();
    await expect(overdueRow).toHaveCount(1);
    await status.selectOption('paid');
    await expect(page.getByText('No manual invoices found', { exact: true })).toBeVisible();
    await status.selectOption('pending');
    await expect(heading(page, 2)).toBeVisible();

    // Mark Paid asks first; Cancel sends nothing
    const paidCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/admin\/invoices\/[^/]+\/paid$/.test(new URL(r.url()).pathname)) paidCalls.push(r.url());
    });
    const markPaid = upcomingRow.getByRole('button', { name: `Mark Paid ${upcoming.invoiceNumber}` });
    await markPaid.click();
    const confirm = page.getByRole('alertdialog', { name: `Mark ${upcoming.invoiceNumber} as paid?` });
    await expect(confirm).toContainText(clientName);
    await expect(confirm).toContainText('$40.50');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(markPaid).toBeFocused();
    expect(paidCalls).toEqual([]);

    // then marks it paid: the toast, and under the All filter 'Paid {date}' in place of the button
    await status.selectOption('all');
    await expect(heading(page, 2)).toBeVisible();
    await markPaid.click();
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/admin/invoices/${upcoming.id}/paid`);
    await confirm.getByRole('button', { name: 'Mark Paid' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    const { invoice: paid } = (await answer.json()) as { invoice: StaffInvoice };
    expect(paid.status).toBe('paid');
    await expect(toast(page, `${upcoming.invoiceNumber} marked as paid`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(upcomingRow).toContainText(`Paid ${staffDate(paid.paidAt!)}`);
    await expect(upcomingRow.getByRole('button', { name: /Mark Paid/ })).toHaveCount(0);
    await status.selectOption('paid');
    await expect(heading(page, 1)).toBeVisible();
    await expect(upcomingRow).toHaveCount(1);
    await expectNoAxeViolations(page);

    // someone else marks the other paid meanwhile: this screen's Mark Paid is refused with the
    // server's word, and the list then shows it paid
    // (the Overdue list was read before: wait for its fresh answer, not the one kept from then)
    const overdueListed = page.waitForResponse((r) => isInvoiceList(new URL(r.url())) && new URL(r.url()).searchParams.get('status') === 'overdue');
    await status.selectOption('overdue');
    await overdueListed;
    await expect(heading(page, 1)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const elsewhere = await api.post(`/api/admin/invoices/${overdue.id}/paid`);
    expect(elsewhere.status()).toBe(200);
    const again = await api.post(`/api/admin/invoices/${overdue.id}/paid`);
    expect(again.status()).toBe(409);
    const { error } = (await again.json()) as { error: { message: string } };
    await overdueRow.getByRole('button', { name: `Mark Paid ${overdue.invoiceNumber}` }).click();
    await page.getByRole('alertdialog', { name: `Mark ${overdue.invoiceNumber} as paid?` }).getByRole('button', { name: 'Mark Paid' }).click();
    const refused = toast(page, 'Failed to update invoice status.');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(error.message);
    // paid now, so no longer overdue: the Overdue filter no longer finds it
    await expect(page.getByText('No manual invoices found', { exact: true })).toBeVisible();
    await status.selectOption('all');
    await expect(overdueRow).toContainText('Paid ');
    await expect(overdueRow.getByRole('button', { name: /Mark Paid/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test('the client pays the $40.50 invoice through the link in its email: the pay page, the card checkout, Paid; the tab shows it paid', async ({ page }, testInfo) => {
    const clientEmail = `payer.${testInfo.project.name}.${Date.now().toString(36)}@example.com`;
    const res = await api.post('/api/admin/invoices', { data: { clientName: 'Payer Gym', clientEmail, dueDate: '2030-01-15', poundsTenths: 200, pricePerPoundCents: 140, addOns: [{ name: 'Rush Delivery', priceCents: 1000, quantity: 1, enabled: true }], taxCents: 250 } });
    expect(res.status()).toBe(201);
    const { invoice } = (await res.json()) as { invoice: StaffInvoice };
    // the client's email, as they open it: its pay link
    let link = '';
    await expect
      .poll(async () => {
        const list = await (await page.request.get('/dev/mail')).text();
        const id = list
          .split('<tr>')
          .find((r) => r.includes(clientEmail))
          ?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1];
        if (!id) return '';
        const html = await (await page.request.get(`/dev/mail/${id}`)).text();
        link = (html.match(/href="(http[^"]*\/pay\?invoice=[^"]+)"/)?.[1] ?? '').replace(/&amp;/g, '&');
        return link;
      })
      .toContain(`/pay?invoice=${invoice.id}`);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}: $40.50 due` })).toBeVisible();
    await expect(page.getByTestId('invoice-total')).toHaveText('$40.50');
    await expect(page.getByRole('list', { name: 'Invoice lines' })).toContainText('Laundry service (20 lb @ $1.40/lb)');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Pay $40.50' }).click();
    await page.waitForURL(/\/dev\/checkout\/cs_local_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('ZIP').fill('29072');
    await page.getByRole('button', { name: 'Pay $40.50', exact: true }).click();
    await page.waitForURL(/\/pay\?invoice=.*session_id=cs_local_/);
    await expect(page.getByRole('heading', { name: 'Paid: thank you!' })).toBeVisible();
    await expectNoAxeViolations(page);

    await signIn(page);
    await openInvoices(page);
    await page.getByLabel('Search').fill(invoice.invoiceNumber);
    const row = invoiceRow(page, invoice.invoiceNumber);
    await expect(row).toContainText(/Paid [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(row.getByRole('button', { name: /Mark Paid/ })).toHaveCount(0);
  });

  test('a search that finds nothing says so', async ({ page }) => {
    await signIn(page);
    await openInvoices(page);
    await expect(page.getByRole('heading', { name: /^Invoices \(\d+\)$/ })).toBeVisible();
    await page.getByLabel('Search').fill(`nobody-${stampOf()}`);
    await expect(heading(page, 0)).toBeVisible();
    await expect(page.getByText('No manual invoices found', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test('a subscription shows beside the invoices with its next billing date, and its first invoice in the list', async ({ page }, testInfo) => {
    const stamp = stampOf();
    const clientName = `Office Towels Co ${stamp}`;
    const clientEmail = `towels.${stamp}@example.com`;
    const start = today();
    const res = await api.post('/api/admin/subscriptions', { data: { clientName, clientEmail, description: 'Office towels', monthlyPriceCents: 12000, taxCents: 0, startDate: start, billingDay: 15 } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    const { subscription, invoice } = (await res.json()) as { subscription: Subscription; invoice: StaffInvoice };
    // spec: back-office 4 and 7: the first invoice is due on the 15th of the start month, or of the
    // next when that one is past; the subscription then bills next on the 15th after it
    const [year, month, day] = start.split('-').map(Number) as [number, number, number];
    const firstBilling = day <= 15 ? `${start.slice(0, 8)}15` : new Date(Date.UTC(year, month, 15)).toISOString().slice(0, 10);
    expect(invoice).toMatchObject({ kind: 'subscription', dueDate: firstBilling, totalCents: 12000 });
    expect(subscription.nextBillingDate).toMatch(/-15$/);
    expect(subscription.nextBillingDate > firstBilling).toBe(true);
    expect(subscription.nextBillingDate <= addDays(firstBilling, 31)).toBe(true);

    await signIn(page);
    await openInvoices(page);
    const section = page.getByRole('region', { name: /^Subscriptions \(\d+\)$/ });
    await expect(section).toBeVisible();
    const row = section.getByRole('row').or(section.getByRole('listitem')).filter({ hasText: clientEmail });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(clientName);
    await expect(row).toContainText('Office towels');
    await expect(row).toContainText('$120.00 a month');
    await expect(row).toContainText('15th of each month');
    await expect(row).toContainText(calendarDate(subscription.nextBillingDate));
    await expect(row).toContainText('Active');
    if (device(testInfo) === 'phone') await expect(section.getByRole('table')).toHaveCount(0);
    else await expect(section.getByRole('table')).toBeVisible();

    // paused, it bills nothing (no next date); resumed, it bills again; ended after a confirmation, for good
    await row.getByRole('button', { name: `Pause ${clientName}’s subscription` }).click();
    await expect(toast(page, `${clientName}'s subscription is paused`)).toBeVisible();
    await expect(row).toContainText('Paused');
    await expect(row).toContainText('None');
    await row.getByRole('button', { name: `Resume ${clientName}’s subscription` }).click();
    await expect(toast(page, `${clientName}'s subscription is resumed`)).toBeVisible();
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `End ${clientName}’s subscription` }).click();
    const ending = page.getByRole('alertdialog', { name: `End ${clientName}'s subscription?` });
    await expect(ending).toContainText('This cannot be undone');
    await expectNoAxeViolations(page);
    await ending.getByRole('button', { name: 'End Subscription' }).click();
    await expect(toast(page, `${clientName}'s subscription is ended`)).toBeVisible();
    await expect(row).toContainText('Ended');
    await expect(row.getByRole('button')).toHaveCount(0);

    // its invoice is in the list, marked as a subscription's
    await page.getByLabel('Search').fill(clientEmail);
    await expect(heading(page, 1)).toBeVisible();
    const invoiceListed = invoiceRow(page, invoice.invoiceNumber);
    await expect(invoiceListed).toContainText('Subscription');
    await expect(invoiceListed).toContainText('$120.00');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test('the search, the status, the page and the subscriptions shown live in the address: a reload keeps them, back undoes a filter', async ({ page }) => {
    const stamp = stampOf();
    const clientName = `Paging Gym ${stamp}`;
    // 21 invoices of one client: two pages of 20
    for (let i = 0; i < 21; i++) await sendInvoice(api, clientName, `paging.${stamp}@example.com`, addDays(today(), 14));

    await signIn(page);
    await openInvoices(page);
    await page.getByLabel('Search').fill(stamp);
    await expect(heading(page, 21)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
    const status = page.getByLabel('Status', { exact: true });
    await status.selectOption('pending');
    await expect(page).toHaveURL(/[?&]status=pending/);
    const pages = page.getByRole('navigation', { name: 'Invoice pages' });
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('Page 2 of 2');
    await expect(page).toHaveURL(/[?&]page=2/);
    const subscriptions = page.getByRole('region', { name: /^Subscriptions \(\d+\)$/ });
    await subscriptions.getByLabel('Show').selectOption('ended');
    await expect(page).toHaveURL(/[?&]subs=ended/);

    await page.reload();
    await expect(heading(page, 21)).toBeVisible();
    await expect(page.getByLabel('Search')).toHaveValue(stamp);
    await expect(status).toHaveValue('pending');
    await expect(pages).toContainText('Page 2 of 2');
    await expect(page.getByRole('main').getByRole('row').or(page.getByRole('main').getByRole('listitem')).filter({ hasText: clientName })).toHaveCount(1);
    await expect(subscriptions.getByLabel('Show')).toHaveValue('ended');
    await expect(subscriptions.getByRole('row').or(subscriptions.getByRole('listitem')).filter({ hasText: 'Active' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // back: the subscriptions filter undone, then the first page
    await page.goBack();
    await expect(subscriptions.getByLabel('Show')).toHaveValue('all');
    await page.goBack();
    await expect(pages).toContainText('Page 1 of 2');
    await expect(page.getByLabel('Search')).toHaveValue(stamp);
  });

  test('the list while it loads, when it is empty, and when it cannot be loaded (then Try again)', async ({ page }) => {
    await signIn(page);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const empty = async (route: Route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ invoices: [], total: 0, page: 1, pageSize: 20 }) });
    };
    const noSubscriptions = (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ subscriptions: [] }) });
    const isSubscriptionList = (url: URL) => url.pathname === '/api/admin/subscriptions';
    await page.route(isInvoiceList, empty);
    await page.route(isSubscriptionList, noSubscriptions);
    await openInvoices(page);
    await expect(page.getByRole('status').filter({ hasText: 'Loading invoices...' })).toBeVisible();
    release();
    await expect(heading(page, 0)).toBeVisible();
    await expect(page.getByText('No manual invoices found', { exact: true })).toBeVisible();
    await expect(page.getByText('No subscriptions yet.', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute(isInvoiceList, empty);
    await page.unroute(isSubscriptionList, noSubscriptions);

    // the server out of reach: the spec's words, as a block with Try again and as a toast
    const unreachable = (route: Route) => route.abort();
    await page.route(isInvoiceList, unreachable);
    await page.reload();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to fetch manual invoices.' });
    await expect(failure).toBeVisible();
    await expect(toast(page, 'Failed to fetch manual invoices.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute(isInvoiceList, unreachable);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: /^Invoices \(\d+\)$/ })).toBeVisible();
    await expect(failure).toBeHidden();
    await expectNoSidewaysScroll(page);
  });
});
