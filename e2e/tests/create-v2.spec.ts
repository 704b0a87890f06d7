import { expect, test, type Page } from '@playwright/test';
import { createAndRun, createSimulation, getSimulation, newEngineer, signInAs } from '../support/sessions.js';
import { watchConsole } from '../support/people.js';

// Issue 8, create-v2: one simulation of each family made step by step (family → type → geometry →
// material and process → mesh and run settings → review) with the fast estimate answering beside
// every step; the unit system switch shows other units while the wire stays SI; a query or an
// existing simulation prefills the steps.

const step = (page: Page) => page.getByTestId('create-v2-step');
const estimate = (page: Page) => page.getByRole('complementary', { name: 'Fast estimate' });

/** The estimate panel has answered for the values shown: its model, a run time and the validity line. */
async function expectLiveEstimate(page: Page) {
  await expect(estimate(page).getByTestId('estimate-model')).not.toBeEmpty({ timeout: 20_000 });
  await expect(estimate(page).getByTestId('expected-runtime')).toHaveText(/\d+(\.\d+)?\s*(ms|s|min|h)/);
  await expect(estimate(page).getByTestId('estimate-validity')).toBeVisible();
}

/** "Next" through the parameter steps to the review, checking the estimate on each. */
async function nextToReview(page: Page): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < 5; i++) {
    const heading = (await step(page).textContent()) ?? '';
    seen.push(heading);
    if (heading === 'Review') return seen;
    await expectLiveEstimate(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(step(page)).not.toHaveText(heading);
  }
  throw new Error(`no Review step after ${seen.join(' → ')}`);
}

const families = [
  { family: 'Welding (cwm)', familyPath: 'cwm', label: 'Square butt weld', type: 'SQUARE_BUTT_WELD' },
  { family: 'Impinging jets (jet)', familyPath: 'jet', label: 'Jet impinging on a surface', type: 'JET_IMPINGING_SURFACE' },
  { family: 'Laser melt pool (melt-pool)', familyPath: 'melt-pool', label: 'Laser on a rigid plate', type: 'LASER_RIGID_PLATE' },
] as const;

test('one simulation of each family through create-v2, with the live estimate on every step', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { errors } = watchConsole(page);
  const engineer = await newEngineer(page, request, 'wizard');
  const token = await signInAs(page, engineer, '/main/simulations/create-v2');

  for (const f of families) {
    await page.goto('/main/simulations/create-v2');
    await expect(page.getByRole('list', { name: 'Simulation families' })).toBeVisible();
    await page.getByRole('link', { name: f.family }).click();
    await expect(page).toHaveURL(new RegExp(`/main/simulations/create-v2/${f.familyPath}$`));
    await page.getByRole('link', { name: `Choose ${f.label}` }).click();
    await expect(page).toHaveURL(new RegExp(`/main/simulations/create-v2/${f.familyPath}/${f.type}$`));
    await expect(page.getByRole('form', { name: `New ${f.label} simulation` })).toBeVisible();

    const steps = await nextToReview(page);
    expect(steps[0], `${f.type} starts on a parameter step`).toMatch(/^(Geometry|Material and process)$/);
    // The review: every step's values in a table with units, the expected run time.
    for (const s of steps.slice(0, -1)) await expect(page.getByRole('table', { name: `Review: ${s}` })).toBeVisible();
    await expect(page.getByTestId('review-runtime')).toHaveText(/\d+(\.\d+)?\s*(ms|s|min|h)/, { timeout: 20_000 });
    const title = `${f.label} via create-v2`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/main\/simulations\/view\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByTestId('simulation-status')).toHaveText('Draft');
    const id = page.url().split('/').pop()!;
    const saved = await getSimulation(request, token, id);
    expect(saved.type).toBe(f.type);
  }
  expect(errors).toEqual([]);
});

test('a pipe in US customary units: live estimate, a range message, SI on the wire, create and run', async ({ page, request }) => {
  test.setTimeout(90_000);
  const engineer = await newEngineer(page, request, 'piper');
  const token = await signInAs(page, engineer, '/main/simulations/create-v2');
  await page.getByRole('link', { name: 'Pipe flow (pipe)' }).click();
  await page.getByRole('link', { name: 'Choose Circular pipe' }).click();
  await expect(step(page)).toHaveText('Geometry');
  await expectLiveEstimate(page);

  // The estimate follows the typing: a wider pipe, a slower flow.
  const diameter = page.getByLabel('Inner diameter', { exact: true });
  await expect(diameter).toHaveValue('25');
  const results = estimate(page).getByRole('table', { name: 'Estimated results' });
  const before = await results.textContent();
  // The geometry preview redraws with the value.
  await expect(page.getByRole('img', { name: 'Section: outer 25 mm' })).toBeVisible();
  await diameter.fill('50');
  await expect(page.getByRole('img', { name: 'Section: outer 50 mm' })).toBeVisible();
  await expect(results).not.toHaveText(before ?? '', { timeout: 15_000 });

  // A 0.2 m pipe is shorter than its entrance length: the estimate warns it leaves its validity range.
  const validity = estimate(page).getByTestId('estimate-validity');
  await expect(validity).toHaveText('Inputs inside the validity range of the model');
  const length = page.getByLabel('Length', { exact: true });
  await length.fill('0.2');
  await expect(validity).toContainText("Outside the estimate's validity range", { timeout: 15_000 });
  await expect(validity).toContainText('Entrance length ratio');
  await length.fill('10');
  await expect(validity).toHaveText('Inputs inside the validity range of the model', { timeout: 15_000 });

  // A value out of range: the spec's message beside the field, and Next stays on the step.
  await diameter.fill('0.5');
  await expect(page.getByText('This field must be between 1 and 2000')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Some fields need attention.')).toBeVisible();
  await expect(step(page)).toHaveText('Geometry');
  await diameter.fill('50');

  // US customary: the same 50 mm shown in inches (50 / 25.4 = 1.9685 in); saved with the preferences.
  const units = page.getByRole('group', { name: 'Unit system' });
  await units.getByRole('button', { name: 'US customary' }).click();
  await expect(units.getByRole('button', { name: 'US customary' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => Number(await diameter.inputValue())).toBeCloseTo(50 / 25.4, 3);
  await diameter.fill('2');
  await expect
    .poll(async () => (await request.get('/api/v1/users/me/preferences', { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json())).unit_system)
    .toBe('us');

  await nextToReview(page);
  await expect(page.getByRole('table', { name: 'Review: Geometry' }).locator('tr[data-path="diameter"]')).toContainText('in');
  await page.getByLabel('Title', { exact: true }).fill('2-inch line, US units');
  await createAndRun(page, 45_000, /\/main\/simulations\/view\/[0-9a-f-]{36}$/);
  const saved = await getSimulation(request, token, page.url().split('/').pop()!);
  // 2 in = 0.0508 m exactly: the wire is SI whatever the screen shows.
  expect(saved.parameters.diameter as number).toBeCloseTo(0.0508, 10);
  expect(saved.status).toBe('completed');
});

test('create-v2 addresses: a type named directly (any case), an unknown one, a query and a clone prefill', async ({ page, request }) => {
  test.setTimeout(60_000);
  const engineer = await newEngineer(page, request, 'linker');
  const token = await signInAs(page, engineer, '/main/simulations/create-v2/circular_pipe?diameter=0.04&title=From%20a%20link');
  await expect(step(page)).toHaveText('Geometry');
  await expect(page.getByLabel('Inner diameter', { exact: true })).toHaveValue('40');

  await page.goto('/main/simulations/create-v2/no_such_thing');
  await expect(page.getByRole('alert')).toContainText('Unknown simulation family or type: no_such_thing. Choose one from the catalogue.');
  await expect(page.getByRole('link', { name: 'Choose Circular pipe' })).toBeVisible();

  await page.goto('/main/simulations/create-v2/jet/CIRCULAR_PIPE');
  await expect(page.getByRole('alert')).toContainText('CIRCULAR_PIPE is not a type of the jet family (it belongs to pipe)');

  // Clone: `from={id}` fills the steps with an existing simulation's values.
  const source = await createSimulation(request, token, { title: 'Chiller loop', type: 'CIRCULAR_PIPE', parameters: { diameter: 0.065, length: 42 } });
  await page.goto(`/main/simulations/create-v2/pipe/CIRCULAR_PIPE?from=${source.id}`);
  await expect(page.getByText('Starting from “Chiller loop”: its parameters are filled in.')).toBeVisible();
  await expect(page.getByLabel('Inner diameter', { exact: true })).toHaveValue('65');
  await expect(page.getByLabel('Length', { exact: true })).toHaveValue('42');
  await nextToReview(page);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Copy of Chiller loop');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/simulations\/view\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const copy = await getSimulation(request, token, page.url().split('/').pop()!);
  expect(copy.id).not.toBe(source.id);
  expect(copy.parameters).toMatchObject({ diameter: 0.065, length: 42 });
});
