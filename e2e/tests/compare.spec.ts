import { expect, test, type Page } from '@playwright/test';
import { apiGet, createSimulation, getSimulation, newEngineer, runToEnd, signInAs } from '../support/sessions.js';
import { signOut, watchConsole } from '../support/people.js';
import { expectCleanLayout } from '../support/layout.js';

// Issue 8, compare runs: inputs and results side by side with the differences marked, a series of
// every run on the same axes, fields side by side with one colour range and their difference where
// the grids match; runs added on the page; a warning when runs are not comparable; the address
// shared with someone who cannot see the simulations shows nothing of them.
// Cheap cases: CIRCULAR_PIPE with the developing-flow solver (about 1.5 s a run).

const row = (page: Page, table: string, key: string) => page.getByRole('table', { name: table }).locator(`tr[data-key="${key}"]`);

interface ResultIndex {
  fields: { name: string; grid: { axes: { values: number[] }[] } }[];
}

interface RunList {
  data: { id: string; number: number; status: string }[];
}

test('two pipes with different flow rates compared: tables, overlaid series, fields and their difference; a run added', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { errors } = watchConsole(page);
  const engineer = await newEngineer(page, request, 'comparer');
  const token = await signInAs(page, engineer);
  const slow = await createSimulation(request, token, { title: 'Loop at 0.5 L/s', type: 'CIRCULAR_PIPE', parameters: { flow_rate: 0.0005 } });
  const fast = await createSimulation(request, token, { title: 'Loop at 0.6 L/s', type: 'CIRCULAR_PIPE', parameters: { flow_rate: 0.0006 } });
  const third = await createSimulation(request, token, { title: 'Loop at 0.7 L/s', type: 'CIRCULAR_PIPE', parameters: { flow_rate: 0.0007 } });
  for (const s of [slow, fast, third]) expect((await runToEnd(request, token, s.id)).status).toBe('completed');

  const current = async (id: string) => (await getSimulation(request, token, id)).current_run_id!;
  const [slowRun, fastRun] = [await current(slow.id), await current(fast.id)];

  // The list: tick two rows, "Compare (2)" opens their current runs side by side.
  await page.goto('/main/simulations/all');
  const list = page.getByRole('table', { name: 'My simulations' });
  const compareAction = (n: number) => page.getByRole('link', { name: `Compare (${n})` });
  await expect(compareAction(0)).toHaveAttribute('aria-disabled', 'true');
  await list.getByRole('checkbox', { name: 'Select Loop at 0.5 L/s for comparison' }).check();
  await expect(compareAction(1)).toHaveAttribute('aria-disabled', 'true');
  await list.getByRole('checkbox', { name: 'Select Loop at 0.6 L/s for comparison' }).check();
  await compareAction(2).click();
  await expect(page).toHaveURL(/\/main\/simulations\/compare\?runs=/);
  expect(new URL(page.url()).searchParams.get('runs')).toBe(`${slow.id}:${slowRun},${fast.id}:${fastRun}`);
  await expect(page.getByRole('heading', { name: 'Compare runs', level: 1 })).toBeVisible();
  // Inputs: the flow rate differs (with its unit), the diameter does not.
  await expect(row(page, 'Inputs compared', 'flow_rate')).toHaveAttribute('data-differs', 'true');
  await expect(row(page, 'Inputs compared', 'flow_rate')).toContainText('L/s');
  await expect(row(page, 'Inputs compared', 'diameter')).toHaveAttribute('data-differs', 'false');
  // Results: a 20 % higher flow gives a higher pressure drop; the second run's cell says by how much.
  const drop = row(page, 'Results compared', 'pressure_drop');
  await expect(drop).toHaveAttribute('data-differs', 'true');
  await expect(drop.locator('td[data-differs="true"]')).toHaveCount(1);
  await expect(drop.locator('td').last()).toContainText(/\(\+[\d.]+ %\)/);
  await expect(page.getByTestId('not-comparable')).toHaveCount(0);

  // Only the differences on request.
  await page.getByRole('button', { name: 'Show differences only' }).click();
  await expect(page.getByRole('table', { name: 'Inputs compared' }).locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Show every row' }).click();

  // The pressure series of both runs on one pair of axes.
  await expect(page.getByRole('img', { name: 'pressure of 2 runs' })).toHaveAttribute('data-curves', '2', { timeout: 20_000 });
  // Fields side by side with one colour range. The solver refines its marching grid by Reynolds
  // number, so these two grids differ (checked from the API) and no difference map is drawn.
  const fields = page.getByTestId('fields-side-by-side');
  await expect(fields).toBeVisible({ timeout: 30_000 });
  await expect(fields).toHaveAttribute('data-shared-range', /^-?[\d.e+-]+,-?[\d.e+-]+$/);
  await expect(fields.getByRole('img', { name: 'Temperature, Loop at 0.5 L/s #1' })).toBeVisible();
  await expect(fields.getByRole('img', { name: 'Temperature, Loop at 0.6 L/s #1' })).toBeVisible();
  const axes = async (id: string) => (await apiGet<ResultIndex>(request, token, `/simulations/${id}/results`)).fields.find((f) => f.name === 'temperature')!.grid.axes.map((a) => a.values);
  expect(await axes(slow.id)).not.toEqual(await axes(fast.id));
  await expect(page.getByText('The grids differ, so no difference map is drawn.')).toBeVisible();
  await expect(page.getByTestId('field-difference')).toHaveCount(0);

  // A third run added on the page: the address follows, so it can be shared.
  const add = page.getByRole('region', { name: 'Add runs' });
  await add.getByRole('combobox', { name: 'Simulations' }).click();
  await page.getByRole('option', { name: /^Loop at 0\.7 L\/s/ }).click();
  await page.keyboard.press('Escape');
  await add.getByRole('button', { name: 'Add to the comparison' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('runs')).toBe(`${slow.id}:${slowRun},${fast.id}:${fastRun},${third.id}`);
  await expect(page.getByRole('img', { name: 'pressure of 3 runs' })).toHaveAttribute('data-curves', '3', { timeout: 20_000 });
  await expect(row(page, 'Results compared', 'pressure_drop').locator('td[data-differs="true"]')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('"Compare runs" and "Compare with…" on the view page; different solvers warned; the shared address shows nothing to another user', async ({ page, request }) => {
  test.setTimeout(90_000);
  const engineer = await newEngineer(page, request, 'rerunner');
  const token = await signInAs(page, engineer);
  const pipe = await createSimulation(request, token, { title: 'Boiler feed', type: 'CIRCULAR_PIPE', parameters: {} });
  expect((await runToEnd(request, token, pipe.id)).status).toBe('completed');
  expect((await runToEnd(request, token, pipe.id)).status).toBe('completed');
  const runs = await apiGet<RunList>(request, token, `/simulations/${pipe.id}/runs`);
  expect(runs.data).toHaveLength(2);

  await page.goto(`/main/simulations/view/${pipe.id}`);
  await page.getByRole('link', { name: 'Compare runs' }).click();
  await expect(page).toHaveURL(/\/main\/simulations\/compare\?runs=/);
  const refs = new URL(page.url()).searchParams.get('runs')!.split(',');
  expect(refs.sort()).toEqual(runs.data.map((r) => `${pipe.id}:${r.id}`).sort());
  // The same inputs and a deterministic solver: nothing differs.
  await expect(page.getByRole('table', { name: 'Results compared' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Results compared' }).locator('tr[data-differs="true"]')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Inputs compared' }).locator('tr[data-differs="true"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show differences only' }).click();
  await expect(page.getByRole('table', { name: 'Results compared' })).toContainText('No differences.');
  // One grid for both runs: the fields side by side and their difference map.
  await expect(page.getByTestId('fields-side-by-side')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('field-difference')).toHaveCount(1);
  await expect(page.getByTestId('field-difference')).toContainText(/^Boiler feed #\d − Boiler feed #\d/);
  // The page as a whole, tables, overlay, maps and difference map, fits a desktop and a phone.
  await expect(page.getByRole('img', { name: /of 2 runs$/ }).locator('svg text').first()).toBeVisible({ timeout: 20_000 });
  for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await expectCleanLayout(page, `compare page at ${viewport.width}×${viewport.height}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // The 1-D march against the developing-flow solver: comparable in type, not in solver.
  // Reached from the march's page with "Compare with…": its run beside the other pipe's current run.
  const march = await createSimulation(request, token, { title: 'Boiler feed, 1-D', type: 'CIRCULAR_PIPE', parameters: { model: 'one_dimensional' } });
  const marched = await runToEnd(request, token, march.id);
  expect(marched.status).toBe('completed');
  const pipeCurrent = (await getSimulation(request, token, pipe.id)).current_run_id!;
  await page.goto(`/main/simulations/view/${march.id}`);
  await page.getByRole('button', { name: 'Compare with…' }).click();
  const menu = page.getByRole('menu', { name: 'Compare with' });
  await expect(menu.getByRole('menuitem', { name: /Boiler feed, 1-D/ })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: /^Boiler feed/ }).click();
  await expect(page).toHaveURL(/\/main\/simulations\/compare\?runs=/);
  expect(new URL(page.url()).searchParams.get('runs')).toBe(`${march.id}:${marched.current_run_id},${pipe.id}:${pipeCurrent}`);
  await expect(page.getByTestId('not-comparable')).toContainText('different solver versions');
  const shared = `/main/simulations/compare?runs=${pipe.id},${march.id}`;

  // Someone else opening the address sees neither simulation.
  await signOut(page);
  const other = await newEngineer(page, request, 'outsider');
  await signInAs(page, other, shared);
  await expect(page.getByText(`Simulation ${pipe.id} was not found, or you cannot see it.`)).toBeVisible();
  await expect(page.getByText(`Simulation ${march.id} was not found, or you cannot see it.`)).toBeVisible();
  await expect(page.getByText('Boiler feed')).toHaveCount(0);
});
