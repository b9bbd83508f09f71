// A tipped bill as the customer and staff read it (customer-site 4, 9; back-office 2, 7; decision
// 015: the tip is in what the card paid and in the tip): the invoice page after approval, the
// receipt email opened from the development mail view, and the printed order sheet show the tip
// as "Tip", never as an additional charge, and what went back to the card to the cent. At both
// widths (the projects); screenshots under the test's output folder.
import type { APIRequestContext, Page } from '@playwright/test';
import { invoiceLinkFromMail, paidBooking, toast } from './back-office-flows';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';

/** The label-amount rows of a definition list, as read on screen. */
async function rows(list: ReturnType<Page['getByTestId']>): Promise<string[]> {
  return (await list.locator('div').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
}

// 1 bag + oxi-clean: $32.50 held (customer-site 9); $1.75 per lb, oxi-clean $1 per 15 lb (back-office 9)
const cases = [
  {
    name: '14.2 lb ($25.85, below the $32.50 hold) with an 18 % tip of $4.65',
    actualWeight: 14.2,
    tip: (page: Page) => page.getByRole('button', { name: /18%\s*\$4\.65/ }).click(),
    totalPaid: '$30.50',
    invoice: ['Authorized on your card $32.50', 'Charged to your card $25.85', 'Tip $4.65', 'Total charged to your card $30.50', 'Released back to your card $6.65'],
    sheet: ['Authorized $32.50', 'Charged to card $25.85', 'Tip $4.65', 'Total charged to card $30.50', 'Released (refund) $6.65'],
    facts: ['Thank you for your tip of $4.65', 'The $6.65 released back to your card is not a charge'],
    absent: ['Additional charge', 'more than the amount authorized'],
  },
  {
    name: '20 lb ($37.00, $4.50 above the $32.50 hold) with a custom tip of $5.00',
    actualWeight: 20,
    tip: (page: Page) => page.getByLabel('Custom tip ($)').fill('5'),
    totalPaid: '$42.00',
    invoice: ['Authorized on your card $32.50', 'Additional charge $4.50', 'Charged to your card $37.00', 'Tip $5.00', 'Total charged to your card $42.00'],
    sheet: ['Authorized $32.50', 'Additional charge $4.50', 'Charged to card $37.00', 'Tip $5.00', 'Total charged to card $42.00'],
    facts: ['Thank you for your tip of $5.00', 'the difference of $4.50 was charged to the same card'],
    absent: ['Released back to your card', 'Additional charge $9.50', 'the difference of $9.50'],
  },
];

test.describe('a tipped bill', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  for (const c of cases) {
    test(`${c.name}: the invoice page, the receipt email and the order sheet show the tip as a tip`, async ({ page }, testInfo) => {
      // three pages and the staff's steps between them
      test.setTimeout(120_000);
      const shot = (what: string) => testInfo.outputPath(`${what}-${testInfo.project.name}-${c.actualWeight}.png`);
      const booked = await paidBooking(api, 'Tipper', { oxiClean: true });
      expect((await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: c.actualWeight } })).status()).toBe(200);

      // the customer tips and approves on the invoice page
      await page.goto(await invoiceLinkFromMail(api, booked.email, 'laundry_weighed'));
      await expect(page.getByRole('heading', { name: 'Your final invoice' })).toBeVisible();
      await c.tip(page);
      await expect(page.getByTestId('total-with-tip')).toHaveText(c.totalPaid);
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Approved!' })).toBeVisible();
      // the toast comes with its code, loaded on the first toast: checked once it is there
      await expect(toast(page, 'Payment Approved!')).toBeVisible();
      await expect(page.getByTestId('total-paid')).toHaveText(c.totalPaid);
      await expect.poll(() => rows(page.getByTestId('payment'))).toEqual(c.invoice);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: shot('invoice'), fullPage: true });

      // staff send the receipt; the customer reads it
      expect((await api.post(`/api/admin/bookings/${booked.id}/receipt`)).status()).toBe(200);
      let mailId = '';
      await expect
        .poll(async () => {
          const list = await (await api.get('/dev/mail')).text();
          mailId = list.split('<tr>').find((r) => r.includes(booked.email) && r.includes('final_receipt'))?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1] ?? '';
          return mailId;
        })
        .not.toBe('');
      await page.goto(`/dev/mail/${mailId}`);
      const email = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
      for (const row of c.invoice) expect(email).toContain(row);
      for (const fact of c.facts) expect(email).toContain(fact);
      for (const words of c.absent) expect(email).not.toContain(words);
      await page.screenshot({ path: shot('receipt-email'), fullPage: true });

      // the printed order sheet, as staff open it (signed in; the print dialog it opens is not the test's)
      await page.context().addCookies((await api.storageState()).cookies);
      await page.addInitScript(() => {
        window.print = () => undefined;
      });
      await page.goto(`/admin/print-order?id=${booked.id}`);
      const payment = page.getByRole('region', { name: 'Payment' });
      await expect(payment).toBeVisible();
      await expect.poll(async () => (await payment.locator('dl > div').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim()).filter((r) => !r.startsWith('Payment'))).toEqual(c.sheet);
      await page.screenshot({ path: shot('print-order'), fullPage: true });
    });
  }
});
