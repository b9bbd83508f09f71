// Live progress (decision 023): staff move a picked-up order along from All Bookings (out for
// delivery asks first: it tells the customer), and the customer follows it on /orders, each stage
// with its time. axe and no sideways scroll at both widths (the projects).
import type { APIRequestContext } from '@playwright/test';
import { paidBooking, signIn, toast } from './back-office-flows';
import { expect, expectNoAxeViolations, test, expectNoHorizontalOverflow } from './fixtures';
import { linkFromMail } from './mail';
import { rootApi } from './staff';

test.describe('live progress', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('staff mark washing, weigh, ready and out for delivery; the customer sees where the order is', async ({ page }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `progress.${stamp}@example.com`;
    const name = `Perry ${stamp}`;
    const booked = await paidBooking(api, 'Progress', { email, name });
    expect((await api.post(`/api/admin/bookings/${booked.id}/status`, { data: { status: 'in-progress' } })).status()).toBe(200);

    await signIn(page);
    await expect(page.getByRole('heading', { name: /^All Bookings \(\d+\)$/ })).toBeVisible();
    await expect(async () => {
      await page.getByLabel('Search').fill(booked.confirmation);
      await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible({ timeout: 3000 });
    }).toPass();
    // one status control (decision 056): the status and the laundry's steps on one line
    const status = page.getByLabel(`Status for ${name}`);
    await expect(status).toHaveValue('in-progress');
    await status.selectOption('washing');
    await expect(toast(page, `${name}: washing`)).toBeVisible();
    // ready waits for the weighing: refused, saying why, until the bill is charged
    await expect(status.getByRole('option', { name: /^Ready \(Weigh it first/ })).toBeDisabled();
    expect((await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 14.2 } })).status()).toBe(200);
    await page.reload();
    await expect(async () => {
      await page.getByLabel('Search').fill(booked.confirmation);
      await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible({ timeout: 3000 });
    }).toPass();
    await expect(page.getByLabel(`Status for ${name}`)).toHaveValue('completed');
    await page.getByLabel(`Status for ${name}`).selectOption('ready');
    await expect(toast(page, `${name}: ready`)).toBeVisible();
    await page.getByLabel(`Status for ${name}`).selectOption('out_for_delivery');
    const confirm = page.getByRole('alertdialog', { name: 'Out for delivery?' });
    await expect(confirm).toContainText('is told by email');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Mark out for delivery' }).click();
    await expect(toast(page, `${name}: out for delivery`)).toBeVisible();
    await expect.poll(async () => (await (await api.get('/dev/mail')).text()).split('<tr>').some((r) => r.includes(email) && r.includes('laundry_out_for_delivery'))).toBe(true);
    await expectNoHorizontalOverflow(page);

    // the customer follows it
    await page.context().clearCookies();
    await page.goto('/orders');
    await page.getByLabel(/Email or phone number you booked with/).fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await linkFromMail(api, email, 'orders_sign_in_link', '/orders?token='));
    const card = page.getByRole('article', { name: `Order ${booked.confirmation}` });
    await expect(card.getByText('Out for delivery').first()).toBeVisible();
    const timeline = card.getByRole('list', { name: `Where ${booked.confirmation} is` });
    await expect(timeline.getByRole('listitem')).toHaveCount(6);
    await expect(timeline.locator('[aria-current="step"]')).toContainText('Out for delivery (now)');
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Washing (done)' })).toBeVisible();
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Delivered (to come)' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
  });
});
