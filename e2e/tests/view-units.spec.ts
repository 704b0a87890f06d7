import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/people.js';
import { createSimulation, newEngineer, runToEnd, signInAs } from '../support/sessions.js';

// Issue 8, the unit system on the view page: switching SI / metric / US redraws the plots (axis
// names and values), the field map's colour bar and the key results at once, without a reload, and
// the choice is kept with the user's preferences. A 10 m CIRCULAR_PIPE (about 1.5 s a run).

test('the view page follows the unit system at once: series axes and values, field colour bar, key results', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { errors } = watchConsole(page);
  const engineer = await newEngineer(page, request, 'units');
  const token = await signInAs(page, engineer);
  const pipe = await createSimulation(request, token, { title: 'Feed line in three systems', type: 'CIRCULAR_PIPE', parameters: {} });
  expect((await runToEnd(request, token, pipe.id)).status).toBe('completed');

  await page.goto(`/main/simulations/view/${pipe.id}`);
  const chart = page.getByRole('img', { name: 'Temperature along the duct plot' });
  const axisText = chart.locator('svg text');
  await expect(chart).toHaveAttribute('data-x-unit', 'm', { timeout: 20_000 });
  await expect(chart).toHaveAttribute('data-y-units', '°C');
  await expect(axisText.filter({ hasText: 'Distance from the inlet [m]' })).toHaveCount(1);
  const celsius = Number(await chart.getAttribute('data-y-max'));
  // The default pipe is adiabatic: its temperature field is uniform and said in words, in the page's
  // unit; the velocity map's colour bar follows the unit system too.
  const colourBar = page.getByTestId('colour-bar-title').first();
  await expect(colourBar).toHaveText('m/s', { timeout: 20_000 });
  const uniform = page.getByRole('note').filter({ hasText: 'Uniform' }).first();
  await expect(uniform).toContainText('20 °C');
  const outlet = page.getByRole('region', { name: 'Key results' }).getByLabel('Outlet temperature', { exact: true });
  await expect(outlet).toContainText('°C');
  // A reload would lose this mark: the switch must redraw in place.
  await page.evaluate(() => ((window as unknown as { unitMark: number }).unitMark = 1));

  await page.getByRole('button', { name: 'US customary', exact: true }).click();
  await expect(chart).toHaveAttribute('data-x-unit', 'ft');
  await expect(chart).toHaveAttribute('data-y-units', '°F');
  await expect(axisText.filter({ hasText: 'Distance from the inlet [ft]' })).toHaveCount(1);
  await expect(axisText.filter({ hasText: /\[°F\]$/ })).toHaveCount(1);
  // The values are converted, not only relabelled: T(°F) = 1.8 T(°C) + 32.
  expect(Number(await chart.getAttribute('data-y-max'))).toBeCloseTo(1.8 * celsius + 32, 6);
  await expect(colourBar).toHaveText('ft/s');
  await expect(uniform).toContainText('68 °F');
  await expect(outlet).toContainText('°F');
  expect(await page.evaluate(() => (window as unknown as { unitMark?: number }).unitMark)).toBe(1);

  await page.getByRole('button', { name: 'SI', exact: true }).click();
  await expect(chart).toHaveAttribute('data-y-units', 'K');
  await expect(axisText.filter({ hasText: /\[K\]$/ })).toHaveCount(1);
  expect(Number(await chart.getAttribute('data-y-max'))).toBeCloseTo(celsius + 273.15, 6);
  await expect(colourBar).toHaveText('m/s');
  await expect(uniform).toContainText('293.15 K');

  // Saved with the preferences: a fresh load draws in SI straight away.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Temperature along the duct plot' })).toHaveAttribute('data-y-units', 'K', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Engineering metric', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Temperature along the duct plot' })).toHaveAttribute('data-y-units', '°C');
  expect(errors).toEqual([]);
});
