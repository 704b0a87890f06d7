import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultParametersOf } from '@simforge/contracts';
import { aUser, pathOf, queryOf, stubFetch, type StubbedCall } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { authStore } from '../../lib/authStore';
import { aRun, aSimulation, pipeSummary, RUN_1, RUN_2, SIM_ID } from '../simulations/testFixtures';
import { comparability, compareUrl, inputRows, parseRunRefs, resultRows, type ComparedRun } from './compareModel';
import { signIn } from '../../test/signedIn';

const FIRST = { timeout: 30_000 };
const OTHER = '11111111-2222-4333-8444-555555555555';
const params = defaultParametersOf('CIRCULAR_PIPE')!;
const run = (patch: Partial<ComparedRun>): ComparedRun => ({ key: 'a', name: 'A', type: 'CIRCULAR_PIPE', solverVersion: 'v1', parameters: params, summary: pipeSummary, ...patch });

describe('the comparison model', () => {
  it('reads and writes its address', () => {
    expect(parseRunRefs(`${SIM_ID}:${RUN_1},${OTHER},${OTHER}`)).toEqual([
      { simulationId: SIM_ID, runId: RUN_1 },
      { simulationId: OTHER, runId: null },
    ]);
    expect(compareUrl([{ simulationId: SIM_ID, runId: RUN_1 }, { simulationId: OTHER, runId: null }])).toBe(`/main/simulations/compare?runs=${SIM_ID}:${RUN_1},${OTHER}`);
  });

  it('marks differing inputs and results, with the relative difference', () => {
    const b = run({ key: 'b', parameters: { ...params, diameter: 0.05 }, summary: { ...pipeSummary, pressure_drop: { ...pipeSummary.pressure_drop, value: pipeSummary.pressure_drop.value / 2 } } });
    const inputs = inputRows([run({}), b], 'metric');
    const diameter = inputs.find((r) => r.key === 'diameter')!;
    expect(diameter).toMatchObject({ differs: true, unit: 'mm' });
    expect(diameter.cells[1]).toMatchObject({ text: '50', differs: true });
    expect(inputs.find((r) => r.key === 'length')!.differs).toBe(false);
    const results = resultRows([run({}), b], () => 'Pa', (v) => v);
    const dp = results.find((r) => r.key === 'pressure_drop')!;
    expect(dp.cells[1]!.relative).toBeCloseTo(-0.5, 12);
    expect(results.find((r) => r.key === 'flow_regime')!.differs).toBe(false);
    expect(inputRows([run({}), b], 'us').find((r) => r.key === 'diameter')!.unit).toBe('in');
  });

  it('says when runs are not comparable', () => {
    expect(comparability([run({}), run({ key: 'b' })]).comparable).toBe(true);
    const different = comparability([run({}), run({ key: 'b', type: 'CIRCULAR_ANNULUS', solverVersion: 'v2' })]);
    expect(different.comparable).toBe(false);
    expect(different.reasons).toHaveLength(2);
  });
});

function server(extra: (call: StubbedCall) => unknown = () => undefined) {
  const second = aRun({ id: RUN_2, number: 2, parameters: { ...params, diameter: 0.05 }, solver_version: '@simforge/solvers 0.2.0, duct-1d 1.1.0', summary: { ...pipeSummary, pressure_drop: { ...pipeSummary.pressure_drop, value: 1925.3 } } });
  const series = (runId: string, scale: number) => ({ name: 'pressure', run_id: runId, label: 'Pressure along the pipe', x: { name: 'x', unit: 'm', label: 'Distance', values: [0, 5, 10] }, y: [{ name: 'p', unit: 'Pa', label: 'Pressure', values: [3e5, 3e5 - 3000 * scale, 3e5 - 6000 * scale] }] });
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer as never;
    const path = pathOf(call);
    if (path === '/api/v1/users/me') return { json: aUser };
    if (path === `/api/v1/simulations/${SIM_ID}`) return { json: aSimulation({ current_run_id: RUN_2 }) };
    if (path === `/api/v1/simulations/${SIM_ID}/runs`) return { json: { data: [second, aRun()], count: 2 } };
    if (path === `/api/v1/simulations/${SIM_ID}/results`) {
      const runId = queryOf(call).get('run_id')!;
      return { json: { simulation_id: SIM_ID, run_id: runId, solver_version: null, summary: pipeSummary, series: [{ name: 'pressure', label: 'Pressure along the pipe', x: { name: 'x', unit: 'm', label: 'Distance' }, y: [{ name: 'p', unit: 'Pa', label: 'Pressure' }], length: 3 }], fields: [] } };
    }
    if (path === `/api/v1/simulations/${SIM_ID}/results/series/pressure`) {
      const runId = queryOf(call).get('run_id')!;
      return { json: series(runId, runId === RUN_1 ? 1 : 0.33) };
    }
    if (path === '/api/v1/simulations/') return { json: { data: [aSimulation(), aSimulation({ id: OTHER, title: 'Return line' })], count: 2 } };
    if (path === `/api/v1/simulations/${OTHER}`) return { json: aSimulation({ id: OTHER, title: 'Return line', current_run_id: RUN_1 }) };
    if (path === `/api/v1/simulations/${OTHER}/runs`) return { json: { data: [aRun({ simulation_id: OTHER })], count: 1 } };
    return undefined;
  });
}

describe('changes between runs', () => {
  it('states a temperature change as a difference in K (°F in US units), never as a percentage; other results in per cent', () => {
    const run = (outlet: number, drop: number): ComparedRun =>
      ({ key: String(outlet), name: String(outlet), type: 'CIRCULAR_PIPE', parameters: {}, solverVersion: 'x', series: {}, summary: { outlet_temperature: { value: outlet, unit: 'K', label: 'Outlet temperature' }, pressure_drop: { value: drop, unit: 'Pa', label: 'Pressure drop' } } }) as unknown as ComparedRun;
    const celsius = (si: string) => (si === 'K' ? '°C' : si);
    const toCelsius = (v: number, si: string) => (si === 'K' ? v - 273.15 : v);
    const rows = resultRows([run(293.15, 1000), run(303.307, 1500)], celsius, toCelsius);
    const outlet = rows.find((r) => r.key === 'outlet_temperature')!.cells[1]!;
    expect(outlet.relative).toBeUndefined();
    expect(outlet.difference!.unit).toBe('K');
    expect(outlet.difference!.value).toBeCloseTo(10.157, 9);
    expect(rows.find((r) => r.key === 'pressure_drop')!.cells[1]!.relative).toBeCloseTo(0.5, 12);
    const us = resultRows([run(293.15, 1000), run(303.15, 1500)], (si) => (si === 'K' ? '°F' : si), (v) => v);
    expect(us.find((r) => r.key === 'outlet_temperature')!.cells[1]!.difference).toEqual({ value: 18, unit: '°F' });
  });
});

describe('the comparison page', () => {
  beforeEach(() => {
    signIn();
  });

  it('shows two runs side by side, highlights differences, warns about solver versions and overlays series', async () => {
    server();
    await authStore.init();
    renderApp(`/main/simulations/compare?runs=${SIM_ID}:${RUN_1},${SIM_ID}:${RUN_2}`);
    const inputs = await screen.findByRole('table', { name: 'Inputs compared' }, FIRST);
    const diameter = within(inputs).getByText('Inner diameter').closest('tr')!;
    expect(diameter.getAttribute('data-differs')).toBe('true');
    expect(diameter.textContent).toContain('50');
    expect(diameter.textContent).toContain('+100 %');
    const results = screen.getByRole('table', { name: 'Results compared' });
    expect(within(results).getByText('Pressure drop (inlet minus outlet)').closest('tr')!.getAttribute('data-differs')).toBe('true');
    expect(screen.getByTestId('not-comparable').textContent).toContain('different solver versions');
    await waitFor(() => expect(screen.getByRole('img', { name: 'pressure of 2 runs' }).getAttribute('data-curves')).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Show differences only' }));
    expect(within(screen.getByRole('table', { name: 'Inputs compared' })).queryByText('Length')).toBeNull();
  }, 60_000);

  it('says a simulation the user cannot see was not found', async () => {
    server((call) => (pathOf(call).startsWith(`/api/v1/simulations/${OTHER}`) ? { status: 404, json: { detail: 'Simulation not found' } } : undefined));
    await authStore.init();
    renderApp(`/main/simulations/compare?runs=${SIM_ID},${OTHER}`);
    expect((await screen.findByText(`Simulation ${OTHER} was not found, or you cannot see it.`, {}, FIRST)).textContent).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Inputs compared' })).toBeNull();
  }, 60_000);

  it('picks two or more simulations to compare and keeps them in its address', async () => {
    server();
    await authStore.init();
    const app = renderApp('/main/simulations/compare');
    expect((await screen.findByText(/Choose at least two runs to compare/, {}, FIRST)).textContent).toBeTruthy();
    const picker = screen.getByRole('region', { name: 'Add runs' });
    fireEvent.mouseDown(within(picker).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: /Cooling water line/ }));
    fireEvent.click(screen.getByRole('option', { name: /Return line/ }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Add to the comparison' }));
    await waitFor(() => expect(app.location()).toBe(`/main/simulations/compare?runs=${SIM_ID}%2C${OTHER}`));
    expect(await screen.findByRole('table', { name: 'Inputs compared' })).toBeTruthy();
  }, 60_000);
});
