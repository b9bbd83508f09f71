import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

function serviceDayAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  while (![1, 3, 5].includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A paid booking (card 4242 on the local checkout) and the cancel link from its confirmation email. */
async function paidBookingWithCancelLink(request: APIRequestContext, email: string, pickupDate: string) {
  const created = await request.post('/api/bookings', {
    data: {
      bookingData: {
        name: 'Kayla Morgan',
        email,
        phone: '(803) 555-0166',
        address: '3 Old Chapin Rd',
        city: 'Lexington',
        zipCode: '29072',
        pickupDate,
        pickupTime: '12pm-4pm',
        pickupLocation: 'porch',
        bagQuantity: 1,
        termsAccepted: true,
      },
    },
  });
  expect(created.status()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  const sessionId = url.split('/').pop()!;
  const paid = await request.post(`/dev/checkout/${sessionId}/pay`, {
    form: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', zip: '29072' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect.poll(async () => ((await (await request.get(`/api/bookings/session/${sessionId}`)).json()) as { payment_status: string }).payment_status).toBe('paid');
  // the confirmation email is in the outbox (no SMTP server here): read the cancel link from it
  let link = '';
  await expect
    .poll(async () => {
      const list = await (await request.get('/dev/mail')).text();
      const row = list.split('<tr>').find((r) => r.includes(email) && r.includes('booking_confirmation'));
      const id = row?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1];
      if (!id) return '';
      const html = await (await request.get(`/dev/mail/${id}`)).text();
      link = (html.match(/href="(http[^"]*\/cancel-booking\?[^"]+)"/)?.[1] ?? '').replace(/&amp;/g, '&');
      return link;
    })
    .toContain('/cancel-booking?booking_id=');
  return { sessionId, link: new URL(link).pathname + new URL(link).search };
}

test.describe('self-service cancellation from the confirmation email', () => {
  test.afterEach(async ({ request }) => {
    await request.post('/dev/clock', { data: { now: null } });
  });

  test('before the cut-off it cancels and releases the card authorisation', async ({ page, request }) => {
    const { sessionId, link } = await paidBookingWithCancelLink(request, `cancel.before.${Date.now()}@example.com`, serviceDayAhead(3));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Cancel your pick-up?' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel Pick-up' }).click();
    await expect(page.getByRole('heading', { name: 'Your pick-up is cancelled' })).toBeVisible();
    await expect(page.locator('[data-sonner-toast]').getByText(/authorisation on your card has been released/)).toBeVisible();
    const booking = (await (await request.get(`/api/bookings/session/${sessionId}`)).json()) as Record<string, unknown>;
    expect(booking).toMatchObject({ booking_status: 'cancelled', payment_intent_status: 'canceled' });
  });

  test('after the cut-off it explains the policy and shows the phone number', async ({ page, request }) => {
    const pickupDate = serviceDayAhead(3);
    const { sessionId, link } = await paidBookingWithCancelLink(request, `cancel.after.${Date.now()}@example.com`, pickupDate);
    // 11:00 on the pick-up day: one hour before the 12PM window (EST/EDT both covered by -05:00/-04:00 margin)
    await request.post('/dev/clock', { data: { now: `${pickupDate}T15:30:00Z` } });
    await page.goto(link);
    await expect(page.getByText(/Free cancellation ends 2 hours before your pick-up window starts/)).toBeVisible();
    await expect(page.getByText(/\$20 fee/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Call \(803\) 555-0142/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Pick-up' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const booking = (await (await request.get(`/api/bookings/session/${sessionId}`)).json()) as Record<string, unknown>;
    expect(booking).toMatchObject({ booking_status: 'confirmed', payment_intent_status: 'requires_capture' });
  });

  test('a link with a bad signature shows a clear message', async ({ page }) => {
    await page.goto('/cancel-booking?booking_id=00000000-0000-4000-8000-000000000000&token=forged');
    await expect(page.getByRole('alert')).toHaveText(/not valid/);
    await expectNoAxeViolations(page);
  });
});
