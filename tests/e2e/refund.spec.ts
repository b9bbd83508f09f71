// Decision 031: staff weigh a booking, then refund part of it to the card with a reason from the
// booking's details; the customer's invoice page shows the refund, and the email they get says how
// much and why. At both widths (the projects); the dialog's screenshots beside its results.
import type { APIRequestContext } from '@playwright/test';
import { findRow, invoiceLinkFromMail, paidBooking, signIn, toast } from './back-office-flows';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';

test.describe('a refund from the back office', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('staff refund $5.00 of a weighed $17.50 bill to the card; the invoice page and the email show it', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const shot = (what: string) => testInfo.outputPath(`${what}-${testInfo.project.name}.png`);
    const booked = await paidBooking(api, 'Refund Rita', {});
    expect((await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 10 } })).status()).toBe(200);

    await signIn(page);
    const row = await findRow(page, booked.confirmation);
    await row.getByRole('button', { name: `Details for ${booked.name}` }).click();
    await page.getByRole('button', { name: `Refund ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund ${booked.confirmation}` });
    await expect(dialog.getByLabel('Amount ($)')).toHaveValue('17.50');
    // the shared rules answer in the dialog before anything is sent
    await dialog.getByLabel('Amount ($)').fill('18');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert').first()).toContainText('At most $17.50 can be refunded on this booking.');
    await dialog.getByLabel('Amount ($)').fill('5');
    await dialog.getByLabel('Reason (the customer reads it)').fill('Weighed <wet> towels');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: shot('dialog'), fullPage: false });
    await page.screenshot({ path: testInfo.outputPath(`refund-dialog-${testInfo.project.name}.png`) });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toContainText('Refund $5.00 to the card?');
    await page.screenshot({ path: shot('confirm'), fullPage: false });
    await dialog.getByRole('button', { name: 'Refund $5.00' }).click();
    await expect(toast(page, 'Refunded $5.00 to the card')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('refunded $5.00');

    // the customer's invoice page
    await page.goto(await invoiceLinkFromMail(api, booked.email, 'laundry_weighed'));
    await expect(page.getByRole('heading', { name: 'Your final invoice' })).toBeVisible();
    await expect(page.getByTestId('payment')).toContainText(/Refunded to your card\s*\$5\.00/);

    // the email in the outbox
    let mailId = '';
    await expect
      .poll(async () => {
        const list = await (await api.get('/dev/mail')).text();
        mailId = list.split('<tr>').find((r) => r.includes(booked.email) && r.includes('booking_refunded'))?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1] ?? '';
        return mailId;
      })
      .not.toBe('');
    await page.goto(`/dev/mail/${mailId}`);
    await expect(page.locator('body')).toContainText('We refunded $5.00 to your card: Weighed <wet> towels');
  });
});
