import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signOut, tokenOf } from '../support/people.js';
import { newEngineer, signInAs } from '../support/sessions.js';

// The simulation lifecycle in a real Chromium against the real server and solver: create a
// CIRCULAR_PIPE through the schema-driven form, run it and watch it live, results with units and
// plots, run history, abort, edit, clone, delete; someone else's simulation stays invisible.

const LONG_RUN = { model: 'one_dimensional', n_segments: 100_000, wall: { condition: 'temperature', temperature: 333.15 } };

async function createSimulation(request: APIRequestContext, token: string, body: { title: string; parameters?: Record<string, unknown> }): Promise<{ id: string }> {
  const res = await request.post('/api/v1/simulations/', { headers: { Authorization: `Bearer ${token}` }, data: { type: 'CIRCULAR_PIPE', ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

const statusChip = (page: Page) => page.getByTestId('simulation-status');

async function expectStatus(page: Page, label: string, timeout = 10_000) {
  await expect(statusChip(page)).toHaveText(label, { timeout });
}

test('a CIRCULAR_PIPE is created through the form, runs live, shows results with units and plots, and runs again', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await newEngineer(page, request, 'piper');
  await signInAs(page, user, '/main/simulations/create-pipe');

  await expect(page.getByRole('heading', { name: 'Create pipe simulation', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill('DN40 heated water line');
  const diameter = page.getByLabel('Inner diameter');
  await expect(diameter).toHaveValue('25');
  await diameter.fill('0.5');
  await expect(page.getByText('This field must be between 1 and 2000')).toBeVisible();
  await diameter.fill('40');
  await expect(page.getByText('This field must be between 1 and 2000')).toHaveCount(0);

  // visibleWhen: the wall temperature appears with a fixed wall temperature.
  await expect(page.getByLabel('Wall temperature')).toHaveCount(0);
  await page.getByLabel('Thermal condition').click();
  await page.getByRole('option', { name: 'Fixed wall temperature' }).click();
  await page.getByLabel('Wall temperature').fill('60');
  // The 1-D march with a very fine step, so the run lasts long enough to watch live.
  await page.getByLabel('Model', { exact: true }).click();
  await page.getByRole('option', { name: '1-D march with local properties' }).click();
  await page.getByRole('button', { name: 'Numerical settings' }).click();
  await page.getByLabel('Marching segments').fill('100000');

  // The fast estimate answers while typing: model, values with units, expected run time.
  const estimate = page.getByRole('complementary', { name: 'Fast estimate' });
  await expect(estimate.getByTestId('estimate-model')).toContainText('Gnielinski');
  await expect(estimate.getByText(/°C$/).first()).toBeVisible();
  await expect(estimate.getByTestId('expected-runtime')).toHaveText(/\d+(\.\d+)? (s|min)/);

  await page.getByRole('button', { name: 'Create and run' }).click();
  await page.waitForURL(/\/main\/simulations\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'DN40 heated water line', level: 1 })).toBeVisible();

  // Live: progress with its ETA and the solver log arrive over server-sent events.
  await expect(page.getByText(/^Running: \d+ %$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('eta')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('progressbar', { name: 'Simulation progress' })).toBeVisible();
  // What keeps moving while a run is watched moves on the compositor alone (transform, opacity):
  // endless animations of layout or paint kept a core of the engineer's machine busy for the whole run.
  const repainted = await page.evaluate(() =>
    document
      .getAnimations()
      .map((a) => a.effect)
      .filter((effect): effect is KeyframeEffect => effect instanceof KeyframeEffect && effect.getComputedTiming().iterations === Infinity)
      .flatMap((effect) => effect.getKeyframes().flatMap((k) => Object.keys(k).filter((p) => !['offset', 'computedOffset', 'easing', 'composite', 'transform', 'opacity'].includes(p)))),
  );
  expect(repainted).toEqual([]);
  await expect(page.getByRole('log', { name: 'Log of run #1' })).toContainText('marching 100000 segments');
  await expectStatus(page, 'Completed', 90_000);
  await expect(page.getByRole('log', { name: 'Log of run #1' })).toContainText('completed in');

  // Key results with engineering units, plots with axis units.
  const results = page.getByRole('region', { name: 'Key results' });
  await expect(results.getByLabel('Pressure drop', { exact: true })).toContainText(/\d\s*Pa$/);
  await expect(results.getByLabel('Outlet temperature', { exact: true })).toContainText('°C');
  await expect(results.getByLabel('Mean velocity', { exact: true })).toContainText('m/s');
  const pressurePlot = page.getByRole('img', { name: 'Pressure along the pipe plot' });
  await expect(pressurePlot.locator('svg')).toBeVisible({ timeout: 60_000 });
  await expect(pressurePlot).toContainText('Distance from the inlet [m]');
  await expect(pressurePlot).toContainText('Pressure (absolute) [bar]');
  await expect(page.getByRole('img', { name: 'Temperature along the pipe plot' })).toContainText('[°C]', { timeout: 30_000 });

  // The log downloads as text.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download log' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.log$/);

  // Run again: a second run in the history.
  await page.getByRole('button', { name: 'Run again', exact: true }).click();
  await expect(page.getByRole('log', { name: 'Log of run #2' })).toBeVisible({ timeout: 15_000 });
  await expectStatus(page, 'Completed', 90_000);
  const history = page.getByRole('table', { name: 'Run history' });
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await expect(history.locator('[data-run-number="2"]')).toContainText('Completed');
  await expect(history.locator('[data-run-number="1"]')).toContainText('Completed');
  await expect(history.locator('[data-run-number="1"]')).toContainText(/pressure drop\s*[\d.,]+ Pa/);

  // The log of an earlier run on request.
  await page.getByRole('button', { name: 'Show log of run 1' }).click();
  await expect(page.getByRole('log', { name: 'Log of run #1' })).toContainText('completed in');
});

test('a long run is aborted from its page and ends aborted within seconds, its log kept', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await newEngineer(page, request, 'aborter');
  await signInAs(page, user, '/main/simulations/all');
  const token = await tokenOf(page);
  const long = await createSimulation(request, token, { title: 'Very fine march', parameters: LONG_RUN });

  await page.goto(`/main/simulations/view/${long.id}`);
  await expectStatus(page, 'Draft');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expectStatus(page, 'Running', 30_000);
  await expect(page.getByRole('log', { name: 'Log of run #1' })).toContainText('marching 100000 segments');
  // Timed from the abort request leaving the page (what the product answers for), not from the start
  // of the click, which on a loaded machine can wait seconds for the page to take it.
  const aborting = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/simulations/${long.id}/abort`));
  await page.getByRole('button', { name: 'Abort', exact: true }).click();
  await aborting;
  const started = Date.now();
  await expectStatus(page, 'Aborted', 5_000);
  expect(Date.now() - started).toBeLessThan(5_000);
  await expect(page.getByText(/The last run was aborted/)).toBeVisible();
  await expect(page.getByRole('log', { name: 'Log of run #1' })).toContainText('marching 100000 segments');
  await expect(page.getByRole('button', { name: 'Run again', exact: true })).toBeEnabled();

  const res = await request.get(`/api/v1/simulations/${long.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await res.json()) as { status: string }).status).toBe('aborted');
});

test('a simulation is edited, cloned and deleted from the list and its page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await newEngineer(page, request, 'editor');
  await signInAs(page, user, '/main/simulations/all');
  const token = await tokenOf(page);
  await createSimulation(request, token, { title: 'Chiller supply', parameters: { diameter: 0.05 } });
  await createSimulation(request, token, { title: 'Boiler return' });

  await page.goto('/main/simulations/all');
  const table = page.getByRole('table', { name: 'My simulations' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.getByLabel('Search').fill('chiller');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const row = table.locator('tbody tr', { hasText: 'Chiller supply' });

  // Edit: the same form, filled with the simulation's values in display units.
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit simulation', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Inner diameter')).toHaveValue('50');
  await page.getByLabel('Title').fill('Chiller supply DN65');
  await page.getByLabel('Inner diameter').fill('65');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/main\/simulations\/view\//);
  await expect(page.getByRole('heading', { name: 'Chiller supply DN65', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Parameters' })).toContainText('65 mm');
  const originalUrl = page.url();

  // Clone: a draft copy named "Copy of …", opened at once.
  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByRole('heading', { name: 'Copy of Chiller supply DN65', level: 1 })).toBeVisible();
  expect(page.url()).not.toBe(originalUrl);
  await expectStatus(page, 'Draft');
  await expect(page.getByRole('region', { name: 'Parameters' })).toContainText('65 mm');

  // Delete the copy, confirming first.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete simulation?' });
  await expect(dialog).toContainText('Copy of Chiller supply DN65');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(/\/main\/simulations\/all/);
  await expect(table.getByRole('link', { name: 'Chiller supply DN65' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Copy of Chiller supply DN65' })).toHaveCount(0);

  // Delete from the list.
  await table.locator('tbody tr', { hasText: 'Boiler return' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete simulation?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('link', { name: 'Boiler return' })).toHaveCount(0);
  await expect(table.locator('tbody tr')).toHaveCount(1);
});

test("someone else's simulation is not found, in the browser and from the API", async ({ page, request }) => {
  const owner = await newEngineer(page, request, 'owner');
  await signInAs(page, owner, '/main/simulations/all');
  const ownerToken = await tokenOf(page);
  const theirs = await createSimulation(request, ownerToken, { title: 'Private line' });
  await signOut(page);

  const other = await newEngineer(page, request, 'other');
  await signInAs(page, other, '/main/simulations/all');
  const otherToken = await tokenOf(page);
  await page.goto(`/main/simulations/view/${theirs.id}`);
  await expect(page.getByRole('heading', { name: 'Simulation not found', level: 1 })).toBeVisible();
  await expect(page.getByText('Private line')).toHaveCount(0);
  const res = await request.get(`/api/v1/simulations/${theirs.id}`, { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(res.status()).toBe(404);
});
