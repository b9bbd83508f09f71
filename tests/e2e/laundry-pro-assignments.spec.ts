// spec: back-office 2 (the Laundry Pro dropdown, 'Payout: $x', the pro's card, Assignment
// Overview), 4, 9: staff assign a pro to a paid booking, weigh it at 14.2 lb, and the pro's card
// shows $10.65 unpaid (14.2 x $0.75); a weighed booking's payout moves only after a confirmation.
import type { APIRequestContext } from '@playwright/test';
import { findRow, paidBooking, signIn, toast } from './back-office-flows';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';

test.describe('assigning laundry pros', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  async function addPro(name: string, perPoundRateCents = 75) {
    const res = await api.post('/api/admin/pros', { data: { name, perPoundRateCents } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { pro: { id: string } }).pro.id;
  }

  test('assign → weigh 14.2 lb → "Payout: $10.65" on the booking, $10.65 unpaid on the card and in the overview; moving it after weighing asks first', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const rosa = `Rosa ${stamp}`;
    const ben = `Ben ${stamp}`;
    await addPro(rosa);
    await addPro(ben, 100);
    const booked = await paidBooking(api, 'Pro Assign', { oxiClean: true });
    await signIn(page);
    const row = await findRow(page, booked.confirmation);
    const dropdown = row.getByLabel(`Laundry Pro for ${booked.name}`);
    await expect(dropdown).toHaveValue('');
    await dropdown.selectOption({ label: rosa });
    await expect(toast(page, `${rosa} is assigned`)).toBeVisible();

    await row.getByRole('button', { name: `Enter Weight for ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Actual Weight' });
    await dialog.getByLabel('Actual weight (lb)').fill('14.2');
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(toast(page, 'Refund of $6.65 processed')).toBeVisible();
    await expect(row).toContainText('Payout: $10.65');
    await expectNoAxeViolations(page);

    // a weighed booking: the payout moves only when confirmed, then at the new pro's rate
    await dropdown.selectOption({ label: ben });
    const confirm = page.getByRole('alertdialog', { name: "Move this booking's payout?" }).or(page.getByRole('dialog', { name: "Move this booking's payout?" }));
    await expect(confirm).toContainText(`${rosa}'s payout of $10.65`);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(dropdown).toHaveValue(/.+/);
    await expect(row).toContainText('Payout: $10.65');

    // the pro's card and the overview
    await page.getByRole('tab', { name: 'Laundry Pros' }).click();
    const card = page.getByRole('article', { name: rosa });
    await expect(card).toContainText('$10.65');
    const overview = page.getByRole('region', { name: 'Assignment Overview' }).or(page.locator('section').filter({ has: page.getByRole('heading', { name: 'Assignment Overview' }) }));
    await expect(overview.filter({ hasText: booked.id.slice(0, 8).toUpperCase() }).first()).toContainText('14.2 lb');
    await expectNoAxeViolations(page);
  });

  test('Set Up Stripe Account → the onboarding page in a new tab → Complete onboarding → Check Status shows "Stripe Ready"', async ({ page, context }) => {
    const name = `Olive ${Date.now().toString(36)}`;
    const res = await api.post('/api/admin/pros', { data: { name, email: `olive.${Date.now()}@example.com` } });
    expect(res.status()).toBe(201);
    await signIn(page);
    await page.getByRole('tab', { name: 'Laundry Pros' }).click();
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('No Stripe');
    const opened = context.waitForEvent('page');
    await card.getByRole('button', { name: `Set Up Stripe Account for ${name}` }).click();
    const onboarding = await opened;
    await onboarding.waitForLoadState();
    await expect(onboarding.getByRole('heading', { name: 'Set up your payout account' })).toBeVisible();
    await expect(card).toContainText('Setup Pending');
    await expect(card.getByRole('button', { name: `Complete Setup for ${name} (opens in a new tab)` })).toBeVisible();
    await expectNoAxeViolations(page);
    await onboarding.getByRole('button', { name: 'Complete onboarding' }).click();
    // back on the Laundry Pros tab in that tab
    await expect(onboarding).toHaveURL(/\/admin\?tab=pros$/);
    await onboarding.close();
    await card.getByRole('button', { name: `Check Status for ${name}` }).click();
    await expect(toast(page, `${name}'s payment account is ready`)).toBeVisible();
    await expect(card).toContainText('Stripe Ready');
    await expect(card.getByRole('button', { name: `Refresh Status for ${name}` })).toBeVisible();
  });
});
