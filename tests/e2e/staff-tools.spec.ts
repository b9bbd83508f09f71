// The three staff tools (spec: back-office 2 "Staff tools", 3, 4, 5, 8, 9): /send-terms,
// /send-invoice and /send-subscription-invoice. For each: the spec's validation toasts with the
// field marked, then a send whose toast names the recipient (and the invoice number) and whose
// email is in the outbox. The must-show invoice: 20 lb at $1.40 + Rush Delivery $10 + tax $2.50 is
// $40.50 in the preview, the confirmation, the answer and the email. A subscription started on the
// 20th, billed on the 15th, shows the 15th of the next month. A server refusal is 'Error' with its
// message. Signed out, each page is the sign-in. axe on each page at 375 and 1280 px (the projects).
import type { APIRequestContext, Page } from '@playwright/test';
import { formatLongDate } from '../../src/shared/dates';
import { signIn, toast } from './back-office-flows';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';

type OutboxRow = { recipient: string; subject: string; preview: string; kind: string };
const stampOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The outbox's emails to `recipient`, read through the staff API. */
async function mailTo(api: APIRequestContext, recipient: string) {
  const res = await api.get('/api/admin/outbox?channel=email');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: OutboxRow[] }).messages.filter((m) => m.recipient === recipient);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const isPost = (path: string) => (r: { request: () => { method: () => string }; url: () => string }) => r.request().method() === 'POST' && new URL(r.url()).pathname === path;

test.describe('the staff tools', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('signed out, each tool is the sign-in, not its form', async ({ page }) => {
    for (const path of ['/send-terms', '/send-invoice', '/send-subscription-invoice']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByLabel('Client email')).toHaveCount(0);
    }
  });

  test('a disabled admin is refused on each tool and its endpoint, at once', async ({ page, baseURL }, testInfo) => {
    const email = `tools.disabled.${testInfo.project.name}.${stampOf()}@example.com`;
    const created = await api.post('/api/admin/admins', { data: { email, fullName: 'Soon Disabled', role: 'admin' } });
    expect(created.status()).toBe(201);
    const { userId, temporaryPassword } = (await created.json()) as { userId: string; temporaryPassword: string };
    // signed in in this browser, with their own password set
    expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password: temporaryPassword }, headers: { origin: baseURL! } })).status()).toBe(200);
    expect((await page.request.post('/api/admin/me/password', { data: { currentPassword: temporaryPassword, newPassword: 'Soon-disabled-1234' }, headers: { origin: baseURL! } })).status()).toBe(200);
    await page.goto('/send-terms');
    await expect(page.getByLabel('Client email')).toBeVisible();
    // a master admin disables them: every page and endpoint of the tools refuses them now
    expect((await api.post(`/api/admin/admins/${userId}/status`, { data: { disabled: true } })).status()).toBe(200);
    for (const path of ['/send-terms', '/send-invoice', '/send-subscription-invoice']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByLabel('Client email')).toHaveCount(0);
    }
    for (const [path, data] of [
      ['/api/admin/tools/terms', { clientEmail: 'x@example.com' }],
      ['/api/admin/invoices', { clientName: 'X', clientEmail: 'x@example.com', dueDate: '2030-01-01', poundsTenths: 10 }],
      ['/api/admin/subscriptions', { clientName: 'X', clientEmail: 'x@example.com', description: 'X', monthlyPriceCents: 100, startDate: '2030-01-01', billingDay: 1 }],
    ] as const)
      expect((await page.request.post(path, { data, headers: { origin: baseURL! } })).status(), path).toBe(401);
  });

  test("/send-terms: 'Email Required', then sent with the recipient named, in the outbox; a refusal is 'Error'", async ({ page }, testInfo) => {
    const stamp = stampOf();
    const name = `Terms Client ${stamp}`;
    const email = `terms.${testInfo.project.name}.${stamp}@example.com`;
    await signIn(page);
    await page.goto('/send-terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Send Terms' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // spec: back-office 5, an empty email: nothing is sent
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/tools/terms') sends.push(r.url());
    });
    const emailField = page.getByLabel('Client email');
    await page.getByLabel('Client name').fill(name);
    await page.getByRole('button', { name: 'Send Terms' }).click();
    const required = toast(page, 'Email Required');
    await expect(required).toContainText('Please enter a client email address.');
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(emailField).toBeFocused();
    expect(sends).toEqual([]);
    await expectNoAxeViolations(page);

    // sent: the toast names who they went to, the form is cleared, the email waits in the outbox
    await emailField.fill(email);
    await expect(emailField).not.toHaveAttribute('aria-invalid', 'true');
    const answered = page.waitForResponse(isPost('/api/admin/tools/terms'));
    await page.getByRole('button', { name: 'Send Terms' }).click();
    expect((await answered).status()).toBe(200);
    await expect(toast(page, `Terms sent to ${name} (${email})`)).toBeVisible();
    await expect(emailField).toHaveValue('');
    await expect(page.getByLabel('Client name')).toHaveValue('');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect.poll(async () => (await mailTo(api, email)).map((m) => m.kind)).toEqual(['terms']);

    // spec: back-office 8: a refusal is 'Error' with the server's message, or the tool's own sentence
    const isTerms = (url: URL) => url.pathname === '/api/admin/tools/terms';
    await page.route(isTerms, (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { code: 'mail_down', message: 'The mail service is not answering.' } }) }));
    await emailField.fill(email);
    await page.getByRole('button', { name: 'Send Terms' }).click();
    await expect(toast(page, 'Error')).toContainText('The mail service is not answering.');
    await expect(emailField).toHaveValue(email);
    await page.unroute(isTerms);
    await page.route(isTerms, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'refused', message: '' } }) }));
    await page.getByRole('button', { name: 'Send Terms' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to send terms and conditions email.' })).toBeVisible();
    await page.unroute(isTerms);
  });

  test("/send-invoice: 'Missing Information', 'No Services', then 20 lb at $1.40 + rush $10 + tax $2.50 is $40.50 in the preview, the confirmation, the answer and the email", async ({ page }, testInfo) => {
    const stamp = stampOf();
    const name = `Invoice Client ${stamp}`;
    const email = `invoice.${testInfo.project.name}.${stamp}@example.com`;
    await signIn(page);
    await page.goto('/send-invoice');
    await expect(page.getByRole('heading', { level: 1, name: 'Send Invoice' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin');
    // spec: back-office 9: 1.40 per lb by default, every add-on off
    await expect(page.getByLabel('Price per lb ($)')).toHaveValue('1.40');
    await expect(page.getByRole('checkbox', { name: 'Rush Delivery' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Rush Delivery' })).toBeVisible();
    const preview = page.getByRole('region', { name: 'Invoice preview' });
    await expect(preview).toContainText('Nothing to bill yet');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/invoices') sends.push(r.url());
    });
    const send = page.getByRole('button', { name: 'Send Invoice' });

    // spec: back-office 5: client name, email and due date first
    await send.click();
    await expect(toast(page, 'Missing Information')).toContainText('Please fill in client name, email, and due date.');
    for (const label of ['Client name', 'Client email', 'Due date']) await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Client name')).toBeFocused();
    await expectNoAxeViolations(page);

    // then something to bill: a line at $0 is dropped, so still nothing
    await page.getByLabel('Client name').fill(name);
    await page.getByLabel('Client email').fill(email);
    await page.getByLabel('Due date').fill('2030-07-01');
    // a line added then removed takes nothing with it: the next one moves up with what was typed
    await page.getByRole('button', { name: 'Add line' }).click();
    await expect(page.getByLabel('Line 1 description')).toBeFocused();
    await page.getByLabel('Line 1 description').fill('Typo line');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel('Line 2 description').fill('Free pickup');
    await page.getByLabel('Line 2 unit price ($)').fill('0');
    await page.getByRole('button', { name: 'Remove line 1' }).click();
    await expect(page.getByLabel('Line 1 description')).toHaveValue('Free pickup');
    await expect(page.getByLabel('Line 1 unit price ($)')).toHaveValue('0');
    await expect(page.getByLabel('Line 2 description')).toHaveCount(0);
    await send.click();
    await expect(toast(page, 'No Services')).toContainText('Please add laundry weight, services, or add-ons.');
    await expect(page.getByLabel('Pounds', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(sends).toEqual([]);

    // the must-show invoice; the dropped line is not in the preview
    await page.getByLabel('Pounds', { exact: true }).fill('20');
    await page.getByRole('checkbox', { name: 'Rush Delivery' }).check();
    await page.getByLabel('Tax ($)').fill('2.50');
    await expect(page.getByLabel('Pounds', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    const lines = preview.getByRole('list', { name: 'Invoice lines' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('Laundry service (20 lb @ $1.40/lb)');
    await expect(lines.nth(0)).toContainText('$28.00');
    await expect(lines.nth(1)).toContainText('Rush Delivery');
    await expect(lines.nth(1)).toContainText('$10.00');
    await expect(preview).not.toContainText('Free pickup');
    await expect(preview.getByRole('definition').nth(0)).toHaveText('$38.00');
    await expect(preview.getByRole('definition').nth(1)).toHaveText('$2.50');
    await expect(preview.getByRole('definition').nth(2)).toHaveText('$40.50');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // an email cannot be called back: asked first, with the total; Cancel sends nothing
    await send.click();
    const confirm = page.getByRole('alertdialog', { name: 'Send this invoice?' });
    await expect(confirm).toContainText(`Send invoice of $40.50 to ${email}?`);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(sends).toEqual([]);

    await send.click();
    const answered = page.waitForResponse(isPost('/api/admin/invoices'));
    await confirm.getByRole('button', { name: 'Send Invoice' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(201);
    const { invoice } = (await answer.json()) as { invoice: { invoiceNumber: string; totalCents: number; subtotalCents: number; taxCents: number; lines: { description: string }[] } };
    expect(invoice).toMatchObject({ subtotalCents: 3800, taxCents: 250, totalCents: 4050 });
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{8}$/);
    expect(invoice.lines.map((l) => l.description)).toEqual(['Laundry service (20 lb @ $1.40/lb)', 'Rush Delivery']);
    expect(sends).toHaveLength(1);
    await expect(toast(page, `Invoice ${invoice.invoiceNumber} sent to ${name}`)).toBeVisible();
    await expect(confirm).toBeHidden();
    // a fresh form for the next client
    await expect(page.getByLabel('Client name')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'Rush Delivery' })).not.toBeChecked();
    await expect(page.getByLabel('Line 1 description')).toHaveCount(0);
    await expect(preview).toContainText('Nothing to bill yet');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect
      .poll(async () => (await mailTo(api, email)).map((m) => m.subject))
      .toEqual([expect.stringContaining(invoice.invoiceNumber)]);
    expect((await mailTo(api, email))[0]!.subject).toContain('$40.50');
  });

  test("/send-subscription-invoice: 'Missing Information', 'Invalid Price', then started on the 20th and billed on the 15th: the 15th of the next month", async ({ page }, testInfo) => {
    const stamp = stampOf();
    const name = `Subscription Client ${stamp}`;
    const email = `subscription.${testInfo.project.name}.${stamp}@example.com`;
    await signIn(page);
    await page.goto('/send-subscription-invoice');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription Invoice' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin');
    const preview = page.getByRole('region', { name: 'Monthly invoice preview' });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/subscriptions') sends.push(r.url());
    });
    const send = page.getByRole('button', { name: 'Send Subscription Invoice' });
    await send.click();
    await expect(toast(page, 'Missing Information')).toContainText('Please fill in all required fields.');
    for (const label of ['Client name', 'Client email', 'Description', 'Monthly price ($)']) await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.getByLabel('Client name').fill(name);
    await page.getByLabel('Client email').fill(email);
    await page.getByLabel('Description').fill('Weekly wash and fold');
    await page.getByLabel('Monthly price ($)').fill('0');
    await send.click();
    await expect(toast(page, 'Invalid Price')).toContainText('Monthly price must be greater than 0.');
    await expect(page.getByLabel('Monthly price ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(sends).toEqual([]);

    // spec: back-office 4: the 15th is already past on the 20th, so the 15th of the next month
    await page.getByLabel('Monthly price ($)').fill('120');
    await page.getByLabel('Tax per month ($)').fill('9.60');
    await page.getByLabel('Start date').fill('2030-06-20');
    await page.getByLabel('Billing day').fill('15');
    await expect(preview).toContainText(formatLongDate('2030-07-15'));
    await expect(preview).toContainText('Monthly Subscription: Weekly wash and fold');
    await expect(preview.getByRole('definition').nth(2)).toHaveText('$129.60');
    // the billing day is 1 to 31
    await page.getByLabel('Billing day').fill('32');
    await expect(preview).toContainText('Enter a start date and a billing day');
    await send.click();
    await expect(page.getByLabel('Billing day')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Billing day').fill('15');
    await expect(page.getByLabel('Billing day')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    const answered = page.waitForResponse(isPost('/api/admin/subscriptions'));
    await send.click();
    const answer = await answered;
    expect(answer.status()).toBe(201);
    const { invoice, subscription } = (await answer.json()) as { invoice: { invoiceNumber: string; totalCents: number; dueDate: string }; subscription: { nextBillingDate: string } };
    expect(invoice.invoiceNumber).toMatch(/^SUB-\d{8}$/);
    expect(invoice).toMatchObject({ totalCents: 12960, dueDate: '2030-07-15' });
    const sent = toast(page, `Subscription invoice ${invoice.invoiceNumber} sent to ${name}`);
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(`The next invoice goes out on ${formatLongDate(subscription.nextBillingDate)}.`);
    await expect(page.getByLabel('Client name')).toHaveValue('');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect.poll(async () => (await mailTo(api, email)).map((m) => m.subject)).toEqual([expect.stringContaining(invoice.invoiceNumber)]);
  });
});
