import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, pathOf, queryOf, stubFetch, type StubbedCall, type StubResponse } from '../../../test/fetchStub';
import { renderApp } from '../../../test/renderApp';
import { signedInForEachTest } from '../../../test/signedIn';
import { authStore } from '../../../lib/authStore';
import { aRun, aSimulation, RUN_1, RUN_2, SIM_ID } from '../testFixtures';
import { DEFAULT_UNIT_SYSTEM, setActiveUnitSystem } from '../../../lib/unitSystems';

/** A server-sent-events body the test writes to, event by event. */
function eventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const headers: Headers[] = [];
  return {
    headers,
    respond(init: RequestInit = {}): Response {
      headers.push(new Headers(init.headers));
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    },
    send(event: Record<string, unknown> & { id: number; type: string }) {
      controller?.enqueue(encoder.encode(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ simulation_id: SIM_ID, at: '2026-01-02T10:00:05.000Z', ...event })}\n\n`));
    },
  };
}

function server(state: { simulation: ReturnType<typeof aSimulation>; runs: ReturnType<typeof aRun>[] }, extra: (call: StubbedCall) => StubResponse | undefined = () => undefined) {
  const stream = eventStream();
  const { calls, fetchMock } = stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    const path = pathOf(call);
    if (path === '/api/v1/users/me') return { json: aUser };
    if (path === `/api/v1/simulations/${SIM_ID}`) return { json: state.simulation };
    if (path === `/api/v1/simulations/${SIM_ID}/runs`) return { json: { data: state.runs, count: state.runs.length } };
    if (path === `/api/v1/simulations/${SIM_ID}/log`) {
      const runId = queryOf(call).get('run_id') ?? state.simulation.current_run_id;
      const lines = runId === RUN_1 ? [{ seq: 1, t: 0, level: 'info', message: 'CIRCULAR_PIPE run one' }] : [{ seq: 1, t: 0, level: 'info', message: 'phase: inlet state' }];
      return { json: { simulation_id: SIM_ID, run_id: runId, lines } };
    }
    if (path === `/api/v1/simulations/${SIM_ID}/results`) return { json: { simulation_id: SIM_ID, run_id: state.simulation.current_run_id, solver_version: 'x', summary: state.simulation.summary, series: [], fields: [] } };
    return undefined;
  });
  const wrapped = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    if (url.endsWith(`/simulations/${SIM_ID}/events`)) return stream.respond(init);
    return fetchMock(input, init);
  });
  vi.stubGlobal('fetch', wrapped);
  return { calls, stream };
}

signedInForEachTest();

describe('simulation view', () => {
  it('switches the unit system on the page: key results, run history and parameters follow at once', async () => {
    setActiveUnitSystem('metric', { persist: false });
    const { calls } = server({ simulation: aSimulation(), runs: [aRun()] }, (call) => {
      if (pathOf(call) !== '/api/v1/users/me/preferences') return undefined;
      return { json: { unit_system: call.method === 'PUT' ? (call.body as { unit_system: string }).unit_system : 'metric' } };
    });
    try {
      await authStore.init();
      renderApp(`/main/simulations/view/${SIM_ID}`);
      await screen.findByRole('heading', { name: 'Cooling water line', level: 1 });
      // The saved preference is read first, so the click below is not undone by its late answer.
      await waitFor(() => expect(calls.some((c) => pathOf(c) === '/api/v1/users/me/preferences' && c.method === 'GET')).toBe(true));
      const results = screen.getByRole('region', { name: 'Key results' });
      expect(within(results).getByLabelText('Outlet temperature').textContent).toContain('20°C');
      const parameters = screen.getByRole('region', { name: 'Parameters' });
      expect(parameters.textContent).toContain('25 mm');
      expect(parameters.textContent).toContain('10 m');

      fireEvent.click(screen.getByRole('button', { name: 'US customary' }));
      // 20 °C = 68 °F; 25 mm = 0.98425197 in; 10 m = 32.808399 ft; 5874.6 Pa = 0.85203 psi.
      expect(within(results).getByLabelText('Outlet temperature').textContent).toContain('68°F');
      expect(within(results).getByLabelText('Pressure drop').textContent).toContain('psi');
      expect(parameters.textContent).toContain('0.98425197 in');
      expect(parameters.textContent).toContain('32.808399 ft');
      expect(within(screen.getByRole('table', { name: 'Run history' })).getAllByText(/°F/).length).toBeGreaterThan(0);
      await waitFor(() => expect(calls.find((c) => pathOf(c) === '/api/v1/users/me/preferences' && c.method === 'PUT')?.body).toEqual({ unit_system: 'us' }));
    } finally {
      setActiveUnitSystem(DEFAULT_UNIT_SYSTEM, { persist: false });
    }
  });

  it('offers “Compare with…” the current runs of the user’s other simulations of the same type', async () => {
    const OTHER = 'c1c1c1c1-0000-4000-8000-000000000003';
    const { calls } = server({ simulation: aSimulation(), runs: [aRun()] }, (call) =>
      pathOf(call) === '/api/v1/simulations/' && call.method === 'GET'
        ? { json: { data: [aSimulation(), aSimulation({ id: OTHER, title: 'Return line', current_run_id: RUN_2 }), aSimulation({ id: 'c1c1c1c1-0000-4000-8000-000000000004', title: 'Never run', current_run_id: null })], count: 3 } }
        : undefined,
    );
    await authStore.init();
    const app = renderApp(`/main/simulations/view/${SIM_ID}`);
    await screen.findByRole('heading', { name: 'Cooling water line', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Compare with…' }));
    const menu = await screen.findByRole('menu', { name: 'Compare with' });
    const other = await within(menu).findByRole('menuitem', { name: /Return line/ });
    expect(queryOf(calls.find((c) => pathOf(c) === '/api/v1/simulations/')!).get('type')).toBe('CIRCULAR_PIPE');
    // Itself and a simulation without a run are not offered.
    expect(within(menu).queryByRole('menuitem', { name: /Cooling water line/ })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: /Never run/ })).toBeNull();
    expect(other.getAttribute('href')).toBe(`/main/simulations/compare?runs=${SIM_ID}:${RUN_1},${OTHER}:${RUN_2}`);
    expect(within(menu).getByRole('menuitem', { name: 'Choose runs on the comparison page…' }).getAttribute('href')).toBe(`/main/simulations/compare?runs=${SIM_ID}:${RUN_1}`);
    fireEvent.click(other);
    await waitFor(() => expect(app.location()).toBe(`/main/simulations/compare?runs=${SIM_ID}:${RUN_1},${OTHER}:${RUN_2}`));
  });

  it('shows the key results with units, the run history and the stored log', async () => {
    server({ simulation: aSimulation(), runs: [aRun()] });
    await authStore.init();
    renderApp(`/main/simulations/view/${SIM_ID}`);
    expect(await screen.findByRole('heading', { name: 'Cooling water line', level: 1 })).toBeTruthy();
    const results = screen.getByRole('region', { name: 'Key results' });
    const drop = within(results).getByLabelText('Pressure drop');
    expect(drop.textContent).toContain('5.8746');
    expect(drop.textContent).toContain('kPa');
    expect(within(results).getByLabelText('Outlet temperature').textContent).toContain('°C');
    expect(within(results).getByLabelText('Flow regime').textContent).toContain('turbulent');
    const history = await screen.findByRole('table', { name: 'Run history' });
    expect(within(history).getByText('#1')).toBeTruthy();
    expect(within(history).getByText('1.4 s')).toBeTruthy();
    expect(await screen.findByText('CIRCULAR_PIPE run one')).toBeTruthy();
    // The run logged no warning: no warnings panel.
    expect(screen.queryByRole('region', { name: /^Warnings/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Run again' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Abort' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/main/simulations/create-pipe?edit=${SIM_ID}`);
  });

  it('follows a run live: status, progress with ETA, log lines, then the finished state without reloading', async () => {
    const state = { simulation: aSimulation({ status: 'queued', progress: 0, summary: null, current_run_id: RUN_2, finished_at: null }), runs: [aRun({ id: RUN_2, number: 2, status: 'queued', summary: null, duration_seconds: null, started_at: null, finished_at: null }), aRun()] };
    const { stream } = server(state);
    await authStore.init();
    renderApp(`/main/simulations/view/${SIM_ID}`);
    await screen.findByRole('heading', { name: 'Cooling water line', level: 1 });
    await waitFor(() => expect(stream.headers.length).toBe(1));
    expect(stream.headers[0]!.get('Authorization')).toBe('Bearer tok');
    expect(screen.getByText('Queued: waiting for a free solver')).toBeTruthy();

    stream.send({ id: 10, type: 'status', run_id: RUN_2, status: 'running', progress: 0, error: null });
    stream.send({ id: 11, type: 'progress', run_id: RUN_2, fraction: 0.5, eta_seconds: 4.2, phase: 'march' });
    stream.send({ id: 12, type: 'log', run_id: RUN_2, seq: 2, t: 0.03, level: 'warn', message: 'marching 100000 segments' });
    expect(await screen.findByText('Running: 50 %')).toBeTruthy();
    expect(screen.getByTestId('eta').textContent).toBe('ETA 4.2 s');
    expect(screen.getByText('Phase: march')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Simulation progress' }).getAttribute('aria-valuenow')).toBe('50');
    const log = screen.getByRole('log', { name: 'Log of run #2' });
    await waitFor(() => expect(within(log).getByText('marching 100000 segments')).toBeTruthy());
    expect(within(log).getByText('phase: inlet state')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abort' })).toBeTruthy();
    // A running run's warnings stay in the log until it completes.
    expect(screen.queryByRole('region', { name: /^Warnings/ })).toBeNull();

    // The run ends: the server now answers the completed state, the stream says so.
    state.simulation = aSimulation({ current_run_id: RUN_2 });
    state.runs = [aRun({ id: RUN_2, number: 2 }), aRun()];
    stream.send({ id: 20, type: 'status', run_id: RUN_2, status: 'completed', progress: 1, error: null });
    await waitFor(() => expect(screen.queryByText(/Running: /)).toBeNull());
    expect(await screen.findByRole('button', { name: 'Run again' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Key results' })).getByLabelText('Pressure drop')).toBeTruthy());
    // Completed: the warning that arrived live is listed beside the key results.
    const warnings = await screen.findByRole('region', { name: "Warnings in this run's log (1)" });
    expect(within(warnings).getByRole('listitem').textContent).toBe('marching 100000 segments');
  });

  it('lists the completed current run’s warnings above the key results, also while an earlier run’s log is shown', async () => {
    const yPlus = 'first-cell y⁺ on the ridge faces up to 6 (wall functions want 30 or more): the near-wall flow is under-resolved';
    const noConvergence = 'the flow did not converge within 400 iterations (residual 3.2e-3)';
    server({ simulation: aSimulation({ current_run_id: RUN_2 }), runs: [aRun({ id: RUN_2, number: 2 }), aRun()] }, (call) => {
      if (pathOf(call) !== `/api/v1/simulations/${SIM_ID}/log` || queryOf(call).get('run_id') !== null) return undefined;
      const lines = [
        { seq: 1, t: 0, level: 'info', message: 'phase: mesh' },
        { seq: 2, t: 0.4, level: 'warn', message: yPlus },
        { seq: 3, t: 0.9, level: 'warn', message: noConvergence },
        { seq: 4, t: 1, level: 'info', message: 'completed in 1.000 s' },
      ];
      return { json: { simulation_id: SIM_ID, run_id: RUN_2, lines } };
    });
    await authStore.init();
    renderApp(`/main/simulations/view/${SIM_ID}`);
    const warnings = await screen.findByRole('region', { name: "Warnings in this run's log (2)" });
    expect(within(warnings).getAllByRole('listitem').map((li) => li.textContent)).toEqual([yPlus, noConvergence]);
    // Between the page header and the key results.
    expect(warnings.compareDocumentPosition(screen.getByRole('region', { name: 'Key results' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The same lines stay in the log too.
    expect(within(screen.getByRole('log', { name: 'Log of run #2' })).getByText(yPlus)).toBeTruthy();

    // Run #1's log below has no warning, but the key results (and so the warnings) are still run #2's.
    fireEvent.click(await screen.findByRole('button', { name: 'Show log of run 1' }));
    expect(await screen.findByText('CIRCULAR_PIPE run one')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: "Warnings in this run's log (2)" })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows a failed run’s code and message, and the log of an earlier run on request', async () => {
    const failed = aSimulation({ status: 'failed', progress: 0, summary: null, current_run_id: RUN_2, error: { code: 'OUT_OF_RANGE', message: 'water boils below 41681.8 Pa' } });
    server({ simulation: failed, runs: [aRun({ id: RUN_2, number: 2, status: 'failed', summary: null, error: failed.error }), aRun()] });
    await authStore.init();
    renderApp(`/main/simulations/view/${SIM_ID}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('OUT_OF_RANGE')).toBeTruthy();
    expect(within(alert).getByText('water boils below 41681.8 Pa')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Show log of run 1' }));
    expect(await screen.findByRole('log', { name: 'Log of run #1' })).toBeTruthy();
    expect(await screen.findByText('CIRCULAR_PIPE run one')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow current run' })).toBeTruthy();
  });

  it('an id that is not there (or someone else’s) shows Simulation not found', async () => {
    server({ simulation: aSimulation(), runs: [] }, (call) => (pathOf(call) === `/api/v1/simulations/${SIM_ID}` ? { status: 404, json: { detail: 'Simulation not found' } } : undefined));
    await authStore.init();
    renderApp(`/main/simulations/view/${SIM_ID}`);
    expect(await screen.findByRole('heading', { name: 'Simulation not found', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my simulations' }).getAttribute('href')).toBe('/main/simulations/all');
  });
});
