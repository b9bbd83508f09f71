// The back office's CSV exports (decision 027), as staff download them: All Bookings' "Download CSV"
// takes the list's search, the file opens with the expected header and one row per booking shown,
// a cell a customer typed starting with "=" is neutralised, and the owner's "Download all data"
// is a zip of every export.
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { paidBooking, signIn } from './back-office-flows';
import { expect, test } from './fixtures';
import { rootApi } from './staff';

const bookingsHeader = [
  'Confirmation', 'Booked at', 'Pick-up date', 'Pick-up window', 'Name', 'Email', 'Phone', 'Address', 'City', 'ZIP', 'Bags', 'Status', 'Payment status', 'Money state',
  'Estimate ($)', 'Weight (lb)', 'Price per lb ($)', 'Final total ($)', 'Gift card paid ($)', 'Captured ($)', 'Refunded ($)', 'Tip ($)', 'Amount due ($)', 'Revenue ($)', 'Promo code', 'Special instructions',
];

/** A CSV file's rows, after its byte-order mark (the file is UTF-8 with one, for spreadsheets). */
function csvRows(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parse(text.slice(1)) as string[][];
}

let api: APIRequestContext;
test.beforeAll(async ({ playwright }, testInfo) => {
  api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
});
test.afterAll(async () => {
  await api?.dispose();
});

test('All Bookings downloads what its search shows, as CSV with formulas neutralised', async ({ page }) => {
  const who = `Exporter${Date.now().toString(36)}`;
  const formula = '=HYPERLINK("http://evil.example","Click")';
  const first = await paidBooking(api, who, { specialInstructions: formula });
  const second = await paidBooking(api, who, { specialInstructions: 'Gate code 1234' });

  await signIn(page);
  await page.getByLabel('Search').fill(who);
  await expect(page.getByRole('heading', { name: 'All Bookings (2)' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Download CSV' });
  await expect(link).toHaveAttribute('href', `/api/admin/exports/bookings.csv?q=${who}`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^washday-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = csvRows(fs.readFileSync((await download.path())!));
  expect(rows[0]).toEqual(bookingsHeader);
  expect(rows).toHaveLength(1 + 2);
  const byName = new Map(rows.slice(1).map((r) => [r[4], r]));
  const cell = (name: string, column: string) => byName.get(name)![bookingsHeader.indexOf(column)];
  expect(cell(first.name, 'Confirmation')).toBe(first.confirmation);
  expect(cell(first.name, 'Special instructions')).toBe(`'${formula}`);
  expect(cell(second.name, 'Special instructions')).toBe('Gate code 1234');
  expect(cell(second.name, 'Payment status')).toBe('Paid (authorized or captured)');
  expect(cell(second.name, 'Money state')).toMatch(/^Authorized \$\d+\.\d{2}$/);
  expect(cell(second.name, 'Estimate ($)')).toMatch(/^\d+\.\d{2}$/);
});

test("the owner downloads all the data at once: a zip of every export", async ({ page }) => {
  await signIn(page);
  const link = page.getByRole('link', { name: 'Download all data (.zip)' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^washday-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  expect(Object.keys(files).sort()).toEqual(['washday-assignments.csv', 'washday-bookings.csv', 'washday-customers.csv', 'washday-gift-cards.csv', 'washday-invoices.csv', 'washday-payouts.csv']);
  expect(csvRows(files['washday-bookings.csv']!)[0]).toEqual(bookingsHeader);
  expect(csvRows(files['washday-gift-cards.csv']!)[0]).toEqual(['Code', 'Created', 'Sold online', 'Amount ($)', 'Balance ($)', 'Used ($)', 'Purchaser email', 'Recipient name', 'Recipient email']);
});
