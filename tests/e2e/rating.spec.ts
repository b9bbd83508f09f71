// Rating an order from the delivery email (decision 063), at 1280 and 375 px: a star link opens the
// rating page with its stars chosen and records nothing until Send; the rating is sent once, and
// shown on every later visit; a low one tells the business. A bad link says so and gives the phone.
import type { APIRequestContext } from '@playwright/test';
import { findRow, paidBooking, signIn } from './back-office-flows';
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow, test } from './fixtures';
import { linkFromMail } from './mail';
import { rootApi } from './staff';

test.describe('rating an order', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  /** Weighed, delivered and sent its delivery email; the email's link for these stars. */
  async function deliveredLink(who: string, stars: number) {
    const booked = await paidBooking(api, who, {});
    expect((await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 12 } })).status()).toBe(200);
    expect((await api.post(`/api/admin/bookings/${booked.id}/status`, { data: { status: 'delivered' } })).status()).toBe(200);
    expect((await api.post(`/api/admin/bookings/${booked.id}/delivery-confirmation`)).status()).toBe(200);
    const first = await linkFromMail(api, booked.email, 'delivery_confirmation', '/rate?booking_id=');
    return { booked, link: first.replace(/stars=1$/, `stars=${stars}`) };
  }
  const ratingOf = async (id: string, link: string) => {
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    return ((await (await api.get(`/api/bookings/${id}/rating?token=${encodeURIComponent(token)}`)).json()) as { rating: { stars: number; comment: string | null } | null }).rating;
  };

  test('the 2-star link opens the page with 2 chosen; sent with a comment, it thanks, says we will be in touch, and the business is told', async ({ page }) => {
    const { booked, link } = await deliveredLink('Rita Low', 2);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'How did we do?' })).toBeVisible();
    await expect(page.getByText(booked.confirmation)).toBeVisible();
    await expect(page.getByRole('radio', { name: '2 stars: Fair' })).toBeChecked();
    // opening the link recorded nothing: a mail scanner that follows it rates nothing
    expect(await ratingOf(booked.id, link)).toBeNull();
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);

    await page.getByLabel('Anything to tell us? (optional)').fill('Two shirts came back damp.');
    await expect(page.getByText('26/1000 characters.')).toBeVisible();
    await page.getByRole('button', { name: 'Send my rating: 2 stars' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your rating' })).toBeFocused();
    await expect(page.getByRole('img', { name: '2 out of 5 stars' })).toBeVisible();
    await expect(page.getByText('“Two shirts came back damp.”')).toBeVisible();
    await expect(page.getByText(/We are sorry we let you down\. .+ has been told and will get in touch/)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    expect(await ratingOf(booked.id, link)).toEqual({ stars: 2, comment: 'Two shirts came back damp.', ratedAt: expect.any(String) });

    // the business's email, reply-to the customer
    await expect.poll(async () => (await (await api.get('/dev/mail')).text()).split('<tr>').some((r) => r.includes('low_rating') && r.includes(booked.confirmation))).toBe(true);

    // the link again, any star: the rating as given, no form
    await page.goto(link.replace(/stars=2$/, 'stars=5'));
    await expect(page.getByRole('heading', { level: 1, name: 'You rated this order' })).toBeVisible();
    await expect(page.getByRole('img', { name: '2 out of 5 stars' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Send my rating/ })).toHaveCount(0);
  });

  test('a link without stars asks for them beside the stars; keyboard choice; a good rating thanks', async ({ page }) => {
    const { booked, link } = await deliveredLink('Gil Good', 1);
    await page.goto(link.replace(/&stars=1$/, ''));
    await expect(page.getByRole('radio', { name: /stars?:/ })).toHaveCount(5);
    await page.getByRole('button', { name: 'Send my rating' }).click();
    await expect(page.getByText('Choose from 1 to 5 stars.', { exact: true })).toBeVisible();
    expect(await ratingOf(booked.id, link)).toBeNull();
    // arrow keys move through the stars as through any radio group
    // a tap on the third star chooses it
    await page.locator('label').filter({ has: page.getByRole('radio', { name: '3 stars: Good' }) }).click();
    await expect(page.getByRole('radio', { name: '3 stars: Good' })).toBeChecked();
    await expect(page.getByText('Choose from 1 to 5 stars.', { exact: true })).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '5 stars: Excellent' })).toBeChecked();
    await page.getByRole('button', { name: 'Send my rating: 5 stars' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your rating' })).toBeVisible();
    await expect(page.getByText(/Thank you for choosing/)).toBeVisible();
    expect(await ratingOf(booked.id, link)).toMatchObject({ stars: 5, comment: null });
  });

  test('rated meanwhile in another tab: a different rating is refused with the reason, and nothing changes', async ({ page }) => {
    const { booked, link } = await deliveredLink('Tab Twice', 4);
    await page.goto(link);
    await expect(page.getByRole('radio', { name: '4 stars: Very good' })).toBeChecked();
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect((await api.post(`/api/bookings/${booked.id}/rating`, { data: { token, stars: 1 } })).status()).toBe(200);
    await page.getByRole('button', { name: 'Send my rating: 4 stars' }).click();
    await expect(page.getByRole('alert')).toHaveText('This order has already been rated. Thank you! To add anything, please call or email us.');
    expect(await ratingOf(booked.id, link)).toMatchObject({ stars: 1 });
  });

  test('Your orders offers "Rate this order" once the delivery email went out, and then shows the stars', async ({ page }) => {
    const { booked } = await deliveredLink('Orders Rater', 5);
    await page.goto('/orders');
    await page.getByLabel(/Email or phone number you booked with/).fill(booked.email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await linkFromMail(api, booked.email, 'orders_sign_in_link', '/orders?token='));
    const card = page.getByRole('article', { name: `Order ${booked.confirmation}` });
    await card.getByRole('link', { name: 'Rate this order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'How did we do?' })).toBeVisible();
    await page.locator('label').filter({ has: page.getByRole('radio', { name: '4 stars: Very good' }) }).click();
    await page.getByRole('button', { name: 'Send my rating: 4 stars' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your rating' })).toBeVisible();
    await page.getByRole('link', { name: 'Your orders' }).last().click();
    await expect(card.getByRole('link', { name: 'You rated it 4 out of 5' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test("staff read the rating and its comment on the customer's page", async ({ page }) => {
    const { booked, link } = await deliveredLink('Page Rater', 2);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect((await api.post(`/api/bookings/${booked.id}/rating`, { data: { token, stars: 2, comment: 'The socks went missing.' } })).status()).toBe(200);
    await signIn(page);
    const row = await findRow(page, booked.confirmation);
    await row.getByRole('button', { name: `Details for ${booked.name}` }).click();
    await page.getByRole('button', { name: `Customer page of ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: booked.name });
    await expect(dialog.getByTestId('order-rating')).toHaveText('Rated 2 out of 5 (Fair): “The socks went missing.”');
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
  });

  test('a changed or missing link says so, with how to reach us', async ({ page }) => {
    const { link } = await deliveredLink('Bad Link', 5);
    await page.goto(link.replace(/token=\d/, 'token=9'));
    await expect(page.getByRole('heading', { level: 1, name: 'Rate your order' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This rating link is not valid or has expired. Please use the link in your delivery email, or call us.');
    await expect(page.getByText('To tell us how we did, call or email us:')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto('/rate');
    await expect(page.getByRole('alert')).toHaveText('This rating link is not valid or has expired. Please use the link in your delivery email, or call us.');
  });
});
