import { expect, test, type Page } from '@playwright/test';
import { e2eServer } from '../support/server.js';

/** Counts requests to the tag manager and answers them locally (there is no outside network here). */
async function countTagManager(page: Page): Promise<() => number> {
  let count = 0;
  await page.route('https://www.googletagmanager.com/**', (route) => {
    count += 1;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* tag manager stand-in */' });
  });
  return () => count;
}

test('no tag-manager request before Accept All, one after', async ({ page, context }) => {
  const requests = await countTagManager(page);
  await page.goto('/loggedout');
  await expect(page.getByRole('button', { name: 'Accept All' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests()).toBe(0);

  await page.getByRole('button', { name: 'Accept All' }).click();
  await expect.poll(requests).toBe(1);
  await expect(page.getByRole('button', { name: 'Accept All' })).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === 'cookiesConsent');
  expect(cookie?.value).toBe('true');
  expect(cookie?.sameSite).toBe('Strict');
  expect(cookie?.secure).toBe(true);
  // Kept 365 days.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  // The tag manager was started for the configured container, and this page view was pushed.
  const tagSrc = await page.locator('script[src*="googletagmanager.com/gtm.js"]').getAttribute('src');
  expect(tagSrc).toContain(`id=${e2eServer.analyticsContainerId}`);
  const dataLayer = await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []));
  expect(dataLayer).toContain('gtm.start');

  // The choice is remembered: the next page load asks nothing and loads the tag manager again.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Accept All' })).toBeHidden();
});

test('Reject All stores false and loads nothing', async ({ page, context }) => {
  const requests = await countTagManager(page);
  await page.goto('/loggedout');
  await page.getByRole('button', { name: 'Reject All' }).click();
  await expect(page.getByRole('button', { name: 'Reject All' })).toBeHidden();
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(requests()).toBe(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'cookiesConsent');
  expect(cookie?.value).toBe('false');
});
