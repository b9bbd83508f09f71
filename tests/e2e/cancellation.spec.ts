import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { linkFromMail } from './mail';
import { moveClock } from './clock';

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
  const link = await linkFromMail(request, email, 'booking_confirmation', '/cancel-booking?booking_id=');
  return { sessionId, link };
}

test.describe('self-service cancellation from the confirmation email', () => {
  test('before the cut-off: says what will happen, asks to confirm, "Keep my booking" keeps it, confirming cancels', async ({ page, request }) => {
    const pickupDate = serviceDayAhead(3);
    const { sessionId, link } = await paidBookingWithCancelLink(request, `cancel.before.${Date.now()}@example.com`, pickupDate);
    const bookingNow = async () => (await (await request.get(`/api/bookings/session/${sessionId}`)).json()) as Record<string, unknown>;
    await page.goto(link);

    // what will happen, before anything happens
    await expect(page.getByRole('heading', { name: 'Cancel your pick-up?' })).toBeVisible();
    const { confirmation } = (await bookingNow()) as { confirmation: string };
    await expect(page.getByText(confirmation)).toBeVisible();
    const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${pickupDate}T12:00:00Z`));
    const facts = page.getByRole('region', { name: 'If you cancel' });
    await expect(facts.getByRole('listitem')).toHaveText([
      `Your pick-up on ${longDate}, 12PM – 4PM comes off our schedule.`,
      'The $31.50 hold on your card is released.',
      'Nothing is charged.',
      'We email you a confirmation.',
    ]);
    await expect(page.getByText(/^Free cancellation until \w+day, \w+ \d+ at 10:00\sAM\.$/)).toBeVisible();
    await expectNoAxeViolations(page);

    // "Keep my booking" keeps it
    await page.getByRole('button', { name: 'Keep my booking' }).click();
    await expect(page.getByRole('heading', { name: 'Your pick-up is still booked' })).toBeFocused();
    await expect(page.getByText(`Nothing has changed. We will see you on ${longDate}, 12PM – 4PM.`)).toBeVisible();
    expect(await bookingNow()).toMatchObject({ booking_status: 'confirmed', payment_intent_status: 'requires_capture' });
    await expectNoAxeViolations(page);

    // changed their mind again: back to the question, then confirm
    await page.getByRole('button', { name: 'I still want to cancel' }).click();
    await page.getByRole('button', { name: 'Cancel my pick-up' }).click();
    const done = page.getByRole('heading', { name: 'Your pick-up is cancelled' });
    await expect(done).toBeFocused();
    // the new state is read from its top: the heading in view, not under the sticky header
    await expect.poll(async () => (await done.boundingBox())!.y).toBeGreaterThanOrEqual((await page.getByRole('banner').boundingBox())!.height);
    await expect(page.getByRole('region', { name: 'What happened' }).getByRole('listitem')).toHaveText([
      `Booking ${confirmation} for ${longDate}, 12PM – 4PM is cancelled.`,
      'The $31.50 hold on your card has been released. Your bank may take a few days to remove it from your statement.',
      'Nothing was charged.',
      'A confirmation email is on its way to you.',
    ]);
    await expect(page.getByRole('link', { name: 'Book a new pick-up' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await bookingNow()).toMatchObject({ booking_status: 'cancelled', payment_intent_status: 'canceled' });

    // the link opened again says the same, without promising a second email
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your pick-up is cancelled' })).toBeVisible();
    await expect(page.getByText('The $31.50 hold on your card has been released.', { exact: false })).toBeVisible();
    await expect(page.getByText('A confirmation email is on its way to you.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel my pick-up' })).toHaveCount(0);
  });

  test('after the cut-off: says it can no longer be cancelled online and how to reach the business', async ({ page, request }) => {
    const pickupDate = serviceDayAhead(3);
    const { sessionId, link } = await paidBookingWithCancelLink(request, `cancel.after.${Date.now()}@example.com`, pickupDate);
    // 11:00 on the pick-up day: one hour before the 12PM window (EST/EDT both covered by -05:00/-04:00 margin)
    await moveClock([page.request], `${pickupDate}T15:30:00Z`);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This pick-up can no longer be cancelled online' })).toBeVisible();
    await expect(page.getByText(/^Online cancellation closed on \w+day, \w+ \d+ at 10:00\sAM, 2 hours before your pick-up window\.$/)).toBeVisible();
    await expect(page.getByText(/Free cancellation ends 2 hours before your pick-up window starts/)).toBeVisible();
    await expect(page.getByText(/\$20 fee/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Call (803) 555-0142' })).toHaveAttribute('href', 'tel:+18035550142');
    await expect(page.getByRole('main').getByRole('link', { name: 'hello@washday.example' })).toHaveAttribute('href', 'mailto:hello@washday.example');
    await expect(page.getByRole('button', { name: 'Cancel my pick-up' })).toHaveCount(0);
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
