// Decision 034: staff weigh a booking at 20 lb, then correct it to 14.2 lb with a reason from the
// booking's details, before the customer approved the bill. The customer's new invoice link (in
// the email that tells them why) shows 14.2 lb and the refund; the link they had opens nothing.
// At both widths (the projects); the dialog's screenshots beside its results.
import type { APIRequestContext } from '@playwright/test';
import { findRow, invoiceLinkFromMail, paidBooking, signIn, toast } from './back-office-flows';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';

test.describe('correcting a weight from the back office', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('staff correct 20 lb to 14.2 lb: $10.15 back to the card, the new invoice link shows it, the old one is refused', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const shot = (what: string) => testInfo.outputPath(`${what}-${testInfo.project.name}.png`);
    const booked = await paidBooking(api, 'Reweigh Rosa', {});
    expect((await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 20 } })).status()).toBe(200);
    const oldLink = await invoiceLinkFromMail(api, booked.email, 'laundry_weighed');

    await signIn(page);
    const row = await findRow(page, booked.confirmation);
    await row.getByRole('button', { name: `Details for ${booked.name}` }).click();
    await page.getByRole('button', { name: `Correct weight of ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Correct weight of ${booked.confirmation}` });
    // the form answers before anything is sent
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert').first()).toContainText('Please enter the corrected weight');
    await dialog.getByLabel('Corrected weight (lb)').fill('14.2');
    await expect(dialog.getByTestId('reweigh-preview')).toContainText('$24.85');
    await expect(dialog).toContainText('$10.15 goes back to the card.');
    await dialog.getByLabel('Reason (the customer reads it)').fill('Enter was pressed before the last bag was off the scale');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: shot('dialog'), fullPage: false });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toContainText('The new total is $24.85.');
    await expect(dialog.getByTestId('reweigh-money')).toContainText('$10.15 goes back to the card.');
    await page.screenshot({ path: shot('confirm'), fullPage: false });
    await dialog.getByRole('button', { name: 'Correct to $24.85' }).click();
    await expect(toast(page, 'Weight corrected to 14.2 lb ($24.85): $10.15 back to the card')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // the customer's new link, from the email that says why
    const newLink = await invoiceLinkFromMail(api, booked.email, 'laundry_reweighed');
    expect(newLink).not.toBe(oldLink);
    await page.goto(newLink);
    await expect(page.getByRole('heading', { name: 'Your final invoice' })).toBeVisible();
    await expect(page.locator('main')).toContainText('14.2 lb');
    await expect(page.getByTestId('payment')).toContainText(/Refunded to your card\s*\$10\.15/);
    // the link they had opens nothing
    await page.goto(oldLink);
    await expect(page.getByRole('heading', { name: 'Invoice not found or invalid link.' })).toBeVisible();
  });
});
