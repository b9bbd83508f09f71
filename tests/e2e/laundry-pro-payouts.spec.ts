// spec: back-office 2 ('Set Up Stripe Account', 'Check Status', 'Stripe Ready', the Laundry Pro
// dropdown, 'Pay Out $x', 'No Pending Payouts'), 7 process-payout, 9; decision 018. The whole pro
// money cycle in the browser: onboard, assign, weigh 14.2 lb, pay out $10.65, nothing left to pay.
import type { APIRequestContext } from '@playwright/test';
import { findRow, invoiceLinkFromMail, paidBooking, signIn, toast } from './back-office-flows';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';

test.describe('paying a laundry pro', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('add a pro → Set Up Stripe Account → onboarding → "Stripe Ready" → assign → weigh 14.2 lb → unpaid $10.65 → Pay Out $10.65 → "No Pending Payouts"', async ({ page, context }) => {
    const stamp = Date.now().toString(36);
    const name = `Paula ${stamp}`;
    const created = await api.post('/api/admin/pros', { data: { name, email: `paula.${stamp}@example.com` } });
    expect(created.status()).toBe(201);
    const proId = ((await created.json()) as { pro: { id: string } }).pro.id;
    const booked = await paidBooking(api, 'Pro Payout', {});
    await signIn(page);

    // onboarding on the local gateway's page, then the provider's word through Check Status
    await page.getByRole('tab', { name: 'Laundry Pros' }).click();
    const card = page.getByRole('article', { name });
    const opened = context.waitForEvent('page');
    await card.getByRole('button', { name: `Set Up Stripe Account for ${name}` }).click();
    const onboarding = await opened;
    await onboarding.waitForLoadState();
    await onboarding.getByRole('button', { name: 'Complete onboarding' }).click();
    await expect(onboarding).toHaveURL(/\/admin\?tab=pros$/);
    await onboarding.close();
    await card.getByRole('button', { name: `Check Status for ${name}` }).click();
    await expect(card).toContainText('Stripe Ready');
    await expect(card.getByRole('button', { name: 'No Pending Payouts' })).toBeDisabled();

    // assign and weigh on All Bookings
    await page.getByRole('tab', { name: 'All Bookings' }).click();
    const row = await findRow(page, booked.confirmation);
    await row.getByLabel(`Laundry Pro for ${booked.name}`).selectOption({ label: name });
    await expect(toast(page, `${name} is assigned`)).toBeVisible();
    await row.getByRole('button', { name: `Enter Weight for ${booked.name}` }).click();
    const weigh = page.getByRole('dialog', { name: 'Enter Actual Weight' });
    await weigh.getByLabel('Actual weight (lb)').fill('14.2');
    await weigh.getByRole('button', { name: 'Process Weight' }).click();
    await expect(row).toContainText('Payout: $10.65');

    // the card: $10.65 unpaid (14.2 x $0.75), paid out after a confirmation
    await page.getByRole('tab', { name: 'Laundry Pros' }).click();
    await expect(card).toContainText('$10.65');
    await expect(card).toContainText('Per lb $10.65 · Tips $0.00');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
    await card.getByRole('button', { name: `Pay Out $10.65 to ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Pay ${name} $10.65?` });
    await expect(confirm).toContainText('$10.65 per lb and $0.00 in tips');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Pay Out $10.65' }).click();
    await expect(toast(page, `Paid ${name} $10.65`)).toBeVisible();
    await expect(card.getByRole('button', { name: 'No Pending Payouts' })).toBeDisabled();
    await expect(card).toContainText('Per lb $0.00 · Tips $0.00');

    // the transfer is recorded: the payout history lists it, paid, with its order
    await card.getByText('Payout History').click();
    await expect(card.getByRole('listitem').filter({ hasText: 'Paid' })).toContainText(booked.id.slice(0, 8).toUpperCase());
    const payouts = (await (await api.get(`/api/admin/pros/${proId}/payouts`)).json()) as { payouts: { status: string; paidCents: number }[] };
    expect(payouts.payouts).toEqual([expect.objectContaining({ status: 'paid', paidCents: 1065 })]);
    await expectNoAxeViolations(page);
  });

  test('a tip paid out and refunded to the customer since shows on the pro card as owed back, at 375 and 1280 px (decision 031)', async ({ page }, testInfo) => {
    const stamp = Date.now().toString(36);
    const name = `Owen ${stamp}`;
    const created = await api.post('/api/admin/pros', { data: { name, email: `owen.${stamp}@example.com` } });
    expect(created.status()).toBe(201);
    const proId = ((await created.json()) as { pro: { id: string } }).pro.id;
    // onboarded on the local gateway, as its page's button does
    const setUp = (await (await api.post(`/api/admin/pros/${proId}/connect-account`)).json()) as { url: string };
    const accountId = new URL(setUp.url, testInfo.project.use.baseURL).pathname.split('/').pop()!;
    expect((await api.post(`/dev/connect/${accountId}/complete`, { form: { return_url: '/admin?tab=pros' }, maxRedirects: 0 })).status()).toBe(303);
    expect((await api.post(`/api/admin/pros/${proId}/connect-status`)).status()).toBe(200);
    // 10 lb ($17.50) with a $5.00 tip: $7.50 per lb and the tip paid out to the pro
    const booked = await paidBooking(api, 'Owed Back', {});
    expect((await api.post(`/api/admin/bookings/${booked.id}/laundry-pro`, { data: { laundryProId: proId } })).status()).toBe(200);
    expect((await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 10 } })).status()).toBe(200);
    const token = new URL(await invoiceLinkFromMail(api, booked.email, 'laundry_weighed'), testInfo.project.use.baseURL).searchParams.get('token');
    expect((await api.post(`/api/bookings/${booked.id}/invoice/approve`, { data: { token, tipCents: 500 } })).status()).toBe(200);
    expect((await api.post(`/api/admin/pros/${proId}/payouts`, { data: { requestKey: `owed-${stamp}`, expectedCents: 1250 } })).status()).toBe(200);
    // everything back to the card: the laundry first, then the tip the pro was already paid
    const refund = await api.post(`/api/admin/bookings/${booked.id}/refunds`, { data: { amountCents: 2250, destination: 'card', reason: 'Lost a shirt', idempotencyKey: crypto.randomUUID() } });
    expect(refund.status(), await refund.text()).toBe(200);

    await signIn(page);
    await page.getByRole('tab', { name: 'Laundry Pros' }).click();
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('Owed back');
    await expect(card).toContainText('$5.00');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await card.screenshot({ path: testInfo.outputPath(`owed-back-${width}.png`) });
    }
  });

  test('the portal invitation is sent to the pro, never shown to staff', async ({ page }) => {
    const name = `Ivan ${Date.now().toString(36)}`;
    const res = await api.post('/api/admin/pros', { data: { name, email: `ivan.${Date.now()}@example.com` } });
    expect(res.status()).toBe(201);
    await signIn(page);
    await page.getByRole('tab', { name: 'Laundry Pros' }).click();
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: `Invite to Pro Portal for ${name}` }).click();
    await expect(toast(page, /Invitation sent to ivan\./)).toBeVisible();
    await expect(card.getByRole('button', { name: `Resend Portal Invite for ${name}` })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('reset-password');
  });
});
