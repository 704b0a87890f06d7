import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectCleanLayout } from '../support/layout.js';
import { watchConsole } from '../support/people.js';
import { createSimulation, getSimulation, newEngineer, signInAs } from '../support/sessions.js';

// Every family's result page, on a desktop window and on a phone, measured rather than looked at:
// nothing wider than the window, nothing running out of its card, no chart or map label over
// another or over the card's heading, every chart axis with its unit, the assistant's button over
// no card (layoutProblems). One run a family (the cheap cases of the other specs), each looked at
// in both sizes.

const CASES = [
  { family: 'pipe network', type: 'PIPE_NETWORK', parameters: {} },
  { family: 'pipe', type: 'CIRCULAR_PIPE', parameters: {} },
  { family: 'geothermal plant', type: 'GEOTHERMAL_PLANT_TES', parameters: {} },
  { family: 'melt pool', type: 'LASER_RIGID_PLATE', parameters: { mesh_size: 'coarse', laser: { track_length: 0.0005 } } },
  { family: 'welding', type: 'BUTT_WELD', parameters: { mesh_size: 'coarse' } },
  { family: 'jet', type: 'JET_IMPINGING_SURFACE', parameters: { mesh_size: 'coarse' } },
] as const;

const VIEWPORTS = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
];

/** A user may have four runs queued or running at once (SIM_MAX_ACTIVE_RUNS_PER_USER). */
const ACTIVE_RUNS = 4;

async function startRun(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/v1/simulations/run/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(202);
}

async function completed(request: APIRequestContext, token: string, id: string) {
  await expect.poll(async () => (await getSimulation(request, token, id)).status, { timeout: 120_000, intervals: [250, 500, 1000] }).toMatch(/^(completed|failed|aborted)$/);
  expect((await getSimulation(request, token, id)).status).toBe('completed');
}

/** The view page with every card drawn: no placeholder left, every chart with its labels. */
async function openResults(page: Page, id: string) {
  await page.goto(`/main/simulations/view/${id}`);
  await expect(page.getByTestId('simulation-status')).toHaveText('Completed', { timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Plots' })).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 45_000 });
  await expect
    .poll(() => page.locator('[data-testid="series-chart"], [data-testid="xy-chart"]').evaluateAll((charts) => charts.filter((c) => !c.querySelector('svg text')).length), { timeout: 20_000 })
    .toBe(0);
}

test('every family’s result page fits its window on a desktop and a phone: no overflow, no overlapping labels', async ({ page, request }) => {
  test.setTimeout(240_000);
  const engineer = await newEngineer(page, request, 'layout');
  const token = await signInAs(page, engineer);
  const { errors } = watchConsole(page);

  const ids: string[] = [];
  for (const [k, c] of CASES.entries()) {
    const simulation = await createSimulation(request, token, { title: `Default ${c.family}`, type: c.type, parameters: c.parameters });
    ids.push(simulation.id);
    if (k < ACTIVE_RUNS) await startRun(request, token, simulation.id);
  }

  for (const [k, c] of CASES.entries()) {
    await completed(request, token, ids[k]!);
    // Its slot in the queue goes to the next case, which runs while this one is looked at.
    if (k + ACTIVE_RUNS < CASES.length) await startRun(request, token, ids[k + ACTIVE_RUNS]!);
    // Opened on the desktop, then the same page narrowed to a phone (the layout follows the window).
    for (const [v, viewport] of VIEWPORTS.entries()) {
      await page.setViewportSize(viewport);
      if (v === 0) await openResults(page, ids[k]!);
      await expectCleanLayout(page, `${c.family} (${c.type}) at ${viewport.width}×${viewport.height}`);
    }
  }
  expect(errors).toEqual([]);
});
