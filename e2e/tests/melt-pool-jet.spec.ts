import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tokenOf, watchConsole } from '../support/people.js';
import { signInAsAdmin } from '../support/sessions.js';

// The melt-pool and jet families end to end in Chromium: the create screen's live schematic, a
// coarse run through the worker pool, and the family views on the view page (pool cards and the
// G–R map; the jet's flow-field contours, Nu along the target with Martin, the residual history; a ridge
// run on the terrain-following grid, whose faces are wall-resolved, so its log warns of nothing).

async function createAndRun(page: Page, request: APIRequestContext, body: { title: string; type: string; parameters: Record<string, unknown> }): Promise<string> {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const created = await request.post('/api/v1/simulations/', { headers, data: body });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.get(`/api/v1/simulations/run/${id}`, { headers })).status()).toBe(202);
  return id;
}

/** A jet run's view page once completed: the flow field's velocity and temperature contours, Nu along the target. */
async function expectJetViews(page: Page, id: string) {
  await page.goto(`/main/simulations/view/${id}`);
  await expect(page.getByTestId('simulation-status')).toHaveText('Completed', { timeout: 150_000 });
  const flow = page.getByRole('figure', { name: 'Flow field' });
  await expect(flow.getByRole('img', { name: 'Velocity magnitude contour map' })).toBeVisible({ timeout: 20_000 });
  await flow.getByRole('button', { name: 'Temperature' }).click();
  await expect(flow.getByRole('img', { name: 'Temperature contour map' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Nusselt number along the target' })).toBeVisible();
}

test('a laser melt pool on a rigid plate: schematic, run, pool cards and the solidification map', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page, '/main/simulations/create-melt-pool?type=LASER_PLASMA_FLEXIBLE_PLATE');
  const schematic = page.getByTestId('melt-pool-schematic').first();
  await expect(schematic).toBeVisible();
  await expect(page.getByTestId('plasma-torch').first()).toBeVisible();
  await expect(page.getByTestId('absorptivity-guidance')).toBeVisible();

  const id = await createAndRun(page, request, { title: 'Single track, 316L', type: 'LASER_RIGID_PLATE', parameters: { mesh_size: 'coarse', laser: { track_length: 0.0008 } } });
  const { errors } = watchConsole(page);
  await page.goto(`/main/simulations/view/${id}`);
  await expect(page.getByTestId('simulation-status')).toHaveText('Completed', { timeout: 150_000 });
  const pool = page.getByRole('region', { name: 'Melt pool' });
  await expect(pool).toBeVisible({ timeout: 20_000 });
  await expect(pool.getByText('µm').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Solidification map' }).getByRole('img', { name: 'Solidification map plot' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a turbulent round jet on a plate: schematic, run, contours with streamlines, Nu along the target, residual history', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page, '/main/simulations/create-jet?type=JET_IMPINGING_RIDGE');
  await expect(page.getByTestId('jet-schematic').first()).toBeVisible();

  const id = await createAndRun(page, request, { title: 'Round jet, H/D 2', type: 'JET_IMPINGING_SURFACE', parameters: { mesh_size: 'coarse' } });
  const { errors } = watchConsole(page);
  await expectJetViews(page, id);
  await expect(page.getByRole('figure', { name: 'Residual history' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a ridge on the terrain-following grid: run, contour maps, Nu along the target, faces wall-resolved (no y⁺ warning)', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page, '/main/simulations/create-jet?type=JET_IMPINGING_RIDGE');
  // The live estimate says before the run which grid the ridge gets (the default 90° apex: σ).
  const estimated = page.getByRole('table', { name: 'Estimated results' });
  await expect(estimated.getByRole('row', { name: /^Grid of the ridge in the simulation/ })).toContainText('terrain-following, faces wall-resolved', { timeout: 20_000 });
  const id = await createAndRun(page, request, { title: 'Slot jet on a 90° ridge', type: 'JET_IMPINGING_RIDGE', parameters: { mesh_size: 'coarse' } });
  const { errors } = watchConsole(page);
  await expectJetViews(page, id);
  // The σ grid puts the faces' first cells at y⁺ < 1: the run logs its grid and warns of nothing.
  await expect(page.getByRole('log', { name: 'Log of run #1' })).toContainText('terrain-following (σ) grid over the ridge');
  await expect(page.getByRole('region', { name: /^Warnings in this run's log/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});
