// The Laundry Pros tab in the browser (spec: back-office 2, 5, 8): a pro added through the 'Add New
// Laundry Professional' dialog (a blank name and a negative rate refused, nothing sent), the pro's
// card, an edit to inactive at a new rate, the Assignment Overview, the server's refusals and the
// list's failure; an invited pro's portal access (decision 041): a new email on the card waits for
// the pro's confirmation from its link, and Revoke Portal Access, confirmed first. axe on the tab
// and on each dialog, at 375 and 1280 px for the portal access. Other tests of the run add pros
// too: a card is found by its pro's unique name.
import type { Locator, Page, Request, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { linkFromMail } from './mail';
import { root, rootApi } from './staff';

const perPoundMessage = 'The rate per lb must be a number of dollars from 0 to 100, with at most two decimals';

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(root.email);
  await page.getByLabel('Password', { exact: true }).fill(root.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

async function openLaundryPros(page: Page) {
  await page.getByRole('tab', { name: 'Laundry Pros' }).click();
  await expect(page).toHaveURL(/[?&]tab=pros/);
  await expect(page.getByRole('heading', { level: 2, name: 'Laundry Pros', exact: true })).toBeVisible();
}

function toast(page: Page, title: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
}

/** The value a card gives under one of its labels ("Rate per lb" → "$0.75"). */
function fact(card: Locator, label: string) {
  return card.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
}

/** Nothing wider than the screen: the overview's table scrolls inside its own region, cards wrap. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const isProList = (url: URL) => url.pathname === '/api/admin/pros';
const isProWrite = (r: Request) => new URL(r.url()).pathname.startsWith('/api/admin/pros') && ['POST', 'PUT'].includes(r.method());
const todayInBusinessZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

test.describe('laundry pros in the back office', () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    // the root staff member is made by the first test of the run that asks
    const api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
    await api.dispose();
  });

  test('a pro is added through the dialog (blank name and a negative rate refused), shows on its card, and is edited to inactive at a new rate', async ({ page }, testInfo) => {
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const name = `Pat Presser ${stamp}`;
    const email = `pat.presser.${stamp}@example.com`;
    const writes: Request[] = [];
    page.on('request', (r) => {
      if (isProWrite(r)) writes.push(r);
    });

    await signIn(page);
    await openLaundryPros(page);
    await expect(page.getByRole('region', { name: 'Assignment Overview' }).getByRole('heading', { level: 2, name: 'Assignment Overview' })).toBeVisible();
    // loaded: the cards, or the empty text when this runs first
    await expect(page.getByRole('list', { name: 'Laundry pros' }).or(page.getByText('No laundry professionals added yet. Click "Add Laundry Pro" to get started.'))).toBeVisible();
    await expectNoAxeViolations(page);

    // the dialog, with the spec's defaults; its submit is disabled while the name is blank
    const add = page.getByRole('button', { name: 'Add Laundry Pro' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add New Laundry Professional' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Rate per lb ($)')).toHaveValue('0.75');
    await expect(dialog.getByLabel('Hourly rate ($)')).toHaveValue('0');
    await expect(dialog.getByLabel('Start date')).toHaveValue(todayInBusinessZone());
    await expect(dialog.getByLabel('Status')).toHaveValue('active');
    const submit = dialog.getByRole('button', { name: 'Add Laundry Pro' });
    await expect(submit).toBeDisabled();
    const nameInput = dialog.getByRole('textbox', { name: 'Name', exact: true });
    await nameInput.fill('   ');
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page);

    // a negative rate is refused beside its field, and nothing is sent
    await nameInput.fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('(803) 555-0123');
    const rate = dialog.getByLabel('Rate per lb ($)');
    await rate.fill('-1');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog.getByText(perPoundMessage)).toBeVisible();
    await expect(rate).toHaveAttribute('aria-invalid', 'true');
    await expect(rate).toBeFocused();
    await expectNoAxeViolations(page);
    expect(writes).toHaveLength(0);

    // 0.75 is sent as 75 cents; the card shows the new pro
    await rate.fill('0.75');
    await expect(dialog.getByText(perPoundMessage)).toBeHidden();
    const created = page.waitForResponse((r) => isProWrite(r.request()) && r.request().method() === 'POST');
    await submit.click();
    const createAnswer = await created;
    expect(createAnswer.status(), await createAnswer.text()).toBe(201);
    expect(createAnswer.request().postDataJSON()).toMatchObject({ name, email, phone: '(803) 555-0123', perPoundRateCents: 75, hourlyRateCents: 0, status: 'active' });
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Laundry pro added')).toContainText(name);
    await expect(add).toBeFocused();

    const card = page.getByRole('article', { name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(email);
    await expect(card).toContainText('(803) 555-0123');
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText('No Stripe', { exact: true })).toBeVisible();
    await expect(fact(card, 'Rate per lb')).toHaveText('$0.75');
    await expect(fact(card, 'Active assignments')).toHaveText('0');
    await expect(fact(card, 'Completed orders')).toHaveText('0');
    await expect(fact(card, 'Unpaid earnings')).toContainText('$0.00');
    await expect(fact(card, 'Unpaid earnings')).toContainText('Per lb $0.00 · Tips $0.00');
    await expect(fact(card, 'Total earnings')).toHaveText('$0.00');
    await expect(card).toContainText('No assignments yet.');
    // no payment account yet: Edit, 'Set Up Stripe Account' (laundry-pro-assignments.spec.ts follows it)
    // and the pro portal's invitation (laundry-pro-payouts.spec.ts, decision 018)
    await expect(card.getByRole('button')).toHaveText(['Edit ' + name, 'Set Up Stripe Account for ' + name, 'Invite to Pro Portal for ' + name]);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // edited: inactive at 0.80 a pound, the whole profile sent again
    const edit = card.getByRole('button', { name: `Edit ${name}` });
    await edit.click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Laundry Professional' });
    await expect(editDialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(editDialog.getByLabel('Email')).toHaveValue(email);
    await expect(editDialog.getByLabel('Rate per lb ($)')).toHaveValue('0.75');
    await editDialog.getByLabel('Status').selectOption({ label: 'Inactive' });
    await editDialog.getByLabel('Rate per lb ($)').fill('0.80');
    await expectNoAxeViolations(page);
    const updated = page.waitForResponse((r) => isProWrite(r.request()) && r.request().method() === 'PUT');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    const updateAnswer = await updated;
    expect(updateAnswer.status(), await updateAnswer.text()).toBe(200);
    expect(updateAnswer.request().postDataJSON()).toMatchObject({ name, email, perPoundRateCents: 80, hourlyRateCents: 0, status: 'inactive' });
    await expect(editDialog).toBeHidden();
    await expect(toast(page, 'Laundry pro updated')).toContainText(name);
    await expect(edit).toBeFocused();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toHaveCount(0);
    await expect(fact(card, 'Rate per lb')).toHaveText('$0.80');
    await expect(page.getByRole('heading', { level: 2, name: 'Assignment Overview' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the server's refusal is shown beside its field and toasted; the list's failure offers Try again", async ({ page }) => {
    await signIn(page);
    await openLaundryPros(page);

    // a refusal the form cannot foresee (stood in for here), read as the server worded it
    const refuse = (route: Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'validation', message: 'Check the highlighted fields.', fields: { email: 'This email belongs to another pro' } } }) })
        : route.fallback();
    await page.route(isProList, refuse);
    await page.getByRole('button', { name: 'Add Laundry Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Laundry Professional' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Refused Pro');
    await dialog.getByLabel('Email').fill('taken@example.com');
    await dialog.getByRole('button', { name: 'Add Laundry Pro' }).click();
    const failed = toast(page, 'Failed to add laundry pro.');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('Check the highlighted fields.');
    await expect(dialog.getByText('This email belongs to another pro')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.unroute(isProList, refuse);

    // the list out of reach: the failure says so, with Try again, which loads the real list
    const unreachable = (route: Route) => route.abort();
    await page.route(isProList, unreachable);
    await page.reload();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to fetch laundry pros. Please try again.' });
    await expect(failure).toBeVisible();
    await expect(toast(page, 'Failed to fetch laundry pros. Please try again.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute(isProList, unreachable);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(failure).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Laundry Pro' })).toBeVisible();
  });

  test("an invited pro's card: a new email waits for the pro's confirmation from its link, then is the sign-in; Revoke Portal Access asks first, then signs the pro out", async ({ page, baseURL }, testInfo) => {
    test.slow();
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const name = `Ola Access ${stamp}`;
    const email = `ola.access.${stamp}@example.com`;
    const newEmail = `ola.new.${stamp}@example.com`;
    await signIn(page);
    const created = await page.request.post('/api/admin/pros', { data: { name, email }, headers: { origin: baseURL! } });
    expect(created.status(), await created.text()).toBe(201);
    const invited = await page.request.post(`/api/admin/pros/${((await created.json()) as { pro: { id: string } }).pro.id}/portal-invite`, { headers: { origin: baseURL! } });
    expect(await invited.json()).toEqual({ sentTo: email });
    await openLaundryPros(page);
    const card = page.getByRole('article', { name });
    await expect(card).toContainText(`Portal sign-in: ${email}`);
    await expect(card.getByRole('button', { name: `Resend Portal Invite for ${name}` })).toBeVisible();

    // the card's email changed: the sign-in keeps the confirmed one until the pro confirms
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Laundry Professional' });
    await editDialog.getByLabel('Email').fill(newEmail);
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editDialog).toBeHidden();
    await expect(card).toContainText(`Portal sign-in: ${email}`);
    await expect(card).toContainText(`${newEmail} becomes the sign-in once ${name} confirms it from the link sent there.`);
    // an invitation still goes to the confirmed address
    await card.getByRole('button', { name: `Resend Portal Invite for ${name}` }).click();
    await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`pro-access-${width}.png`), fullPage: false });
    }

    // the pro confirms the new address from the link sent to it, on their own device
    const link = await linkFromMail(page.request, newEmail, 'pro_email_confirm', '/pro/confirm-email?token=');
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email' })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`pro-confirm-email-${width}.png`) });
    }
    await page.getByRole('button', { name: 'Confirm New Email' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your new email is confirmed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`Sign in with ${newEmail}`);
    await expectNoAxeViolations(page);
    // the link works once
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm New Email' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'confirmation link' })).toHaveText('This confirmation link is not valid or has expired. Ask us to save your new email on your profile again for a fresh link.');

    // back at the office: the card shows the confirmed address as the sign-in
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await openLaundryPros(page);
    await expect(card).toContainText(`Portal sign-in: ${newEmail}`);
    await expect(card).not.toContainText('becomes the sign-in once');

    // revoke: asked first; Cancel changes nothing, Revoke Access signs the pro out
    const revoke = card.getByRole('button', { name: `Revoke Portal Access for ${name}` });
    await revoke.click();
    const ask = page.getByRole('alertdialog', { name: 'Revoke portal access?' });
    await expect(ask).toContainText(`${name} is signed out of the pro portal everywhere at once`);
    await expectNoAxeViolations(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(revoke).toBeFocused();
    await revoke.click();
    const revoked = page.waitForResponse((r) => r.url().endsWith('/portal-revoke'));
    await ask.getByRole('button', { name: 'Revoke Access' }).click();
    expect((await revoked).status()).toBe(200);
    await expect(toast(page, `Portal access revoked for ${name}`)).toBeVisible();
    await expect(card.getByText('Access revoked')).toBeVisible();
    await expect(card.getByRole('button', { name: `Invite Again for ${name}` })).toBeVisible();
    await expect(revoke).toBeHidden();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`pro-revoked-${width}.png`) });
    }
  });
});
