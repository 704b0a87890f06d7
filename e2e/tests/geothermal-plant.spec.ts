import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/people.js';
import { createAndRun, signInAsAdmin } from '../support/sessions.js';

// The geothermal plant with stratified storage from the pipe family's create screen: the default case
// created and run, its key results in engineering units, and the store's temperature over height and
// time drawn as a heat map.

test('GEOTHERMAL_PLANT_TES with the default case runs from create-pipe and shows the store temperature heat map', async ({ page }) => {
  test.setTimeout(120_000);
  const { errors } = watchConsole(page);
  await signInAsAdmin(page, '/main/simulations/create-pipe?type=GEOTHERMAL_PLANT_TES');

  await expect(page.getByRole('form', { name: 'New Geothermal plant with storage simulation' })).toBeVisible({ timeout: 20_000 });
  // The fast estimate answers for the default case before anything is run.
  const estimate = page.getByRole('complementary', { name: 'Fast estimate' });
  await expect(estimate.getByTestId('expected-runtime')).toHaveText(/\d+(\.\d+)? (ms|s|min)/, { timeout: 20_000 });

  await page.getByLabel('Title', { exact: true }).fill('Geothermal plant, default case');
  await createAndRun(page, 90_000);

  // Key results in the documented order, with units.
  const results = page.getByRole('region', { name: 'Key results' });
  await expect(results.locator('[data-summary-key]').first()).toHaveAttribute('data-summary-key', 'energy_delivered');
  await expect(results.getByLabel('Highest store temperature')).toContainText('°C');
  await expect(results.locator('[data-summary-key="energy_delivered"]')).toContainText(/\d\s*(k|M|G|T)?(J|Wh)/);
  // The year's energy ledger closes (the solver's own check, shown as a result).
  const balance = await results.locator('[data-summary-key="energy_balance_error"] [aria-label$=" · energy_balance_error"]').getAttribute('aria-label');
  expect(Math.abs(Number(balance!.split(' ')[0]!.replace(/,/g, '')))).toBeLessThan(1e-9);

  // The store's temperature over height (up) and time (across): a heat map with its colour bar in °C.
  const store = page.getByRole('figure', { name: 'Store temperature' });
  await expect(store).toBeVisible({ timeout: 20_000 });
  const map = store.getByRole('img', { name: 'Store temperature heat map' });
  await expect(map).toBeVisible({ timeout: 20_000 });
  await expect(store).toContainText('°C');
  await expect(store.getByRole('button', { name: /CSV/i })).toBeEnabled();
  expect(errors).toEqual([]);
});
