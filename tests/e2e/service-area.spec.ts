// Dates and places in the wizard (spec: customer-site 1 and 5): an address outside the service area
// is named at once with a way to reach the business, and step 1 can't go on with it; a day the
// owner closed (CLOSED_DATES, set for the e2e server in playwright.config.ts) can't be picked.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, firstMove, test } from './fixtures';

/** The wizard's step as the customer sees it (the page's sticky header left out). */
const shot = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="step-heading"]').screenshot({
    path: `test-results/screenshots/service-area-${name}-${page.viewportSize()!.width}.png`,
    style: 'header { position: static !important; }',
  });

async function fillStepOne(page: Page, zip: string) {
  await page.getByLabel('Full name').fill('Rosa Alvarez');
  await page.getByLabel('Email').fill(`rosa.${Date.now()}@example.com`);
  await page.getByLabel('Phone').fill('(803) 555-0133');
  await page.getByLabel('Street address').fill('1200 Sunset Blvd');
  await page.getByLabel('City').fill('Beverly Hills');
  await page.getByLabel('ZIP code').fill(zip);
  await page.locator('.pickup-day[tabindex="0"]').click();
  await page.locator('input[type=radio]:not([disabled])').first().check();
  await page.getByLabel('Where should we pick up?').selectOption('front-door');
}

test.describe('service area and closed days', () => {
  test('a ZIP outside the service area says so, links to the contact form, and Next stays on step 1', async ({ page }) => {
    await page.goto('/book');
    await firstMove(page);
    await expect(page.locator('.pickup-day[tabindex="0"]')).toBeVisible();
    await fillStepOne(page, '90210');
    const notice = page.locator('#zipCode-area');
    await expect(notice).toContainText("Sorry, we don't pick up in 90210 yet");
    await expect(notice.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/#contact');
    await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.locator('[role=alert]').first()).toContainText("Sorry, we don't pick up in 90210 yet");
    // in the step's alert and once beside the field (not again as the field's error)
    await expect(page.getByText("Sorry, we don't pick up in 90210 yet")).toHaveCount(2);
    await expectNoAxeViolations(page);
    await shot(page, 'zip');

    // a ZIP+4 in Lexington is in the area: the notice goes and Next moves on
    await page.getByLabel('ZIP code').fill('29072-1234');
    await expect(notice).toHaveCount(0);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
  });

  test("the server's refusal reaches step 1 too (a draft restored past it)", async ({ page, request }) => {
    const { today } = (await (await request.get('/api/availability')).json()) as { today: string };
    const day = new Date(`${today}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 2);
    while (![1, 3, 5].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
    const draft = {
      name: 'Rosa Alvarez',
      email: `rosa.restored.${Date.now()}@example.com`,
      phone: '(803) 555-0133',
      address: '1200 Sunset Blvd',
      city: 'Beverly Hills',
      zipCode: '90210',
      pickupDate: day.toISOString().slice(0, 10),
      pickupTime: '12pm-4pm',
      pickupLocation: 'porch',
      bagQuantity: 1,
      termsAccepted: true,
    };
    await page.addInitScript(([state]) => window.sessionStorage.setItem('washday.booking.v1', state!), [JSON.stringify({ step: 4, draft, promo: { code: 'FREE', bagRateCents: 0, waivesAddOns: true }, giftCard: null })]);
    await page.goto('/book');
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
    await page.getByTestId('pay-button').click();
    await expect(page.locator('[data-sonner-toast]').getByText("Sorry, we don't pick up in 90210 yet")).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.locator('#zipCode-area').getByRole('link', { name: 'Contact us' })).toBeVisible();
  });

  test('a closed day and the days past the booking horizon cannot be picked', async ({ page, request }) => {
    const availability = (await (await request.get('/api/availability')).json()) as { today: string; lastDay: string; closed: string[] };
    const closed = availability.closed[0]!;
    expect(closed, 'CLOSED_DATES of the e2e server (playwright.config.ts)').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.goto('/book');
    await firstMove(page);
    const calendar = page.locator('#pickupDate');
    await expect(page.locator('.pickup-day[tabindex="0"]')).toBeVisible();
    const day = calendar.locator(`[data-day="${closed}"]`);
    for (let i = 0; i < 3 && !(await day.count()); i++) await page.getByRole('button', { name: 'Go to the next month' }).click();
    await expect(day).toBeDisabled();
    await expect(day).toHaveAttribute('aria-label', /not available/);
    // the same weekday a week earlier is open: it is closed for the holiday, not for its weekday
    const weekBefore = new Date(`${closed}T12:00:00Z`);
    weekBefore.setUTCDate(weekBefore.getUTCDate() - 7);
    const open = calendar.locator(`[data-day="${weekBefore.toISOString().slice(0, 10)}"]`);
    if (await open.count()) await expect(open).toBeEnabled();
    await expectNoAxeViolations(page);
    await shot(page, 'closed-day');

    // the last month: no day after the last one of the horizon, and no month after it
    const nextMonth = page.getByRole('button', { name: 'Go to the next month' });
    while (await nextMonth.isEnabled()) await nextMonth.click();
    await expect(calendar.locator(`[data-day="${availability.lastDay}"]`)).toBeVisible();
    const days = await calendar.locator('.pickup-day').evaluateAll((els) => els.map((el) => ({ day: el.getAttribute('data-day')!, disabled: (el as HTMLButtonElement).disabled })));
    expect(days.filter((d) => d.day > availability.lastDay && !d.disabled)).toEqual([]);
  });
});
