// The Audit tab in the browser (docs/design.md 6): a weighing said in words with the booking's WD- code
// and the person's name, the code opening the booking in All Bookings, filters by action, person
// and day kept in the address, and paging on the server; a table at 1280 px, cards on a phone.
import type { APIRequestContext, Page } from '@playwright/test';
import { paidBooking, signIn } from './back-office-flows';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { root, rootApi } from './staff';

const rootName = 'Master Admin';
const businessToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
const daysBefore = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/** The Audit tab's entries: table rows on a wide screen, cards (list items) on a phone. */
function entries(page: Page) {
  const panel = page.getByRole('tabpanel', { name: 'Audit' });
  return panel.getByRole('listitem').or(panel.getByRole('row').filter({ has: page.getByRole('cell') }));
}

test.describe('the audit log', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('a weighing reads in words with its WD- code and who did it, filtered by action and paged', async ({ page }) => {
    // two paid bookings and 27 staff actions before the tab opens, then a dozen list loads
    test.slow();
    // more than a page of one action: the price per lb of a booking, changed back and forth
    const priced = await paidBooking(api, 'Audit Price', {});
    for (let i = 0; i < 26; i++) expect((await api.post(`/api/admin/bookings/${priced.id}/price-per-pound`, { data: { pricePerPoundCents: i % 2 === 0 ? 200 : 175 } })).status()).toBe(200);
    // then a 1-bag booking with oxi-clean ($32.50 authorised) weighed at 14.2 lb: $25.85 captured, $6.65 released
    const booked = await paidBooking(api, 'Audit Weigh', { oxiClean: true });
    const weighed = await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 14.2 } });
    expect(weighed.status()).toBe(200);

    await signIn(page);
    await page.getByRole('tab', { name: 'Audit' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=audit$/);
    const panel = page.getByRole('tabpanel', { name: 'Audit' });
    await expect(panel.getByRole('heading', { name: /^Audit Log \(\d[\d,]*\)$/ })).toBeVisible();

    const weighing = entries(page).filter({ hasText: `Weighed ${booked.confirmation} at 14.2 lb (bill $25.85), captured $25.85, released $6.65` });
    await expect(weighing).toHaveCount(1);
    await expect(weighing).toContainText('Weighed and charged a booking');
    await expect(weighing).toContainText(rootName);
    await expect(weighing).toContainText(root.email);
    await expect(weighing).toContainText('$25.85');
    // no raw key or id anywhere on the tab
    await expect(panel).not.toContainText(booked.id);
    await expect(panel).not.toContainText('booking.weight_processed');
    await expectNoAxeViolations(page);

    // filter by action: only weighings, in the address
    await panel.getByLabel('Action').selectOption({ label: 'Weighed and charged a booking' });
    await expect(page).toHaveURL(/[?&]action=booking\.weight_processed(&|$)/);
    await expect(weighing).toHaveCount(1);
    await expect(entries(page).filter({ hasNotText: 'Weighed and charged a booking' })).toHaveCount(0);

    // and by day (the business's): today has it, a range ending yesterday does not
    await panel.getByLabel('From').fill(businessToday());
    await expect(page).toHaveURL(new RegExp(`[?&]from=${businessToday()}`));
    await expect(weighing).toHaveCount(1);
    await panel.getByLabel('From').fill(daysBefore(businessToday(), 7));
    await panel.getByLabel('To').fill(daysBefore(businessToday(), 1));
    await expect(panel.getByText('No actions match these filters.')).toBeVisible();
    await panel.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=audit$/);

    // paging on the server: the price changes fill more than a page of 25
    await panel.getByLabel('Action').selectOption({ label: 'Changed the price per lb' });
    await panel.getByLabel('Person').selectOption({ label: `${rootName} (${root.email})` });
    await expect(page).toHaveURL(/[?&]by=root-master%40e2e\.washday\.test/);
    const pages = panel.getByRole('navigation', { name: 'Audit log pages' });
    await expect(pages).toContainText(/Page 1 of \d+/);
    await expect(entries(page)).toHaveCount(25);
    await expect(entries(page).first()).toContainText(`Changed the price per lb of ${priced.confirmation} from`);
    const firstOnPage1 = await entries(page).first().textContent();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pages).toContainText(/Page 2 of \d+/);
    await expect(entries(page).first()).not.toHaveText(firstOnPage1!);
    await expect(panel).toContainText(/Showing 26–\d+ of \d+/);
    // the address keeps the page and the filters through a reload
    await page.reload();
    await expect(page.getByRole('tabpanel', { name: 'Audit' }).getByRole('navigation', { name: 'Audit log pages' })).toContainText(/Page 2 of \d+/);
    await expect(page.getByRole('tabpanel', { name: 'Audit' }).getByLabel('Action')).toHaveValue('booking.price_per_pound_changed');
    await expectNoAxeViolations(page);

    // the booking's code opens it in All Bookings
    await page.goto('/admin?tab=audit&action=booking.weight_processed');
    await entries(page).filter({ hasText: booked.confirmation }).getByRole('link', { name: `Open ${booked.confirmation} in All Bookings` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${booked.confirmation}$`));
    await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible();
  });
});
