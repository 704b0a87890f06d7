import { expect, test } from '@playwright/test';
import { tokenOf, watchConsole } from '../support/people.js';
import { signInAsAdmin } from '../support/sessions.js';

// A welding simulation end to end: the default single-V butt weld runs through the worker pool
// and its view shows the summary in engineering units and the cross-section and top-surface
// temperature maps with their colour bars.

test('a default single-V butt weld runs and shows its temperature maps', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, '/main/simulations/create');
  await expect(page.getByRole('heading', { name: 'Create welding simulation' })).toBeVisible();
  await expect(page.getByText('BUTT_WELD', { exact: true })).toBeVisible();

  const token = await tokenOf(page);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/simulations/', { headers, data: { title: 'Single-V butt weld, 12 mm S355', type: 'BUTT_WELD' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.get(`/api/v1/simulations/run/${id}`, { headers })).status()).toBe(202);

  const { errors } = watchConsole(page);
  await page.goto(`/main/simulations/view/${id}`);
  await expect(page.getByTestId('simulation-status')).toHaveText('Completed', { timeout: 90_000 });

  // Heat input η·U·I/v = 0.8 · 33.5 V · 325 A / 5.83 mm/s = 1.493 kJ/mm, shown in engineering units.
  const results = page.getByRole('region', { name: 'Key results' });
  await expect(results.getByText('Heat input', { exact: true })).toBeVisible();
  await expect(results.getByText('kJ/mm')).toBeVisible();
  await expect(results.getByText(/^1\.49\d*$/)).toBeVisible();

  const section = page.getByRole('figure', { name: /Peak temperature on the cross-section/ });
  await expect(section.getByRole('img', { name: /map$/ })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByTestId('colour-bar-title')).toContainText('°C');
  await expect(page.getByRole('figure', { name: /Temperature of the topmost metal cell/ })).toBeVisible();
  expect(errors).toEqual([]);
});
