import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from '../support/people.js';
import { chooseJoint } from '../support/welding.js';
import { signInAsAdmin } from '../support/sessions.js';

// Multi-pass welding through the create screen: a double-V butt weld (two weld lines, welded in turn
// with an interpass wait) on the coarse mesh, run to completion, and one summary card per pass value
// (pass_1_..., pass_2_...). The material picker's "Custom material" shows its property group.

async function openWeldingCreate(page: Page) {
  await signInAsAdmin(page, '/main/simulations/create');
}

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.locator('.MuiModal-backdrop')).toHaveCount(0);
}

test('a double-V butt weld on the coarse mesh runs both passes and shows a summary card for each', async ({ page }) => {
  test.setTimeout(150_000);
  const { errors } = watchConsole(page);
  await openWeldingCreate(page);
  await chooseJoint(page, 'DOUBLE_V_BUTT_WELD');
  await expect(page.getByTestId('cross-section-preview')).toHaveAttribute('data-status', 'current', { timeout: 20_000 });

  await choose(page, 'Mesh', 'Coarse (fast preview)');
  await page.getByLabel('Title', { exact: true }).fill('Double-V butt weld, two passes, coarse');
  await page.getByRole('button', { name: 'Create and run' }).click();
  await expect(page).toHaveURL(/\/main\/simulations\/view\//, { timeout: 20_000 });
  const started = Date.now();
  await expect(page.getByTestId('simulation-status')).toHaveText('Completed', { timeout: 120_000 });
  test.info().annotations.push({ type: 'run time', description: `${((Date.now() - started) / 1000).toFixed(1)} s from the view page to Completed` });

  // Both passes measured: the same five values (t8/5 when the cycle cools through 500 °C) for each.
  const results = page.getByRole('region', { name: 'Key results' });
  for (const pass of [1, 2]) {
    for (const name of ['start_temperature', 'energy_input', 'peak_temperature', 'fusion_zone_width', 'penetration_depth']) {
      await expect(results.locator(`[data-summary-key="pass_${pass}_${name}"]`)).toBeVisible();
    }
  }
  await expect(results.locator('[data-summary-key^="pass_3_"]')).toHaveCount(0);
  // Labels and units as shown: °C for temperatures, a length unit for widths, an energy unit.
  // Each card by its key: a short name on it (≤ 6 words), the solver's definition behind its info icon.
  await expect(results.locator('[data-summary-key="pass_2_start_temperature"]')).toContainText('°C');
  await expect(results.locator('[data-summary-key="pass_2_start_temperature"]')).toHaveAttribute('aria-label', /^Pass 2: hottest metal temperature/);
  await expect(results.locator('[data-summary-key="pass_1_peak_temperature"]')).toContainText('°C');
  await expect(results.locator('[data-summary-key="pass_2_fusion_zone_width"]')).toContainText(/\d\s*mm$/);
  await expect(results.locator('[data-summary-key="pass_1_energy_input"]')).toContainText(/\d\s*(k|M)?J$/);

  // The SI value each card carries in its tooltip ("3,250.31 K (SI) · pass_1_peak_temperature").
  const si = async (key: string) => {
    const name = await results.locator(`[data-summary-key="${key}"] [aria-label$=" · ${key}"]`).getAttribute('aria-label');
    return Number(name!.split(' ')[0]!.replace(/,/g, ''));
  };
  // Pass 1 starts at the preheat (20 °C); pass 2 once the hottest metal has cooled to the interpass
  // temperature (150 °C), read at the first output step at or below it.
  expect(await si('pass_1_start_temperature')).toBeCloseTo(293.15, 6);
  const start2 = await si('pass_2_start_temperature');
  expect(start2).toBeLessThanOrEqual(423.15);
  expect(start2).toBeGreaterThan(393.15);
  // Both passes melt metal (solidus of S355 1753.2 K), and the hotter start slows pass 2's cooling.
  expect(await si('pass_1_peak_temperature')).toBeGreaterThan(1753.2);
  expect(await si('pass_2_peak_temperature')).toBeGreaterThan(1753.2);
  expect(await si('pass_2_t8_5')).toBeGreaterThan(await si('pass_1_t8_5'));
  expect(errors).toEqual([]);
});

test('"Custom material" in the material picker shows its property group, and other materials hide it', async ({ page }) => {
  const { errors } = watchConsole(page);
  await openWeldingCreate(page);
  await chooseJoint(page, 'DOUBLE_V_BUTT_WELD');
  await expect(page.getByLabel('Thermal conductivity', { exact: true })).toHaveCount(0);

  await choose(page, 'Material', 'Custom material (properties below)');
  await expect(page.getByText('Custom material', { exact: true })).toBeVisible();
  for (const [label, value] of [
    ['Density', '7850'],
    ['Thermal conductivity', '40'],
    ['Specific heat', '600'],
  ] as const) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  // A value out of its range is named beside the field.
  await page.getByLabel('Density', { exact: true }).fill('50');
  await expect(page.getByText('This field must be between 100 and 25000')).toBeVisible();
  await page.getByLabel('Density', { exact: true }).fill('4430');
  await expect(page.getByText('This field must be between 100 and 25000')).toHaveCount(0);

  await choose(page, 'Material', /^S355 structural steel/);
  await expect(page.getByLabel('Thermal conductivity', { exact: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});
