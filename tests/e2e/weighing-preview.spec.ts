// The weight dialog shows the bill before processing (spec: back-office 4 and 9; docs/design.md 5.4, 9):
// as the weight is typed, weight x rate, the add-ons, the gift card, the total, what the card's
// authorisation gives and the pro's payout; processing then does exactly that.
import type { APIRequestContext, Page } from '@playwright/test';
import { findRow, paidBooking, signIn, toast, type Booked } from './back-office-flows';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';

/** The preview's rows as "label amount" strings, in order. */
async function previewRows(page: Page, list: 'bill' | 'card' | 'payout') {
  const lists = await page.getByTestId(`preview-${list}`).evaluateAll((dls) =>
    dls.map((dl) => Array.from(dl.children).map((d) => `${d.querySelector('dt')?.textContent ?? ''} ${d.querySelector('dd')?.textContent ?? ''}`)),
  );
  return lists.flat();
}

async function openDialog(page: Page, booked: Booked) {
  const row = await findRow(page, booked.confirmation);
  await row.getByRole('button', { name: `Enter Weight for ${booked.name}` }).click();
  return { row, dialog: page.getByRole('dialog', { name: 'Enter Actual Weight' }) };
}

test.describe('the weight dialog previews the bill', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('a king blanket booked, two counted at the scale: the preview and the charge bill both (decision 033)', async ({ page }, testInfo) => {
    // 1 bag and a king blanket: $31.50 + $20.00 = $51.50 held
    const booked = await paidBooking(api, 'Preview Items', { blanketsKingCount: 1 });
    await signIn(page);
    const { row, dialog } = await openDialog(page, booked);
    await dialog.getByLabel('Actual weight (lb)').fill('10');
    await expect.poll(() => previewRows(page, 'bill')).toEqual(['Laundry (10.0 lb × $1.75/lb) $17.50', 'Blankets & Comforters (King) $20.00', 'Final total $37.50']);
    const items = dialog.getByRole('group', { name: 'Items counted' });
    await expect(items.getByLabel('Blankets (King)')).toHaveValue('1');
    await items.getByLabel('Blankets (King)').fill('2');
    await expect.poll(() => previewRows(page, 'bill')).toEqual(['Laundry (10.0 lb × $1.75/lb) $17.50', 'Blankets & Comforters (King) (2 × $20.00) $40.00', 'Final total $57.50']);
    await expect.poll(() => previewRows(page, 'card')).toEqual(['Captured from the authorization $51.50', 'Charged extra to the saved card $6.00']);
    await items.getByLabel('Blankets (King)').fill('-1');
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(items.getByRole('alert')).toHaveText('Blankets (King): enter a whole number from 0 to 50.');
    await expectNoAxeViolations(page);
    await items.getByLabel('Blankets (King)').fill('2');
    await dialog.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`item-counts-${testInfo.project.name}.png`), fullPage: true });
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(row).toContainText('Captured $57.50');
    const after = (await (await api.get(`/api/admin/bookings/${booked.id}`)).json()) as { booking: { capturedAmount: number; finalTotalAmount: number; blanketsKingCount: number } };
    expect(after.booking).toMatchObject({ capturedAmount: 5750, finalTotalAmount: 5750, blanketsKingCount: 2 });
  });

  test('1 bag with oxi-clean and a pro at $0.75/lb: 14.2 lb reads $25.85 captured, $6.65 released, a $10.65 payout; 40 lb an extra charge; processing does the same', async ({ page }, testInfo) => {
    const booked = await paidBooking(api, 'Preview Oxi', { oxiClean: true });
    const pro = (await (await api.post('/api/admin/pros', { data: { name: `Rosa Preview ${Date.now().toString(36)}` } })).json()) as { pro: { id: string; name: string } };
    expect((await api.post(`/api/admin/bookings/${booked.id}/laundry-pro`, { data: { laundryProId: pro.pro.id } })).status()).toBe(200);
    await signIn(page);
    const { row, dialog } = await openDialog(page, booked);
    await expect(dialog.getByTestId('weight-preview')).toHaveCount(0);

    await dialog.getByLabel('Actual weight (lb)').fill('14.2');
    await expect(dialog).toContainText('Final total $25.85 · refund of $6.65');
    await expect(dialog.getByTestId('weight-preview')).toContainText('The bill at 14.2 lb');
    await expect.poll(() => previewRows(page, 'bill')).toEqual(['Laundry (14.2 lb × $1.75/lb) $24.85', 'Oxi-clean $1.00', 'Final total $25.85']);
    await expect.poll(() => previewRows(page, 'card')).toEqual(['Captured from the authorization $25.85', 'Released from the authorization $6.65']);
    await expect.poll(() => previewRows(page, 'payout')).toEqual([`Payout to ${pro.pro.name} (14.2 lb × $0.75/lb) $10.65`]);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`weight-dialog-${testInfo.project.name}.png`), fullPage: true });

    // it follows the typing: 40 lb is 3 loads of oxi-clean and more than the $32.50 authorised
    await dialog.getByLabel('Actual weight (lb)').fill('40');
    await expect.poll(() => previewRows(page, 'bill')).toEqual(['Laundry (40.0 lb × $1.75/lb) $70.00', 'Oxi-clean (3 × $1.00) $3.00', 'Final total $73.00']);
    await expect.poll(() => previewRows(page, 'card')).toEqual(['Captured from the authorization $32.50', 'Charged extra to the saved card $40.50']);
    await expect.poll(() => previewRows(page, 'payout')).toEqual([`Payout to ${pro.pro.name} (40.0 lb × $0.75/lb) $30.00`]);
    // a weight the dialog would refuse shows no bill
    await dialog.getByLabel('Actual weight (lb)').fill('14.25');
    await expect(dialog.getByTestId('weight-preview')).toHaveCount(0);

    await dialog.getByLabel('Actual weight (lb)').fill('14.2');
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(toast(page, 'Refund of $6.65 processed')).toBeVisible();
    await expect(row).toContainText('Captured $25.85');
    const after = (await (await api.get(`/api/admin/bookings/${booked.id}`)).json()) as { booking: { capturedAmount: number; finalTotalAmount: number; laundryPro: { payoutCents: number } } };
    expect(after.booking).toMatchObject({ capturedAmount: 2585, finalTotalAmount: 2585, laundryPro: { payoutCents: 1065 } });
  });

  test('a $25 gift card weighed at 12 lb: the gift card pays the $21.00, $4.00 goes back, nothing is charged and the $6.50 hold is released', async ({ page }) => {
    const gift = (await (await api.post('/dev/gift-cards', { data: { amountCents: 2500 } })).json()) as { code: string };
    const booked = await paidBooking(api, 'Preview Gift', {}, gift.code);
    await signIn(page);
    const { dialog } = await openDialog(page, booked);
    await dialog.getByLabel('Actual weight (lb)').fill('12');
    await expect.poll(() => previewRows(page, 'bill')).toEqual(['Laundry (12.0 lb × $1.75/lb) $21.00', 'Final total $21.00', 'Gift card applied −$21.00', 'Total after gift card $0.00']);
    await expect.poll(() => previewRows(page, 'card')).toEqual(['Charged to the card $0.00', 'Authorization released $6.50', 'Back on the gift card $4.00']);
    await expect(dialog.getByTestId('weight-preview')).toContainText('No laundry pro assigned');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(toast(page, "the gift card paid the $21.00 and $4.00 went back to it; the card's authorization was released")).toBeVisible();
  });
});
