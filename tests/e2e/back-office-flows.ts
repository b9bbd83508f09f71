// The back office's browser-test steps, shared by the spec files: a booking made and paid the way
// a customer does, the staff signed in, a toast, a booking's row, and the
// invoice link read from the outbox as its recipient opens it.
import type { APIRequestContext, Page } from '@playwright/test';
import { nextServiceDay } from './dates';
import { expect, test } from './fixtures';
import { linkFromMail } from './mail';
import { root } from './staff';

export type Booked = { id: string; confirmation: string; name: string; email: string; phone: string; sessionId?: string };

/** A booking made and paid the way a customer does, through the API and the local checkout. */
export async function paidBooking(api: APIRequestContext, who: string, extra: Record<string, unknown>, giftCardCode?: string, card = '4242 4242 4242 4242'): Promise<Booked> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${who} ${stamp}`;
  const email = `${who.toLowerCase().replace(/\W/g, '')}.${stamp}@example.com`;
  // a number of its own: a paid booking proves its phone (decision 037), so a test that erases
  // its customer would take every other booking's regular pick-ups that shared the number
  const phone = `(803) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
  const res = await api.post('/api/bookings', {
    data: {
      bookingData: {
        name,
        email,
        phone,
        address: '12 Corley Mill Rd',
        city: 'Lexington',
        zipCode: '29072',
        pickupDate: nextServiceDay(),
        pickupTime: '8am-12pm',
        pickupLocation: 'front-door',
        bagQuantity: 1,
        allergies: 'Fragrance-free only',
        specialInstructions: 'Bags behind the blue planter',
        termsAccepted: true,
        ...extra,
      },
      ...(giftCardCode ? { giftCardCode } : {}),
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { booking_id: string; confirmation: string; url: string };
  const sessionId = new URL(body.url).pathname.split('/').pop()!;
  const pay = await api.post(`/dev/checkout/${sessionId}/pay`, { form: { number: card, expiry: '12/34', cvc: '123', zip: '29072' }, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  // the signed event reaches the webhook right after; wait until the booking reads paid
  await expect.poll(async () => ((await (await api.get(`/api/admin/bookings/${body.booking_id}`)).json()) as { booking: { paymentStatus: string } }).booking.paymentStatus).toBe('paid');
  return { id: body.booking_id, confirmation: body.confirmation, name, email, phone: typeof extra.phone === 'string' ? extra.phone : phone, sessionId };
}

/** The invoice link in the newest email of this kind to this customer, as they open it. */
export function invoiceLinkFromMail(api: APIRequestContext, email: string, kind: string) {
  return linkFromMail(api, email, kind, '/invoice?booking_id=');
}

/**
 * The root master admin signed in for a test that is not about signing in: through the sign-in
 * endpoint with the page's own cookies (decision 032), then the dashboard. The sign-in page itself
 * is tested through its form (admin.spec.ts).
 */
export async function signIn(page: Page) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email: root.email, password: root.password }, headers: { origin } });
  expect(res.status(), 'the root master admin signs in').toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

export function toast(page: Page, title: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
}

/** Closes every toast, as a person does before reading what is under it (axe reads the page as seen). */
export async function dismissToasts(page: Page) {
  const close = page.locator('[data-sonner-toast] [data-close-button]');
  // a toast slides while it shows (its close button is pressed where it is), and may go by itself
  while ((await close.count()) > 0) await close.first().dispatchEvent('click', {}, { timeout: 1000 }).catch(() => undefined);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

export async function findRow(page: Page, confirmation: string) {
  await page.getByLabel('Search').fill(confirmation);
  await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible();
  // a table row on a wide screen, a card (list item) on a phone
  const list = page.getByRole('main');
  return list.getByRole('row').or(list.getByRole('listitem')).filter({ hasText: confirmation });
}
