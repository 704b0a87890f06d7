import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogueEntry, describeForm, simulationCatalogue } from '@simforge/contracts';
import { aUser, pathOf, stubFetch, type StubbedCall } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { session } from '../../lib/session';
import { authStore } from '../../lib/authStore';
import { anEstimate } from '../simulations/testFixtures';
import { isLogarithmic, mainInputs, sweepValues, withVisibleDefaults } from './mainInputs';
import { resolveSimulator } from './SimulatorScreen';
import { signIn } from '../../test/signedIn';

const ESTIMATE = '/api/v1/simulations/metamodel_estimate_v2';
const FIRST = { timeout: 30_000 };
const SLOW = 60_000;

/** The estimate answers a pressure drop proportional to 1/D⁵ so the sweep has a shape to check. */
function server() {
  return stubFetch((call: StubbedCall) => {
    const path = pathOf(call);
    if (path === '/api/v1/users/me') return { json: aUser };
    if (path === ESTIMATE) {
      const d = (call.body as { parameters: { diameter?: number } }).parameters.diameter ?? 0.025;
      return { json: { ...anEstimate, results: { ...anEstimate.results, pressure_drop: { value: 5874.56 * (0.025 / d) ** 5, unit: 'Pa', label: 'Pressure drop' } } } };
    }
    return undefined;
  });
}

describe('the explorer inputs', () => {
  const form = describeForm(catalogueEntry('CIRCULAR_PIPE')!.parameters!);
  it('takes the visible geometry and process numbers as sliders and the choices as selects', () => {
    const inputs = mainInputs(form, catalogueEntry('CIRCULAR_PIPE')!.defaults!);
    expect(inputs.sliders.map((f) => f.path).slice(0, 3)).toEqual(['diameter', 'length', 'roughness']);
    expect(inputs.sliders.some((f) => f.path === 'mean_velocity')).toBe(false);
    expect(inputs.choices.map((f) => f.path)).toContain('fluid');
  });

  it('sweeps a wide range geometrically and keeps parameters complete when a choice changes', () => {
    const values = sweepValues({ min: 0.001, max: 10, integer: false }, 5);
    expect(isLogarithmic({ min: 0.001, max: 10 })).toBe(true);
    values.forEach((v, i) => expect(v).toBeCloseTo(0.001 * 10 ** i, 12));
    const defaults = catalogueEntry('CIRCULAR_PIPE')!.defaults!;
    const next = withVisibleDefaults(form, { ...defaults, flow_input: 'mean_velocity' });
    expect(next.mean_velocity).toBeTypeOf('number');
    expect(next.flow_rate).toBeUndefined();
  });

  it('resolves addresses, showing the catalogue for unknown ones', () => {
    expect(resolveSimulator('pipe/circular_pipe')).toMatchObject({ entry: { type: 'CIRCULAR_PIPE' } });
    expect(resolveSimulator('')).toEqual({ note: null });
    expect(resolveSimulator('nowhere/at/all')).toMatchObject({ note: expect.stringContaining('Here is the catalogue') });
  });
});

describe('the simulator area', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => session.clearCredentials());

  it('lists every type by family with its typical run time and a start button into create-v2', async () => {
    server();
    await authStore.init();
    const app = renderApp('/simulator/?utm=x');
    for (const entry of simulationCatalogue) expect(await screen.findByText(entry.label, { selector: 'h3' }, FIRST)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('runtime-CIRCULAR_PIPE').textContent).toContain('0.07 s'));
    fireEvent.click(screen.getByRole('link', { name: 'Start Circular pipe' }));
    await waitFor(() => expect(app.location()).toBe('/main/simulations/create-v2/pipe/CIRCULAR_PIPE?utm=x'));
  }, SLOW);

  it('shows the catalogue, not an error, for an unknown path', async () => {
    server();
    await authStore.init();
    renderApp('/simulator/does/not/exist');
    expect((await screen.findByText(/Nothing to explore at \/simulator\/does\/not\/exist/, {}, FIRST)).textContent).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Pipe flow types' })).toBeTruthy();
  }, SLOW);

  it('explores a type: a slider changes the estimate and the sweep, and hands the values to create-v2', async () => {
    const { calls } = server();
    await authStore.init();
    const app = renderApp('/simulator/pipe/CIRCULAR_PIPE?diameter=0.05');
    const inputs = await screen.findByRole('region', { name: 'Main inputs' }, FIRST);
    expect(within(inputs).getByTestId('value-diameter').textContent).toBe('50 mm');
    await waitFor(() => expect(screen.getByRole('img', { name: /Pressure drop.* against Inner diameter/ }).getAttribute('data-points')).toBe('9'));
    const slider = within(inputs).getAllByRole('slider')[0]!;
    fireEvent.change(slider, { target: { value: String(Math.log10(40)) } });
    await waitFor(() => expect(calls.some((c) => pathOf(c) === ESTIMATE && Math.abs((c.body as { parameters: { diameter: number } }).parameters.diameter - 0.04) < 1e-6)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Run the full simulation' }));
    await waitFor(() => expect(app.location()).toMatch(/^\/main\/simulations\/create-v2\/pipe\/CIRCULAR_PIPE\?/));
    expect(new URLSearchParams(app.location().split('?')[1]).get('diameter')).toBe('0.04');
  }, SLOW);

  it('asks a signed-out visitor to sign in for estimates', async () => {
    session.clearCredentials();
    const { calls } = server();
    await authStore.init();
    renderApp('/simulator/pipe/circular_pipe');
    expect((await screen.findByText('Sign in to see live estimates for these values.', {}, FIRST)).textContent).toBeTruthy();
    expect(calls.some((c) => pathOf(c) === ESTIMATE)).toBe(false);
  }, SLOW);
});
