// Runs once before the browser tests (the "setup" project): the root master admin is made here, so
// that test files running side by side never race to make it (staff.ts).
import { test } from '@playwright/test';
import { rootApi } from './staff';

test('the root master admin exists', async ({ playwright }, testInfo) => {
  const api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  await api.dispose();
});
