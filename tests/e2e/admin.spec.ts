// Staff access in the browser (spec: back-office 5, 6; docs/design.md 6): the login page and its toasts, the first sign-in with a
// temporary password, the Admin Users tab (create, one-time password, disable), the Audit tab, a
// disabled admin refused, a plain admin read-only, one-time links hidden in the Outbox, and the
// emailed password-reset link (read where its recipient would: the development mail viewer).
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, expectNoAxeViolations, firstMove, hydrationKeepsPrerender, test, withScriptsHeld } from './fixtures';
import { root, rootApi, signInApi } from './staff';

async function createStaff(api: APIRequestContext, email: string, role: 'admin' | 'master_admin') {
  const res = await api.post('/api/admin/admins', { data: { email, fullName: '', role } });
  expect(res.status(), `create ${email}`).toBe(201);
  return ((await res.json()) as { temporaryPassword: string }).temporaryPassword;
}

/** A unique address per test and project: the server and its database outlive each test. */
function uniqueEmail(name: string, project: string) {
  return `${name}-${project}-${Date.now().toString(36)}@e2e.washday.test`;
}

async function signInUi(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The first-password card right after signing in with the temporary password: it is not asked again. */
async function setOwnPassword(page: Page, chosen: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Temporary password')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm new password').fill(chosen);
  await page.getByRole('button', { name: 'Set Password and Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ has: page.getByText(title, { exact: true }) }).first();
}

test.describe('staff access', () => {
  // one root session per project: sign-in is rate-limited per IP (30 a minute) for the whole run
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('/admin/login is complete HTML at once (prerendered), hydrates without a mismatch, and signs in; ?forgot opens the reset form', async ({ page }) => {
    // the markup before any script: the form is there to read and type into
    const html = await (await page.request.get('/admin/login')).text();
    expect(html).toContain('Admin Login');
    expect(html).toMatch(/<input[^>]*type="email"/);
    // the app's code held until the prerendered page is marked: hydration must keep every element
    let releaseBoot!: () => void;
    const bootHeld = new Promise<void>((resolve) => (releaseBoot = resolve));
    await page.route('**/assets/boot-*.js', async (route) => {
      await bootHeld;
      await route.continue();
    });
    await page.goto('/admin/login', { waitUntil: 'domcontentloaded' });
    const keptPrerender = await hydrationKeepsPrerender(page);
    releaseBoot();
    await firstMove(page);
    await keptPrerender();
    await page.unroute('**/assets/boot-*.js');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // the reset form by its link: the app shell, rendered in the browser (never prerendered markup it would not match)
    const forgot = await (await page.request.get('/admin/login?forgot=1')).text();
    expect(forgot).not.toContain('Admin Login</h1>');
    await page.goto('/admin/login?forgot=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  });

  test('a Sign In pressed before /admin/login is live is held, never submitted natively: no password in an address', async ({ page }) => {
    // a slow phone: the page's first script runs, React's chunks arrive late
    for (let attempt = 1; attempt <= 3; attempt++) {
      const release = await withScriptsHeld(page, '/admin/login', async () => {
        await page.getByLabel('Email').fill(`early.${attempt}@e2e.washday.test`);
        await page.getByLabel('Password', { exact: true }).fill('not-the-password');
        await page.getByRole('button', { name: 'Sign In' }).click();
      });
      // the press reached the form once it was live: the server's refusal, on this page
      await expect(toast(page, 'Login Failed')).toBeVisible();
      expect(new URL(page.url()).search, `attempt ${attempt}`).toBe('');
      expect(page.url()).not.toContain('not-the-password');
      await release();
    }
  });

  test('the login page: required fields, the Forgot Password toggle, a failed sign-in', async ({ page }) => {
    expect(api, 'the root master admin exists').toBeTruthy();

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeFocused();
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    // the same answer whether or not the address belongs to anyone
    await page.getByLabel('Email').fill('nobody@e2e.washday.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Password Reset Email Sent')).toContainText('Check your email for the password reset link.');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await page.getByLabel('Email').fill(root.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Login Failed')).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a new master admin sets a password, creates and disables an admin, and reads the audit log', async ({ page, context, baseURL }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const masterEmail = uniqueEmail('master', testInfo.project.name);
    const masterTemporary = await createStaff(api, masterEmail, 'master_admin');

    await signInUi(page, masterEmail, masterTemporary);
    await expect(toast(page, 'Login Successful')).toContainText('Welcome to the admin dashboard!');
    await expect(page).toHaveURL(/\/admin$/);
    await setOwnPassword(page, 'Master-chosen-password-1');
    await expect(page.getByText('Admin Access - Authenticated')).toBeVisible();
    await expect(page.getByText(masterEmail).first()).toBeVisible();

    // the dashboard opens on All Bookings; the admins have their own tab
    await page.getByRole('tab', { name: 'Admin Users' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=admins$/);
    // create an admin: the temporary password is shown once
    const staffEmail = uniqueEmail('staff', testInfo.project.name);
    await page.getByRole('button', { name: 'Create Admin' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(staffEmail);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Casey Staff');
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
    await page.getByRole('button', { name: 'Create Admin' }).click();
    await expect(toast(page, 'Admin Created Successfully')).toContainText(`Send this password to ${staffEmail} securely.`);
    const panel = page.getByRole('region', { name: 'Temporary password for the new admin' });
    await expect(panel).toContainText("Save this password securely. It won't be shown again.");
    await expect(panel.getByRole('heading')).toBeFocused();
    const staffTemporary = (await panel.locator('code').textContent())!.trim();
    expect(staffTemporary).toMatch(/^[A-Za-z0-9]{12,}$/);
    await panel.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, 'Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(staffTemporary);
    // the admin's row: a table row on a wide screen, a card (list item) on a phone; toasts sit outside main
    const main = page.getByRole('main');
    const row = main.getByRole('listitem').or(main.getByRole('row')).filter({ hasText: staffEmail });
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('Temporary password');
    await expectNoAxeViolations(page);

    // the same address twice: the server's answer under the field
    await page.getByRole('textbox', { name: 'Email' }).fill(staffEmail);
    await page.getByRole('button', { name: 'Create Admin' }).click();
    await expect(toast(page, 'Error Creating Admin')).toContainText('An admin with this email already exists.');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('An admin with this email already exists.');

    await panel.getByRole('button', { name: "I've saved it" }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Admin Users \(\d+\)/ })).toBeFocused();

    // reset its password, after a confirmation: a new one-time password, focused
    await page.getByRole('button', { name: `Reset Password for ${staffEmail}` }).click();
    const resetDialog = page.getByRole('alertdialog', { name: 'Reset password' });
    await expect(resetDialog).toContainText(`Reset the password of ${staffEmail}?`);
    await expectNoAxeViolations(page);
    await resetDialog.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, 'Password Reset')).toBeVisible();
    const resetPanel = page.getByRole('region', { name: 'New temporary password' });
    await expect(resetPanel.getByRole('heading')).toBeFocused();
    await expect(resetPanel).toContainText("Save this password securely. It won't be shown again.");
    const newTemporary = (await resetPanel.locator('code').textContent())!.trim();
    expect(newTemporary).not.toBe(staffTemporary);
    await resetPanel.getByRole('button', { name: "I've saved it" }).click();

    // disable it, after a confirmation; focus comes back to the row's button
    await page.getByRole('button', { name: `Disable ${staffEmail}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Disable admin' });
    await expect(dialog).toContainText(`Disable ${staffEmail}? They will be signed out at once.`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(toast(page, 'Admin Status Updated')).toContainText('Admin disabled successfully.');
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Disabled');
    await expect(page.getByRole('button', { name: `Enable ${staffEmail}` })).toBeFocused();

    // nobody disables themselves: the own row has no actions
    const ownRow = main.getByRole('listitem').or(main.getByRole('row')).filter({ hasText: masterEmail });
    await expect(ownRow).toContainText('Your account');
    await expect(ownRow.getByRole('button')).toHaveCount(0);

    // the Audit tab, the last one, reached with the keyboard
    await page.getByRole('tab', { name: 'Admin Users' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Messages' })).toBeFocused();
    await page.keyboard.press('End');
    const auditTab = page.getByRole('tab', { name: 'Audit' });
    await expect(auditTab).toBeFocused();
    await expect(auditTab).toHaveAttribute('aria-selected', 'true');
    const auditPanel = page.getByRole('tabpanel', { name: 'Audit' });
    await expect(auditPanel.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    const entries = auditPanel.getByRole('listitem').or(auditPanel.getByRole('row'));
    await expect(entries.filter({ hasText: 'Disabled an admin' }).filter({ hasText: staffEmail })).toContainText(masterEmail);
    await expect(entries.filter({ hasText: 'Created an admin' }).filter({ hasText: staffEmail })).toContainText(masterEmail);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, 'Logged Out')).toContainText('You have been logged out successfully');
    await expect(page).toHaveURL(/\/admin\/login$/);

    // the disabled admin is refused
    await signInUi(page, staffEmail, newTemporary);
    await expect(toast(page, 'Access Disabled')).toContainText('Your admin access has been disabled');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a plain admin sees the admin list read-only and no Audit tab', async ({ page }, testInfo) => {
    const email = uniqueEmail('plain', testInfo.project.name);
    const temporary = await createStaff(api, email, 'admin');

    await signInUi(page, email, temporary);
    await setOwnPassword(page, 'Plain-admin-password-1');
    // every tab but the audit log, which is for master admins
    await expect(page.getByRole('tab')).toHaveText(['All Bookings', 'Day Board', 'Customer Details', 'Laundry Pros', 'Invoices', 'Gift Cards', 'Reports', 'Admin Users', 'Messages', 'Outbox', 'Settings']);
    // the settings to read, not to change (decision 055)
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByText('Only a master admin can change the settings.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Prices' }).getByLabel('Price per lb', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);
    await page.getByRole('tab', { name: 'All Bookings' }).click();
    // the tabs' own CSV downloads, but not everything at once (decision 027: the owner's)
    await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download all data (.zip)' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Admin Users' }).click();
    await expect(page.getByRole('heading', { name: /Admin Users \(\d+\)/ })).toBeVisible();
    await expect(page.getByText('Only master admins manage admins')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Admin' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Disable|Enable|Reset Password)/ })).toHaveCount(0);
    await expect(page.getByRole('main').getByText(root.email).filter({ visible: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a plain admin who asks for the root's reset link finds it hidden in the Outbox", async ({ page, baseURL }, testInfo) => {
    const email = uniqueEmail('outbox-reader', testInfo.project.name);
    const temporary = await createStaff(api, email, 'admin');
    await signInUi(page, email, temporary);
    await setOwnPassword(page, 'Outbox-reader-password-1');

    // what the login page's Forgot Password sends, for the root master admin's address
    const asked = await page.request.post('/api/auth/request-password-reset', {
      data: { email: root.email, redirectTo: '/admin/reset-password' },
      headers: { origin: baseURL! },
    });
    expect(asked.status()).toBe(200);
    expect(asked.headers()['cache-control']).toBe('no-store');

    await page.getByRole('tab', { name: 'Outbox' }).click();
    await page.getByRole('combobox', { name: 'Channel' }).selectOption('email');
    const panel = page.getByRole('tabpanel', { name: 'Outbox' });
    await expect(panel).toContainText('One-time links (password reset, cancellation) are hidden');
    const message = panel.getByRole('listitem').filter({ hasText: /Reset your .+ admin password/ }).filter({ hasText: root.email }).first();
    await expect(message).toContainText('one-time link hidden: sent only to the recipient');
    await expect(message).not.toContainText('reset-password');
    expect(await page.content()).not.toContain('/api/auth/reset-password/');
    await expectNoAxeViolations(page);
    await message.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`outbox-hidden-link-${testInfo.project.name}.png`), fullPage: false });

    // the API answers the same: no token anywhere, and nothing cached
    const listed = await page.request.get('/api/admin/outbox?channel=email');
    expect(listed.headers()['cache-control']).toBe('no-store');
    expect(await listed.text()).not.toContain('/api/auth/reset-password/');
  });

  test('the emailed reset link sets a new password; a bad link says so', async ({ page, baseURL }, testInfo) => {
    const email = uniqueEmail('reset', testInfo.project.name);
    const temporary = await createStaff(api, email, 'admin');
    // this admin has chosen their own password already
    const own = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    await signInApi(own, baseURL!, email, temporary);
    expect((await own.post('/api/admin/me/password', { data: { currentPassword: temporary, newPassword: 'Forgotten-password-1' } })).status()).toBe(200);
    await own.dispose();

    await page.goto('/admin/reset-password?error=INVALID_TOKEN');
    await expect(page.getByRole('heading', { level: 1, name: 'This reset link is not valid' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Password Reset Email Sent')).toBeVisible();

    // no mail server here: the email waits in the outbox
    let link = '';
    await expect
      .poll(async () => {
        const list = await (await page.request.get('/dev/mail')).text();
        const rowHtml = list.split('<tr>').find((r) => r.includes(email) && r.includes('password_reset'));
        const id = rowHtml?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1];
        if (!id) return '';
        const html = await (await page.request.get(`/dev/mail/${id}`)).text();
        link = (html.match(/href="(http[^"]*\/api\/auth\/reset-password\/[^"]+)"/)?.[1] ?? '').replace(/&amp;/g, '&');
        return link;
      })
      .toContain('/api/auth/reset-password/');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page).toHaveURL(/\/admin\/reset-password\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('Use at least 10 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Remembered-password-1');
    await page.getByLabel('Confirm new password').fill('Remembered-password-2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('The two passwords do not match')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Confirm new password').fill('Remembered-password-1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(toast(page, 'Password Updated')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await signInUi(page, email, 'Remembered-password-1');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    // the link works once
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page).toHaveURL(/\/admin\/reset-password\?error=INVALID_TOKEN/);
    await expect(page.getByRole('heading', { level: 1, name: 'This reset link is not valid' })).toBeVisible();
  });
});
