// Recurring pick-ups (decision 024), what they must show: a weekly series set up at the end of a
// booking; the clock moves on and the next occurrence is booked with its own hold; SKIP by text
// removes it; the following one still comes. The series' own page shows each step. axe and no
// sideways scroll at both widths (the projects). Moves its own requests' clock (decision 044); it
// runs the series job, which books every series' next pick-up, so it runs alone (playwright.config.ts).
import type { APIRequestContext } from '@playwright/test';
import { twilioSignature } from '../../src/server/gateways/sms/twilio-signature';
import { paidBooking } from './back-office-flows';
import { expect, expectNoAxeViolations, test, expectNoHorizontalOverflow } from './fixtures';
import { linkFromMail } from './mail';
import { rootApi } from './staff';
import { moveClock } from './clock';

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test.describe('recurring pick-ups', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('weekly from the confirmation page; the next one booked with its hold; SKIP by text removes it; the following one comes', async ({ page, baseURL }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `series.${stamp}@example.com`;
    // a number of its own: SKIP acts on the next pick-up of the number that texts
    const digits = String(Math.floor(Math.random() * 9000) + 1000);
    const booked = await paidBooking(api, 'Series', { email, name: `Sasha ${stamp}`, phone: `(864) 555-${digits}`, smsConsent: true });
    const { booking } = (await (await api.get(`/api/admin/bookings/${booked.id}`)).json()) as { booking: { pickupDate: string } };

    await page.goto(`/booking-success?session_id=${booked.sessionId}`);
    const repeat = page.getByRole('region', { name: 'Make it a regular pick-up' });
    await expect(repeat).toBeVisible();
    await repeat.getByLabel('Every week').check();
    await expectNoAxeViolations(page);
    await repeat.getByRole('button', { name: 'Repeat this pick-up' }).click();
    await expect(repeat.getByRole('status')).toContainText('Done: Every week on');
    await expectNoHorizontalOverflow(page);

    // the series' own page, from its email (the customer's secret)
    const manage = await linkFromMail(api, email, 'series_started', '/series?id=');
    await page.goto(manage);
    await expect(page.getByRole('heading', { name: /^Every week on/ })).toBeVisible();
    await expect(page.getByText('Nothing yet: each pick-up is booked 3 days ahead')).toBeVisible();

    // three days before the next one, the job books it with its own hold
    const next = addDays(booking.pickupDate, 7);
    await moveClock([api, page.request], `${addDays(next, -3)}T15:00:00Z`);
    expect(((await (await api.post('/dev/series/run')).json()) as { made: number }).made).toBeGreaterThanOrEqual(1);
    await page.reload();
    const bookedNext = page.locator('dt', { hasText: 'Booked next' }).locator('xpath=following-sibling::dd');
    await expect(bookedNext).toContainText(/WD-[0-9A-F]{6}/);
    const occurrence = /\((WD-[0-9A-F]{6})\)/.exec((await bookedNext.textContent())!)![1]!;
    const list = (await (await api.get(`/api/admin/bookings?q=${occurrence}`)).json()) as { bookings: { id: string; pickupDate: string; bookingStatus: string; paymentIntentStatus: string; authorizedAmount: number; totalAmount: number }[] };
    expect(list.bookings[0]).toMatchObject({ pickupDate: next, bookingStatus: 'confirmed', paymentIntentStatus: 'requires_capture' });
    expect(list.bookings[0]!.authorizedAmount).toBe(list.bookings[0]!.totalAmount);
    await expectNoAxeViolations(page);

    // SKIP by text
    const params = { From: `+1864555${digits}`, Body: 'SKIP', To: '+18035550100', MessageSid: `SM${stamp}` };
    const skip = await api.post('/api/sms/inbound', {
      form: params,
      headers: { 'x-twilio-signature': twilioSignature('e2e-twilio-auth-token', `${baseURL}/api/sms/inbound`, params) },
    });
    expect(skip.status()).toBe(200);
    expect(await skip.text()).toContain('is skipped and cancelled');
    await page.reload();
    await expect(page.getByText('Nothing yet: each pick-up is booked 3 days ahead')).toBeVisible();

    // the following week still comes
    const following = addDays(next, 7);
    await moveClock([api, page.request], `${addDays(following, -3)}T15:00:00Z`);
    await api.post('/dev/series/run');
    await page.reload();
    await expect(bookedNext).toContainText(/WD-[0-9A-F]{6}/);
    const second = /\((WD-[0-9A-F]{6})\)/.exec((await bookedNext.textContent())!)![1]!;
    expect(second).not.toBe(occurrence);
    await expect(page.getByRole('button', { name: /^Skip / })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await moveClock([api, page.request], null);
  });
});
