// The back office in the browser (spec: back-office 2-4): find a booking by its confirmation number, weigh it
// and charge the real amount, send the receipt once, print the order, delete with the dialog,
// today's schedule, customer details, messages and the outbox; axe on every tab and dialog.
import type { APIRequestContext } from '@playwright/test';
import { dismissToasts, findRow, invoiceLinkFromMail, paidBooking, signIn, toast } from './back-office-flows';
import { nextServiceDay } from './dates';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { rootApi } from './staff';
import { moveClock } from './clock';

/** A small real PNG (a grey square), as a phone's photo of the scale stands in here. */
const scalePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFElEQVR4nGNoIBEwjGoY1TB8NQAAJYSAEGy7FvQAAAAASUVORK5CYII=',
  'base64',
);

test.describe('the back office', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('weighs a 1-bag booking with oxi-clean at 14.2 lb: a $6.65 refund, $25.85 captured; the receipt sent once; the order printed', async ({ page }, testInfo) => {
    const booked = await paidBooking(api, 'Oxi Weigh', { oxiClean: true });
    await signIn(page);
    await expect(page.getByText('Total Bookings')).toBeVisible();
    await expectNoAxeViolations(page);

    const row = await findRow(page, booked.confirmation);
    await expect(row).toContainText('Auth $32.50');
    await expect(row).toContainText('Pending capture');
    await expect(row.getByTestId('money-state')).toHaveText('Authorized $32.50');
    await row.getByRole('button', { name: `Enter Weight for ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Actual Weight' });
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter the actual weight');
    await dialog.getByLabel('Actual weight (lb)').fill('14.2');
    await expect(dialog).toContainText('Final total $25.85 · refund of $6.65');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(toast(page, 'Refund of $6.65 processed')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('14.2 lb');
    await expect(row).toContainText('Processed');
    await expect(row).toContainText('Captured $25.85');

    // the local gateway's word: the payment intent captured $25.85
    const after = (await (await api.get(`/api/admin/bookings/${booked.id}`)).json()) as { booking: { capturedAmount: number; paymentIntentStatus: string } };
    expect(after.booking).toMatchObject({ capturedAmount: 2585, paymentIntentStatus: 'succeeded' });

    // the receipt: order number = first 8 characters of the id, upper-cased; Send once
    await row.getByRole('button', { name: `Receipt for ${booked.name}` }).click();
    const receipt = page.getByRole('dialog', { name: 'Final Receipt' });
    await expect(receipt).toContainText(booked.id.slice(0, 8).toUpperCase());
    await expect(receipt).toContainText('Laundry (14.2 lb × $1.75/lb)');
    await expect(receipt).toContainText('Released (refund)$6.65');
    await expectNoAxeViolations(page);
    await receipt.getByRole('button', { name: 'Send' }).click();
    await expect(toast(page, `Final receipt sent to ${booked.email}`)).toBeVisible();
    await expect(receipt.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await receipt.getByRole('button', { name: 'Close' }).click();
    // the row's More menu no longer offers to send it
    await row.getByRole('button', { name: `More actions for ${booked.name}` }).click();
    const menu = row.getByRole('dialog', { name: `More actions for ${booked.name}` });
    await expect(menu.getByRole('link', { name: /Print Order/ })).toBeVisible();
    await expect(menu.getByRole('button', { name: /Send Receipt/ })).toHaveCount(0);
    const outbox = (await (await api.get('/api/admin/outbox?channel=email')).json()) as { messages: { subject: string; recipient: string }[] };
    expect(outbox.messages.filter((m) => m.recipient === booked.email && m.subject.startsWith('Your receipt'))).toHaveLength(1);
    expect((await api.post(`/api/admin/bookings/${booked.id}/receipt`)).status()).toBe(409);

    // the printed order sheet
    const popupPromise = page.waitForEvent('popup');
    await menu.getByRole('link', { name: /Print Order/ }).click();
    const sheet = await popupPromise;
    await expect(sheet.getByRole('heading', { level: 1, name: `Order ${booked.id.slice(0, 8).toUpperCase()}` })).toBeVisible();
    await expect(sheet.getByText('Fragrance-free only')).toBeVisible();
    await expect(sheet.getByText('Bags behind the blue planter')).toBeVisible();
    // the final bill (by weight, oxi-clean per 15 lb, not per bag), whose total is what was captured
    const bill = sheet.getByRole('region', { name: 'Final bill' });
    await expect(bill).toContainText('Laundry (14.2 lb × $1.75/lb)$24.85');
    await expect(bill).toContainText('Oxi-clean$1.00');
    await expect(bill).toContainText('Final total$25.85');
    await expect(sheet.getByRole('region', { name: 'Payment' })).toContainText('Charged to card$25.85');
    await expect(sheet.getByText(/^Printed on /)).toBeVisible();
    await sheet.emulateMedia({ media: 'print' });
    await sheet.screenshot({ path: testInfo.outputPath('print-order.png'), fullPage: true });
    await sheet.emulateMedia({ media: 'screen' });
    await expectNoAxeViolations(sheet);
    await sheet.close();
  });

  test('the print page with a bad or unknown id says "Booking not found" instead of loading forever', async ({ page }) => {
    await signIn(page);
    for (const id of ['not-a-booking', '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`/admin/print-order?id=${id}`);
      await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
      await expect(page.getByText('Loading the order...')).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });

  test('a booking whose checkout is not paid reads its estimate and "Pending payment", not an authorisation', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const res = await api.post('/api/bookings', {
      data: {
        bookingData: {
          name: `Unpaid ${stamp}`,
          email: `unpaid.${stamp}@example.com`,
          phone: '(803) 555-0178',
          address: '3 Lake Murray Blvd',
          city: 'Lexington',
          zipCode: '29072',
          pickupDate: nextServiceDay(),
          pickupTime: '8am-12pm',
          pickupLocation: 'front-door',
          bagQuantity: 1,
          termsAccepted: true,
        },
      },
    });
    expect(res.status()).toBe(201);
    const { confirmation } = (await res.json()) as { confirmation: string };
    await signIn(page);
    const row = await findRow(page, confirmation);
    await expect(row).toContainText('Estimate $31.50');
    await expect(row).not.toContainText('Auth $');
    await expect(row.getByTestId('money-state')).toHaveText('Pending payment');
  });

  test('a $25 gift card and the card, weighed at $21.00: the gift card pays it, $4.00 goes back on it, the hold is released', async ({ page }) => {
    // docs/design.md 9: the gift card pays first, up to the final total
    const gift = (await (await api.post('/dev/gift-cards', { data: { amountCents: 2500 } })).json()) as { code: string };
    const booked = await paidBooking(api, 'Gift Weigh', {}, gift.code);
    const balance = async () => ((await (await api.post('/api/gift-cards/validate', { data: { giftCardCode: gift.code } })).json()) as { balance: number }).balance;
    expect(await balance()).toBe(0);
    await signIn(page);
    const row = await findRow(page, booked.confirmation);
    await row.getByRole('button', { name: `Enter Weight for ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Actual Weight' });
    await dialog.getByLabel('Actual weight (lb)').fill('12');
    await expect(dialog).toContainText('Final total $21.00 · gift card $21.00 · $4.00 back on the gift card');
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(toast(page, "the gift card paid the $21.00 and $4.00 went back to it; the card's authorization was released")).toBeVisible();
    await expect(dialog).toBeHidden();
    // the customer's gift card shows the unused part back; the card's hold is let go, nothing captured
    expect(await balance()).toBe(400);
    const after = (await (await api.get(`/api/admin/bookings/${booked.id}`)).json()) as { booking: { capturedAmount: number; paymentIntentStatus: string } };
    expect(after.booking).toMatchObject({ capturedAmount: 0, paymentIntentStatus: 'canceled' });
    await row.getByRole('button', { name: `Receipt for ${booked.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Final Receipt' })).toContainText('Gift card applied−$21.00');
  });

  test('weighs a 2-bag booking bag by bag (40 lb) with a photo of the scale: the difference charged off session; the invoice shows the bags and the photo', async ({ page }) => {
    const booked = await paidBooking(api, 'Two Bags', { bagQuantity: 2 });
    await signIn(page);
    const row = await findRow(page, booked.confirmation);
    await expect(row).toContainText('Auth $63.00');
    await row.getByRole('button', { name: `Enter Weight for ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Actual Weight' });
    // docs/design.md 5.5 transparent weighing: each bag, their sum the actual weight
    await dialog.getByLabel('Bag 1 (lb)').fill('22.4');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(dialog.getByRole('alert')).toHaveText("Enter every bag's weight, or leave them all empty");
    await dialog.getByLabel('Bag 2 (lb)').fill('17.6');
    await expect(dialog.getByLabel('Actual weight (lb)')).toHaveValue('40.0');
    // a photo as a phone's camera gives it (a small PNG here); a file that is no image is refused
    await dialog.getByLabel(/Photo of the scale/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The photo must be a JPEG, PNG or WebP image.');
    await dialog.getByLabel(/Photo of the scale/).setInputFiles({ name: 'scale.png', mimeType: 'image/png', buffer: scalePng });
    await expect(dialog.getByRole('img', { name: 'The chosen photo of the scale' })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(toast(page, 'Additional charge of $7.00 processed')).toBeVisible();
    await expect(row).toContainText('Captured $70.00');
    // one label for the money: the extra charge went through, nothing is only authorised any more
    await expect(row.getByTestId('money-state')).toHaveText('Captured $70.00');
    await expect(row).toContainText('Bags: 22.4 lb + 17.6 lb');
    const photoLink = row.getByRole('link', { name: /Scale photo/ });
    await expect(photoLink).toBeVisible();
    const photo = await page.request.get((await photoLink.getAttribute('href'))!);
    expect(photo.status()).toBe(200);
    // made small in the browser: a JPEG
    expect(photo.headers()['content-type']).toBe('image/jpeg');

    // the customer's invoice, from the "your laundry is weighed" email: the bags and the photo
    const link = await invoiceLinkFromMail(api, booked.email, 'laundry_weighed');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'How we weighed it' })).toBeVisible();
    await expect(page.getByTestId('bag-weights')).toContainText('Bag 122.4 lb');
    await expect(page.getByTestId('bag-weights')).toContainText('Bag 217.6 lb');
    const img = page.getByRole('img', { name: "The scale showing your laundry's weight, 40.0 lb" });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });

  test('a weight too high for the bags is refused in the dialog; nothing is charged', async ({ page }) => {
    const booked = await paidBooking(api, 'Too Heavy', {});
    await signIn(page);
    const row = await findRow(page, booked.confirmation);
    await row.getByRole('button', { name: `Enter Weight for ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Actual Weight' });
    await dialog.getByLabel('Actual weight (lb)').fill('75');
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('At most 60 lb a bag (60 lb for this booking)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('Pending capture');
  });

  test('status to delivered, the rating email once; delete with the dialog releases the authorisation', async ({ page }) => {
    const booked = await paidBooking(api, 'Rate Me', {});
    const doomed = await paidBooking(api, 'Delete Me', {});
    await signIn(page);
    let row = await findRow(page, booked.confirmation);
    const status = row.getByLabel(`Status for ${booked.name}`);
    // docs/design.md 9, status machine: only the allowed moves, each refused one says why
    await expect(status.getByRole('option', { name: /^Delivered \(It is completed by entering the weight/ })).toBeDisabled();
    await status.selectOption('in-progress');
    await expect(toast(page, `${booked.name}: picked up`)).toBeVisible();
    await row.getByRole('button', { name: `Enter Weight for ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Actual Weight' });
    await dialog.getByLabel('Actual weight (lb)').fill('18');
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(status).toHaveValue('completed');
    await expect(status.getByRole('option', { name: /^Cancelled \(It is weighed and charged/ })).toBeDisabled();
    await status.selectOption('delivered');
    await expect(toast(page, `${booked.name}: delivered`)).toBeVisible();
    await row.getByRole('button', { name: 'Send Rating Email' }).click();
    await expect(toast(page, `Delivery confirmation and rating request sent to ${booked.email}`)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Send Rating Email' })).toHaveCount(0);

    row = await findRow(page, doomed.confirmation);
    await row.getByRole('button', { name: `More actions for ${doomed.name}` }).click();
    await row.getByRole('button', { name: `Delete booking for ${doomed.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Booking' });
    await expect(confirm).toContainText(`Are you sure you want to delete this booking for ${doomed.name}? This action cannot be undone.`);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete Booking' }).click();
    await expect(toast(page, `Booking for ${doomed.name} deleted`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Bookings (0)' })).toBeVisible();
    await expect(page.getByText('No bookings match these filters.')).toBeVisible();
    expect((await api.get(`/api/admin/bookings/${doomed.id}`)).status()).toBe(404);
    const audit = (await (await api.get('/api/admin/audit?pageSize=100')).json()) as { entries: { action: string; targetId: string }[] };
    expect(audit.entries.filter((e) => e.targetId === doomed.id).map((e) => e.action)).toContain('booking.deleted');
    expect(audit.entries.filter((e) => e.targetId === booked.id).map((e) => e.action)).toEqual(expect.arrayContaining(['booking.status_changed', 'booking.rating_email_sent']));
  });

  test('cancelling from the dropdown asks first, then releases the authorisation, for good', async ({ page }) => {
    const booked = await paidBooking(api, 'Cancel Me', {});
    await signIn(page);
    let row = await findRow(page, booked.confirmation);
    await expect(row).toContainText('Pending capture');
    await row.getByLabel(`Status for ${booked.name}`).selectOption('cancelled');
    // asks first, saying what happens to the hold
    const confirm = page.getByRole('alertdialog', { name: `Cancel the booking for ${booked.name}?` });
    await expect(confirm).toContainText("The $31.50 authorization on the customer's card is released: nothing is charged.");
    await expect(confirm).toContainText('the customer gets an email saying so');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByLabel(`Status for ${booked.name}`)).toHaveValue('confirmed');
    await row.getByLabel(`Status for ${booked.name}`).selectOption('cancelled');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(toast(page, `Booking for ${booked.name} cancelled; the customer was emailed`)).toBeVisible();
    row = await findRow(page, booked.confirmation);
    await expect(row).toContainText('Released, not charged');
    // docs/design.md 9, money states: a hold let go reads Released, not Refunded
    await expect(row.getByTestId('money-state')).toHaveText('Released');
    await expect(row.getByLabel(`Status for ${booked.name}`)).toBeDisabled();
    await expect(row).toContainText('Cancelled for good.');
    await expectNoAxeViolations(page);
  });

  test('a refused extra charge reads Payment due; the customer pays it from the invoice link in their email and it clears', async ({ page }) => {
    // spec test card: attaches, but every later off-session charge is declined
    const booked = await paidBooking(api, 'Owes Later', {}, undefined, '4000 0000 0000 0341');
    await signIn(page);
    const row = await findRow(page, booked.confirmation);
    await row.getByRole('button', { name: `Enter Weight for ${booked.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Actual Weight' });
    await dialog.getByLabel('Actual weight (lb)').fill('30');
    await dialog.getByRole('button', { name: 'Process Weight' }).click();
    await expect(toast(page, /the additional charge of \$21\.00 failed/)).toBeVisible();
    await expect(row.getByTestId('money-state')).toHaveText('Payment due $21.00');
    // staff find what is owed: the Payment due filter and the dashboard's count
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Payment status').selectOption('due');
    const owed = page.getByRole('main').getByRole('row').or(page.getByRole('main').getByRole('listitem')).filter({ hasText: booked.confirmation });
    await expect(owed).toBeVisible();
    await expect(page.getByText(/Payment due: [1-9]/)).toBeVisible();
    // the warning toast stays until closed: read the list as staff see it once they close it
    await dismissToasts(page);
    await expectNoAxeViolations(page);

    // the customer's email: a link of their own to their invoice, where the amount due is paid
    let link = '';
    await expect
      .poll(async () => {
        const list = await (await page.request.get('/dev/mail')).text();
        const id = list.split('<tr>').find((r) => r.includes(booked.email) && r.includes('payment_due'))?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1];
        if (!id) return '';
        const html = await (await page.request.get(`/dev/mail/${id}`)).text();
        link = (html.match(/href="(http[^"]*\/invoice\?[^"]+)"/)?.[1] ?? '').replace(/&amp;/g, '&');
        return link;
      })
      .toContain('/invoice?booking_id=');
    // the customer opens it (the staff page's tab will do: the link needs no sign-in)
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Your final invoice' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$21.00');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'No tip' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    // the saved card refuses later charges: the customer pays the $21.00 at a checkout
    await page.waitForURL(/\/dev\/checkout\/cs_local_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('ZIP').fill('29072');
    await page.getByRole('button', { name: 'Pay $21.00', exact: true }).click();
    await page.waitForURL(/\/invoice\?booking_id=.*session_id=cs_local_/);
    await expect(page.getByRole('heading', { name: 'Payment Approved!' })).toBeVisible();
    await expect(page.getByTestId('total-paid')).toHaveText('$52.50');
    const after = (await (await api.get(`/api/admin/bookings/${booked.id}`)).json()) as { booking: { amountDueCents: number; capturedAmount: number } };
    expect(after.booking).toMatchObject({ amountDueCents: 0, capturedAmount: 5250 });
    const stillOwed = (await (await api.get(`/api/admin/bookings?payment=due&q=${booked.confirmation}`)).json()) as { total: number };
    expect(stillOwed.total).toBe(0);
  });

  test("the day board, customer details, messages, outbox and /send-receipt, each checked by axe", async ({ page }) => {
    const booked = await paidBooking(api, 'Schedule Stop', { rushDelivery: true, oxiClean: true });
    await signIn(page);
    await page.getByRole('tab', { name: 'Day Board' }).click();
    // today is not a pick-up day of this booking: move this test's clock to its morning (decision 044)
    await expect(page.getByRole('heading', { name: 'Day Board' })).toBeVisible();
    const day = nextServiceDay();
    try {
      await moveClock([api, page.request], `${day}T13:00:00Z`);
      await page.getByRole('tabpanel').getByRole('button', { name: 'Refresh' }).click();
      const stop = page.getByRole('listitem').filter({ hasText: booked.name });
      await expect(stop).toContainText('Fragrance-free only');
      await expect(stop).toContainText('Bags behind the blue planter');
      await expect(page.getByRole('link', { name: /Open route in Maps/ }).first()).toHaveAttribute('href', /google\.com\/maps\/dir/);
      await expectNoAxeViolations(page);
      // a Sunday years ahead: no pick-ups that day
      await moveClock([api, page.request], '2030-01-06T15:00:00Z');
      await page.getByRole('tabpanel').getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByText('No pickups scheduled for today')).toBeVisible();
    } finally {
      await moveClock([api, page.request], null);
    }

    await page.getByRole('tab', { name: 'Customer Details' }).click();
    await page.getByLabel('Search customers').fill(booked.confirmation);
    const card = page.getByRole('listitem').filter({ hasText: booked.confirmation });
    await expect(card).toContainText(booked.email);
    await expect(card).toContainText('Fragrance-free only');
    // spec: back-office 9, the add-ons as Customer Details words them
    await expect(card.getByRole('listitem')).toHaveText(['Rush Delivery +$10', 'OxiClean +$1 per bag']);
    await expectNoAxeViolations(page);

    // a message from the contact form, with its reply link inside the line of text
    const subject = `Pick-up question ${Date.now().toString(36)}`;
    expect((await api.post('/api/contact', { data: { name: 'Dana Writer', email: 'dana.writer@example.com', subject, message: 'Can you pick up on Saturday?' } })).status()).toBe(201);
    await page.getByRole('tab', { name: 'Messages' }).click();
    await expect(page.getByRole('heading', { name: /^Messages/ })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: subject }).getByRole('link', { name: 'dana.writer@example.com' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'Outbox' }).click();
    await expect(page.getByText(`To ${booked.email}`).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/send-receipt');
    await expect(page.getByRole('heading', { level: 1, name: 'Send Receipt' })).toBeVisible();
    await expect(page.getByText('Choose a booking to see its receipt.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/send-receipt: pick a processed booking and send its receipt', async ({ page }) => {
    const booked = await paidBooking(api, 'Receipt Tool', {});
    expect((await api.post(`/api/admin/bookings/${booked.id}/weight`, { data: { actualWeight: 16.4 } })).status()).toBe(200);
    await signIn(page);
    await page.goto('/send-receipt');
    await page.getByLabel('Find a booking').fill(booked.confirmation);
    await page.getByRole('button', { name: new RegExp(booked.name) }).click();
    await expect(page.getByText('Laundry (16.4 lb × $1.75/lb)')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toast(page, `Final receipt sent to ${booked.email}`)).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(booked.name) })).toHaveCount(0);
  });

  test('the staff tools are guarded: signed out, /send-receipt and the print sheet go to the login', async ({ page }) => {
    await page.goto('/send-receipt');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/print-order?id=00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
