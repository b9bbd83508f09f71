// Ratings as staff and pros read them (decision 063): a pro's two orders are delivered and rated by
// their customers from the delivery email's link (5 stars with a long comment, 4 without), a third
// is delivered and its rating email sent but not rated. Staff see each rating and comment on the
// booking's row in All Bookings and the pro's average on the Laundry Pros card; the pro sees their
// own average in the portal, and no comment. At 1280 and 375 px, nothing wider than the screen.
import type { APIRequestContext, Page } from '@playwright/test';
import { findRow, paidBooking, signIn, type Booked } from './back-office-flows';
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow, test } from './fixtures';
import { linkFromMail } from './mail';
import { rootApi } from './staff';

const proPassword = 'Ratings-e2e-2026-pro';
const widths = [1280, 375];

/** A pro staff added and invited, whose password is set from the emailed link. */
async function invitedPro(api: APIRequestContext, stamp: string) {
  const name = `Rae Rated ${stamp}`;
  const email = `rae.rated.${stamp}@example.com`;
  const created = await api.post('/api/admin/pros', { data: { name, email, perPoundRateCents: 75 } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { pro: { id: string } }).pro.id;
  expect((await api.post(`/api/admin/pros/${id}/portal-invite`)).status()).toBe(200);
  const link = await linkFromMail(api, email, 'pro_password_link', '/api/auth/reset-password/');
  const token = link.split('?')[0]!.split('/').pop()!;
  const reset = await api.post('/api/auth/reset-password', { data: { token, newPassword: proPassword } });
  expect(reset.status(), await reset.text()).toBe(200);
  return { id, name, email };
}

/** A paid booking done by the pro: picked up, weighed, delivered, and the rating email sent. */
async function deliveredAndAsked(api: APIRequestContext, who: string, proId: string): Promise<Booked> {
  const booked = await paidBooking(api, who, {});
  const step = async (path: string, data?: unknown) => {
    const res = await api.post(`/api/admin/bookings/${booked.id}/${path}`, data === undefined ? {} : { data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  };
  await step('laundry-pro', { laundryProId: proId });
  await step('status', { status: 'in-progress' });
  await step('weight', { actualWeight: 12 });
  await step('status', { status: 'delivered' });
  await step('delivery-confirmation');
  return booked;
}

/** The customer rates from the link in their delivery email. */
async function rateFromMail(api: APIRequestContext, booked: Booked, stars: number, comment?: string) {
  const link = await linkFromMail(api, booked.email, 'delivery_confirmation', '/rate?booking_id=');
  const token = new URL(link, 'http://localhost').searchParams.get('token')!;
  const res = await api.post(`/api/bookings/${booked.id}/rating`, { data: { token, stars, ...(comment ? { comment } : {}) } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A booking in All Bookings, found by its code: on a wide screen its group of rows (the row, and
 * the rating's row under it), on a phone its card.
 */
async function bookingIn(page: Page, confirmation: string) {
  await findRow(page, confirmation);
  const list = page.getByRole('main');
  return list.getByRole('rowgroup').or(list.getByRole('listitem')).filter({ hasText: confirmation });
}

/** Nothing wider than the screen, and no box of the page scrolling sideways (the tab bar scrolls on a phone by design). */
async function expectFits(page: Page) {
  await expectNoHorizontalOverflow(page);
  const scrolled = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((e) => e.getAttribute('role') !== 'tablist' && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.getAttribute('aria-label') ?? e.tagName} ${e.scrollWidth} > ${e.clientWidth}`),
  );
  expect(scrolled, 'a box scrolls sideways').toEqual([]);
}

test.describe('ratings for staff and pros (decision 063)', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('All Bookings shows a rating and its comment, the pro’s card their average, the pro portal the pro’s own', async ({ page }, testInfo) => {
    // three orders taken all the way to delivery, then staff and the pro at both widths
    test.slow();
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const pro = await invitedPro(api, stamp);
    const five = await deliveredAndAsked(api, 'Five Stars', pro.id);
    const four = await deliveredAndAsked(api, 'Four Stars', pro.id);
    const waiting = await deliveredAndAsked(api, 'Not Yet', pro.id);
    // a long comment with a long unbroken word: it wraps inside the row, never widens it
    const comment = `Everything came back folded beautifully and smelled fresh. ${'The driver texted before arriving and left the bags exactly where I asked. '.repeat(4)}Tracking: WD-${'0123456789'.repeat(6)}`;
    await rateFromMail(api, five, 5, comment);
    await rateFromMail(api, four, 4);

    await signIn(page);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      // the rated row: stars in words and the comment, whole
      let row = await bookingIn(page, five.confirmation);
      await expect(row).toContainText('Rated 5 out of 5 (Excellent)');
      await expect(row.getByText(comment)).toBeVisible();
      await expectFits(page);
      await expectNoAxeViolations(page);
      // rated without a comment: the stars' words alone
      row = await bookingIn(page, four.confirmation);
      await expect(row).toContainText('Rated 4 out of 5 (Very good)');
      await expect(row.locator('blockquote')).toHaveCount(0);
      // the rating email went, no rating yet
      row = await bookingIn(page, waiting.confirmation);
      await expect(row).toContainText('Rating email sent, not rated yet');
      await expect(row).not.toContainText(/Rated \d out of 5/);
      await expectFits(page);
    }

    // the pro's card: the average of 5 and 4, from 2 orders (the third is not rated)
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('tab', { name: 'Laundry Pros' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Laundry Pros', exact: true })).toBeVisible();
    const card = page.getByRole('article', { name: pro.name });
    await expect(card.getByText('4.5 out of 5 from 2 orders')).toBeVisible();
    await expect(card).not.toContainText(comment.slice(0, 30));
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText('4.5 out of 5 from 2 orders')).toBeVisible();
      await expectFits(page);
    }
    await expectNoAxeViolations(page);

    // the pro, signed in on their own device: their own figure, no comment, no customer
    await page.context().clearCookies();
    await page.goto('/pro');
    await expect(page.getByRole('heading', { level: 1, name: 'Pro Portal' })).toBeVisible();
    await page.getByLabel('Email').fill(pro.email);
    await page.getByLabel('Password', { exact: true }).fill(proPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Hi, ${pro.name}` })).toBeVisible();
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByText('Your rating')).toBeVisible();
      await expect(page.getByText('4.5 out of 5', { exact: true })).toBeVisible();
      await expect(page.getByText('from 2 orders', { exact: true })).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText(comment.slice(0, 30));
      await expect(page.getByRole('main')).not.toContainText(five.name);
      await expectFits(page);
      await expectNoAxeViolations(page);
    }
  });
});
