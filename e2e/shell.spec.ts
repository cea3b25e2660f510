import { expect, test } from '@playwright/test';
import { snap } from './helpers';

test('an unknown path lands on the top page', async ({ page }, testInfo) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await snap(page, testInfo, 'unknown-path');
});
