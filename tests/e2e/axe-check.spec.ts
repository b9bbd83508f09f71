// The axe check itself (fixtures.ts): with the settings that make it quick, a planted fault is
// still found and named.
import { expect, expectNoAxeViolations, test } from './fixtures';

test('the axe check fails on a planted contrast fault and an image without alternative text', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const faint = document.createElement('p');
    faint.textContent = 'Faint words';
    faint.style.color = '#eeeeee';
    main.prepend(faint);
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    main.prepend(image);
  });
  const check = expectNoAxeViolations(page);
  await expect(check).rejects.toThrow(/color-contrast \(serious\).*contrast of 1\.16/);
  await expect(check).rejects.toThrow(/image-alt \(critical\)/);
});
