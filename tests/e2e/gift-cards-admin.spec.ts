// The back office's Gift Cards tab and the dashboard's gift-card sales (beyond the spec; docs/design.md 9,
// revenue; decision 015): a card bought the way a visitor buys one is listed newest first with its
// code masked but the last 4 (the code is its recipient's secret: read here only where the
// recipient reads it, the development mail viewer, and never found in the page), its email sent
// again after a confirmation, the list's loading, empty and failure states, its page kept in the
// address, and axe on each.
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { device, expect, expectNoAxeViolations, test } from './fixtures';
import { root, rootApi } from './staff';

type StaffGiftCard = {
  id: string;
  maskedCode: string;
  amountCents: number;
  balanceCents: number;
  purchaserEmail: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  sold: boolean;
};
type Sold = { card: StaffGiftCard; code: string; purchaserEmail: string; recipientName: string; recipientEmail: string };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (cents: number) => usd.format(cents / 100);
/** The codes' alphabet: no look-alikes (0/O, 1/I/L). */
const codeCharacters = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]+$/;

async function giftCardSalesCents(api: APIRequestContext) {
  return ((await (await api.get('/api/admin/stats')).json()) as { giftCardSalesCents: number }).giftCardSalesCents;
}

async function staffGiftCards(api: APIRequestContext) {
  const res = await api.get('/api/admin/gift-cards?page=1');
  expect(res.status()).toBe(200);
  return { text: await res.text(), body: (await res.json()) as { giftCards: StaffGiftCard[]; total: number } };
}

/**
 * The code, from the recipient's email in the development mail viewer: the one token of the
 * codes' alphabet that ends with the 4 characters the back office shows.
 */
async function codeFromRecipientEmail(api: APIRequestContext, recipientEmail: string, last4: string) {
  let code = '';
  await expect
    .poll(async () => {
      const list = await (await api.get('/dev/mail')).text();
      // a row is created, channel, kind, to, subject: the one sent to the recipient (not the purchaser's receipt)
      const id = list
        .split('<tr>')
        .find((row) => row.split('<td>')[4]?.includes(recipientEmail))
        ?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1];
      if (!id) return '';
      const text = (await (await api.get(`/dev/mail/${id}`)).text()).replace(/<[^>]*>/g, ' ');
      const found = [...new Set(text.match(/[A-Z0-9]{5,12}/g) ?? [])].filter((t) => codeCharacters.test(t) && t.endsWith(last4));
      code = found.length === 1 ? found[0]! : '';
      return code;
    }, `the gift-card code in the email to ${recipientEmail}`)
    .toMatch(/^[A-Z0-9]{5,12}$/);
  return code;
}

/** A gift card bought the way a visitor buys one: the purchase, then the local checkout paid. */
async function soldGiftCard(api: APIRequestContext, amountDollars: number): Promise<Sold> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const purchaserEmail = `gift.buyer.${stamp}@example.com`;
  const recipientName = `Gift Friend ${stamp}`;
  const recipientEmail = `gift.friend.${stamp}@example.com`;
  const res = await api.post('/api/gift-cards/purchase', {
    data: { amount: amountDollars, purchaser_email: purchaserEmail, recipient_name: recipientName, recipient_email: recipientEmail, message: 'Happy laundry day!', terms_accepted: true },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const { url } = (await res.json()) as { url: string; session_id: string };
  const sessionId = new URL(url).pathname.split('/').pop()!;
  const pay = await api.post(`/dev/checkout/${sessionId}/pay`, { form: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', zip: '29072' }, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  // the signed event reaches the webhook right after: wait until the card is issued
  let card: StaffGiftCard | undefined;
  await expect
    .poll(async () => {
      card = (await staffGiftCards(api)).body.giftCards.find((c) => c.recipientEmail === recipientEmail);
      return card?.sold ?? false;
    }, 'the card issued by the gateway\'s word')
    .toBe(true);
  const code = await codeFromRecipientEmail(api, recipientEmail, card!.maskedCode.slice(-4));
  return { card: card!, code, purchaserEmail, recipientName, recipientEmail };
}

async function signIn(page: Page, email = root.email, password = root.password) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function openGiftCards(page: Page) {
  await page.getByRole('tab', { name: 'Gift Cards' }).click();
  await expect(page).toHaveURL(/[?&]tab=gift-cards/);
}

function toast(page: Page, title: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
}

/** A table row on a wide screen, a card (list item) on a phone. */
function cardRow(page: Page, recipientEmail: string) {
  const main = page.getByRole('main');
  return main.getByRole('row').or(main.getByRole('listitem')).filter({ hasText: recipientEmail });
}

/** Nothing wider than the screen: the table scrolls inside its own region, cards wrap. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const isGiftCardList = (url: URL) => url.pathname === '/api/admin/gift-cards';

test.describe('gift cards in the back office', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('a $60 card sold on the site: the dashboard counts it apart from revenue; the tab lists it masked; its email goes again after a confirmation', async ({ page }, testInfo) => {
    const before = await giftCardSalesCents(api);
    const sold = await soldGiftCard(api, 60);
    const { card, code } = sold;
    // the code works: it is the card's, with its whole amount
    const checked = (await (await api.post('/api/gift-cards/validate', { data: { giftCardCode: code } })).json()) as { valid: boolean; balance: number };
    expect(checked).toMatchObject({ valid: true, balance: 6000 });
    expect(card).toMatchObject({ amountCents: 6000, balanceCents: 6000, purchaserEmail: sold.purchaserEmail, recipientName: sold.recipientName, sold: true });
    // staff never read the code, not even in the API's answer
    expect(card.maskedCode).not.toContain(code);
    expect(card.maskedCode.slice(-4)).toBe(code.slice(-4));
    expect((await staffGiftCards(api)).text).not.toContain(code);

    // every answer the back office gets in this test is searched for the code too
    const answers: Promise<string>[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) answers.push(r.text().catch(() => ''));
    });

    // the dashboard: gift-card sales as their own figure, not in Total Revenue
    await expect.poll(() => giftCardSalesCents(api)).toBe(before + 6000);
    const sales = before + 6000;
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' });
    const salesCard = summary.getByRole('heading', { name: 'Gift Card Sales' }).locator('..');
    await expect(salesCard).toContainText(dollars(sales));
    await expect(salesCard).toContainText('not revenue until used');
    await expect(summary.getByRole('heading', { name: 'Total Revenue' })).toBeVisible();
    await expectNoAxeViolations(page);

    // the tab: newest first, so this card is on the first page
    await openGiftCards(page);
    await expect(page.getByRole('heading', { name: /^Gift Cards \(\d+\)$/ })).toBeVisible();
    const row = cardRow(page, sold.recipientEmail);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(card.maskedCode);
    await expect(row).toContainText(dollars(6000));
    await expect(row).toContainText(sold.purchaserEmail);
    await expect(row).toContainText(sold.recipientName);
    await expect(row).toContainText('Sold');
    // a screen reader hears the last 4, not a row of mask characters
    await expect(row.getByText(`Code ending ${code.slice(-4)}`)).toBeAttached();
    // the first listed is the newest
    const firstListed = page.getByRole('main').getByRole('row').or(page.getByRole('main').getByRole('listitem')).filter({ hasText: '@' }).first();
    await expect(firstListed).toContainText(sold.recipientEmail);
    // a table on a wide screen, one card per gift card on a phone; nothing wider than the screen
    if (device(testInfo) === 'phone') await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
    else await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await page.content()).not.toContain(code);
    await expectNoAxeViolations(page);

    // Resend asks first; Cancel sends nothing
    const resendCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === `/api/admin/gift-cards/${card.id}/resend`) resendCalls.push(r.url());
    });
    const resendButton = row.getByRole('button', { name: `Resend email to ${sold.recipientEmail}` });
    await resendButton.click();
    const confirm = page.getByRole('alertdialog', { name: 'Resend the gift card email?' });
    await expect(confirm).toContainText(sold.recipientName);
    await expect(confirm).toContainText(sold.recipientEmail);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(resendButton).toBeFocused();
    expect(resendCalls).toEqual([]);

    // then sends, and the toast is the server's own sentence
    await resendButton.click();
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/admin/gift-cards/${card.id}/resend`);
    await confirm.getByRole('button', { name: 'Resend email' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    const { message } = (await answer.json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);
    await expect(toast(page, message)).toBeVisible();
    await expect(confirm).toBeHidden();
    expect(resendCalls).toHaveLength(1);
    expect(message).not.toContain(code);
    expect(await page.content()).not.toContain(code);
    await expectNoAxeViolations(page);

    // a refusal reads as the server worded it (the answer stood in for here: a real one needs a broken mail path)
    const isResend = (url: URL) => url.pathname === `/api/admin/gift-cards/${card.id}/resend`;
    await page.route(
      isResend,
      (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many emails for this card. Try again in a few minutes.' } }) }),
    );
    await resendButton.click();
    await confirm.getByRole('button', { name: 'Resend email' }).click();
    const refused = toast(page, 'The gift card email was not sent');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('Too many emails for this card. Try again in a few minutes.');
    await expect(confirm).toBeHidden();
    await page.unroute(isResend);

    for (const body of await Promise.all(answers)) expect(body).not.toContain(code);
  });

  test('the list while it loads, when there are no cards, and when it cannot be loaded (then Try again)', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    // loading, then empty (the answer held back, then an empty page stood in for the real one)
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const empty = async (route: Route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ giftCards: [], total: 0, page: 1, pageSize: 25 }) });
    };
    await page.route(isGiftCardList, empty);
    await openGiftCards(page);
    await expect(page.getByRole('status').filter({ hasText: 'Loading gift cards...' })).toBeVisible();
    release();
    await expect(page.getByText('No gift cards sold yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gift Cards (0)' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute(isGiftCardList, empty);

    // the server out of reach: the failure says so, with Try again, which loads the real list
    const unreachable = (route: Route) => route.abort();
    await page.route(isGiftCardList, unreachable);
    await page.reload();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to load gift cards.' });
    await expect(failure).toBeVisible();
    await expect(toast(page, 'Failed to load gift cards.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute(isGiftCardList, unreachable);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: /^Gift Cards \(\d+\)$/ })).toBeVisible();
    await expect(failure).toBeHidden();
    await expectNoSidewaysScroll(page);
  });

  test('the page lives in the address: a reload keeps it, back returns, a page past the end shows the last one', async ({ page }) => {
    // 60 cards, 25 a page, answered by the page asked for (a long email and name in each, as real ones have)
    const cards = Array.from({ length: 60 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      maskedCode: `••••••••${String(i).padStart(4, 'Q')}`,
      amountCents: 5000,
      balanceCents: 2500,
      purchaserEmail: `a.very.long.purchaser.address.${i}@lexington-dental-office.example`,
      recipientName: `Alexandria Montgomery-Whitfield ${i}`,
      recipientEmail: `alexandria.montgomery-whitfield.${i}@example.com`,
      createdAt: '2026-11-20T15:00:00.000Z',
      sold: i % 2 === 0,
    }));
    const paged = (route: Route) => {
      const n = Number(new URL(route.request().url()).searchParams.get('page') ?? '1');
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ giftCards: cards.slice((n - 1) * 25, n * 25), total: 60, page: n, pageSize: 25 }) });
    };
    await page.route(isGiftCardList, paged);
    await signIn(page);
    await openGiftCards(page);
    const pages = page.getByRole('navigation', { name: 'Gift card pages' });
    await expect(pages).toContainText('Page 1 of 3');
    // two quick clicks go two pages on, even on a slow phone where the first page's render is late
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByRole('button', { name: 'Next' }).click();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(pages).toContainText('Page 3 of 3');
    await expect(page).toHaveURL(/[?&]page=3/);
    await expect(page.getByText('Alexandria Montgomery-Whitfield 59', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.reload();
    await expect(pages).toContainText('Page 3 of 3');
    await expect(page.getByText('Alexandria Montgomery-Whitfield 59', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goBack();
    await expect(pages).toContainText('Page 2 of 3');

    await page.goto('/admin?tab=gift-cards&page=9');
    await expect(pages).toContainText('Page 3 of 3');
    await expect(page).toHaveURL(/[?&]page=3/);
    await page.unroute(isGiftCardList, paged);
  });

  test('a plain admin has the Gift Cards tab too', async ({ page }, testInfo) => {
    const email = `gift-reader-${testInfo.project.name}-${Date.now().toString(36)}@e2e.washday.test`;
    const created = await api.post('/api/admin/admins', { data: { email, fullName: '', role: 'admin' } });
    expect(created.status()).toBe(201);
    const { temporaryPassword } = (await created.json()) as { temporaryPassword: string };
    await signIn(page, email, temporaryPassword);
    await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
    // just signed in with it: the temporary password is not asked again (as admin.spec.ts checks)
    await expect(page.getByLabel('Temporary password')).toHaveCount(0);
    await page.getByLabel('New password', { exact: true }).fill('Gift-reader-password-1');
    await page.getByLabel('Confirm new password').fill('Gift-reader-password-1');
    await page.getByRole('button', { name: 'Set Password and Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await openGiftCards(page);
    await expect(page.getByRole('heading', { name: /^Gift Cards \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load gift cards.' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
