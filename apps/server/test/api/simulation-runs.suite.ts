import { decodeFloat32, fieldBinary, parseSimulationEvent, type SimulationEvent, type SimulationRun, type TickEvent } from '@simforge/contracts';
import { expect, it } from 'vitest';
import { encodeFloat32 } from '@simforge/contracts';
import { API, expectStatus } from '../harness.js';
import {
  abortSimulation,
  createSimulation,
  expectSimulationStatus,
  getSimulation,
  LONG_PIPE,
  readEventStream,
  runAndWait,
  runSimulation,
  waitForStatus,
  waitUntilRunning,
} from '../simulation-harness.js';
import type { GetHarness } from '../harness.js';

export function simulationRunTests(h: GetHarness): void {
  it('reports the simulation queue and the process executing a run in the health check', async () => {
    const engineer = await h().signUp();
    const admin = await h().asAdmin();
    const idle = (await h().get('utils/health-check', { as: admin })).json();
    expect(idle.jobs).toMatchObject({ this_process: { executes_simulations: true, concurrency: expect.any(Number) } });
    expect(idle.jobs.this_process.concurrency).toBeGreaterThan(0);

    const simulation = await createSimulation(h(), engineer, { parameters: LONG_PIPE });
    await runSimulation(h(), engineer, simulation.id);
    await waitUntilRunning(h(), engineer, simulation.id);
    // Heartbeats are written every few seconds; the first one comes with the start of the run.
    await expect
      .poll(async () => (await h().get('utils/health-check', { as: admin })).json().jobs, { timeout: 10_000, interval: 200 })
      .toMatchObject({ running: expect.any(Number), workers: [expect.objectContaining({ running: expect.any(Number) })] });
    const busy = (await h().get('utils/health-check', { as: admin })).json().jobs;
    expect(busy.running).toBeGreaterThanOrEqual(1);
    expect(Date.parse(busy.workers[0].last_heartbeat)).toBeGreaterThan(Date.now() - 60_000);

    await abortSimulation(h(), engineer, simulation.id);
    await waitForStatus(h(), engineer, simulation.id, ['aborted']);
  });

  it('runs to completed with a summary, a run record, results and the complete log', async () => {
    const engineer = await h().signUp();
    const simulation = await createSimulation(h(), engineer, { parameters: { wall: { condition: 'temperature', temperature: 333.15 } } });
    const queued = await runSimulation(h(), engineer, simulation.id);
    expect(queued).toMatchObject({ status: 'queued', progress: 0, revision: 2 });
    expect(queued.current_run_id).toEqual(expect.any(String));

    const done = await waitForStatus(h(), engineer, simulation.id, ['completed', 'failed', 'aborted']);
    expectSimulationStatus(done, 'completed');
    expect(done).toMatchObject({ progress: 1, error: null, solver_version: expect.stringContaining('@simforge/solvers'), current_run_id: queued.current_run_id });
    expect(done.summary).toMatchObject({ pressure_drop: { unit: 'Pa' }, outlet_temperature: { unit: 'K' }, reynolds_number: { unit: '' }, flow_regime: { value: 'turbulent' } });
    expect(Date.parse(done.finished_at!)).toBeGreaterThanOrEqual(Date.parse(done.started_at!));

    const runs = (await h().get(`simulations/${simulation.id}/runs`, { as: engineer })).json<{ data: SimulationRun[]; count: number }>();
    expect(runs.count).toBe(1);
    expect(runs.data[0]).toMatchObject({
      id: queued.current_run_id,
      number: 1,
      status: 'completed',
      parameters: simulation.parameters,
      solver_version: done.solver_version,
      summary: done.summary,
      error: null,
    });
    expect(runs.data[0]!.duration_seconds).toBeGreaterThan(0);

    // The developing-flow model (the default): profiles along the pipe and 2-D velocity and temperature fields.
    expect(done.solver_version).toContain('duct-developing');
    const index = await h().get(`simulations/${simulation.id}/results`, { as: engineer });
    expectStatus(index, 200);
    expect(index.json()).toMatchObject({ run_id: queued.current_run_id, summary: done.summary });
    expect(index.json().fields.map((f: { name: string }) => f.name).sort()).toEqual(['temperature', 'velocity']);
    expect(index.json().series).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'pressure', x: { name: 'position', unit: 'm', label: expect.any(String) } }),
        expect.objectContaining({ name: 'temperature', y: expect.arrayContaining([expect.objectContaining({ name: 'bulk_temperature', unit: 'K' })]) }),
        expect.objectContaining({ name: 'velocity_profiles', x: expect.objectContaining({ name: 'radius', unit: 'm' }) }),
      ]),
    );
    const pressure = await h().get(`simulations/${simulation.id}/results/series/pressure`, { as: engineer });
    expectStatus(pressure, 200);
    expect(pressure.json()).toMatchObject({ name: 'pressure', run_id: queued.current_run_id, x: { unit: 'm' }, y: [{ name: 'pressure', unit: 'Pa' }] });
    const positions = pressure.json().x.values as number[];
    expect(positions.length).toBe(index.json().series.find((s: { name: string }) => s.name === 'pressure').length);
    expect([positions[0], positions.at(-1)]).toEqual([0, 10]);
    expectStatus(await h().get(`simulations/${simulation.id}/results/series/nothing`, { as: engineer }), 404, 'No series named nothing');
    expectStatus(await h().get(`simulations/${simulation.id}/results/fields/nothing`, { as: engineer }), 404, 'No field named nothing');

    const log = await h().get(`simulations/${simulation.id}/log`, { as: engineer });
    expectStatus(log, 200);
    const lines = log.json().lines as { seq: number; message: string; level: string }[];
    expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i + 1));
    expect(lines[0]!.message).toContain('CIRCULAR_PIPE');
    expect(lines.at(-1)!.message).toMatch(/^completed in/);
    const text = await h().get(`simulations/${simulation.id}/log`, { as: engineer, query: { format: 'text' } });
    expect(text.headers['content-type']).toContain('text/plain');
    expect(text.headers['content-disposition']).toMatch(/attachment; filename="simulation-.*-run-1\.log"/);
    expect(text.body.trim().split('\n')).toHaveLength(lines.length);
  });

  it('serves fields as little-endian Float32 with their shape and unit', async () => {
    const engineer = await h().signUp();
    const simulation = await createSimulation(h(), engineer);
    const done = await runAndWait(h(), engineer, simulation.id);
    // Replace the run's fields with a known one, stored the way the runner stores a solver's field.
    const values = [293.15, 300.5, 310.25, 320, 330.125, 340];
    const current = await h().repos.results.find(done.current_run_id!);
    await h().repos.results.save(done.current_run_id!, {
      ...current!,
      fields: [{ name: 'temperature', label: 'Temperature', unit: 'K', shape: [2, 3], grid: { axes: [{ name: 'r', unit: 'm', values: [0, 1] }, { name: 'x', unit: 'm', values: [0, 5, 10] }] }, data: encodeFloat32(values) }],
    });
    const index = await h().get(`simulations/${simulation.id}/results`, { as: engineer });
    expect(index.json().fields).toEqual([expect.objectContaining({ name: 'temperature', unit: 'K', shape: [2, 3], byte_length: 24 })]);
    const res = await h().get(`simulations/${simulation.id}/results/fields/temperature`, { as: engineer });
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe(fieldBinary.contentType);
    expect(res.headers[fieldBinary.headers.shape]).toBe('2,3');
    expect(res.headers[fieldBinary.headers.dtype]).toBe('float32-le');
    expect(decodeURIComponent(String(res.headers[fieldBinary.headers.unit]))).toBe('K');
    const bytes = res.rawPayload;
    expect(Array.from(decodeFloat32(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer))).toEqual(values.map((v) => Math.fround(v)));
  });

  it('runs a finished simulation again: two runs in the history, numbered', async () => {
    const engineer = await h().signUp();
    const simulation = await createSimulation(h(), engineer);
    const first = await runAndWait(h(), engineer, simulation.id);
    const second = await runAndWait(h(), engineer, simulation.id);
    expectSimulationStatus(second, 'completed');
    expect(second.current_run_id).not.toBe(first.current_run_id);
    const runs = (await h().get(`simulations/${simulation.id}/runs`, { as: engineer })).json<{ data: SimulationRun[] }>().data;
    expect(runs.map((r) => [r.number, r.status])).toEqual([
      [2, 'completed'],
      [1, 'completed'],
    ]);
    // Earlier runs keep their log.
    const firstLog = await h().get(`simulations/${simulation.id}/log`, { as: engineer, query: { run_id: first.current_run_id! } });
    expect(firstLog.json()).toMatchObject({ run_id: first.current_run_id });
    expect(firstLog.json().lines.length).toBeGreaterThan(3);
  });

  it('editing the parameters of a finished simulation returns it to draft and keeps its runs', async () => {
    const engineer = await h().signUp();
    const simulation = await createSimulation(h(), engineer);
    const done = await runAndWait(h(), engineer, simulation.id);
    const retitled = await h().put(`simulations/${simulation.id}`, { as: engineer, body: { title: 'Same parameters' } });
    expect(retitled.json()).toMatchObject({ status: 'completed', summary: done.summary });

    const edited = await h().put(`simulations/${simulation.id}`, { as: engineer, body: { parameters: { ...simulation.parameters, length: 20 } } });
    expectStatus(edited, 200);
    expect(edited.json()).toMatchObject({ status: 'draft', summary: null, progress: 0, solver_version: null, current_run_id: null, finished_at: null });
    expectStatus(await h().get(`simulations/${simulation.id}/results`, { as: engineer }), 404, 'No results yet: the simulation has no completed run');
    const runs = (await h().get(`simulations/${simulation.id}/runs`, { as: engineer })).json();
    expect(runs).toMatchObject({ count: 1, data: [{ status: 'completed', parameters: { length: 10 } }] });
    // The old run's results are still there by id.
    expectStatus(await h().get(`simulations/${simulation.id}/results`, { as: engineer, query: { run_id: done.current_run_id! } }), 200);
  });

  it('refuses run and edit while queued or running (409); aborts a queued one at once and a running one within 1 s', async () => {
    const engineer = await h().signUp();
    const long = await createSimulation(h(), engineer, { title: 'Long', parameters: LONG_PIPE });
    const waiting = await createSimulation(h(), engineer, { title: 'Waiting' });
    expectStatus(await abortSimulation(h(), engineer, long.id), 409, 'Nothing to abort: the simulation is draft');

    await runSimulation(h(), engineer, long.id);
    await waitUntilRunning(h(), engineer, long.id);
    expectStatus(await h().get(`simulations/run/${long.id}`, { as: engineer }), 409, 'The simulation is already running');
    expectStatus(await h().put(`simulations/${long.id}`, { as: engineer, body: { title: 'Renamed' } }), 409, 'The simulation is running: it cannot be edited until it ends or is aborted');

    // One simulation at a time in the test server: this one stays queued.
    await runSimulation(h(), engineer, waiting.id);
    expectStatus(await h().get(`simulations/run/${waiting.id}`, { as: engineer }), 409, 'The simulation is already queued');
    expectStatus(await h().put(`simulations/${waiting.id}`, { as: engineer, body: { parameters: { length: 3 } } }), 409, 'The simulation is queued: it cannot be edited until it ends or is aborted');
    const abortedQueued = await abortSimulation(h(), engineer, waiting.id);
    expectStatus(abortedQueued, 200);
    expect(abortedQueued.json()).toMatchObject({ status: 'aborted' });

    const started = performance.now();
    const aborting = await abortSimulation(h(), engineer, long.id);
    expectStatus(aborting, 200);
    expect(['aborting', 'aborted']).toContain(aborting.json().status);
    const aborted = await waitForStatus(h(), engineer, long.id, ['aborted', 'completed', 'failed'], 5000);
    const elapsed = performance.now() - started;
    expectSimulationStatus(aborted, 'aborted');
    expect(elapsed).toBeLessThan(1000);
    expect(aborted.summary).toBeNull();

    const log = (await h().get(`simulations/${long.id}/log`, { as: engineer })).json().lines as { message: string }[];
    expect(log.some((l) => l.message.startsWith('phase: march'))).toBe(true);
    expect(log.at(-1)!.message).toMatch(/^Aborted after/);
    const runs = (await h().get(`simulations/${long.id}/runs`, { as: engineer })).json().data as SimulationRun[];
    expect(runs[0]).toMatchObject({ status: 'aborted', summary: null });
    expect((await h().get(`simulations/${waiting.id}/runs`, { as: engineer })).json().data[0]).toMatchObject({ status: 'aborted', started_at: null });
    expectStatus(await abortSimulation(h(), engineer, long.id), 409, 'Nothing to abort: the simulation is aborted');

    // A finished one can run again.
    expectSimulationStatus(await runAndWait(h(), engineer, waiting.id), 'completed');
  });

  it('deletes a running simulation: aborted first, then gone with its runs', async () => {
    const engineer = await h().signUp();
    const long = await createSimulation(h(), engineer, { title: 'Long', parameters: LONG_PIPE });
    await runSimulation(h(), engineer, long.id);
    const running = await waitUntilRunning(h(), engineer, long.id);
    const res = await h().delete(`simulations/${long.id}`, { as: engineer });
    expectStatus(res, 200);
    expectStatus(await h().get(`simulations/${long.id}`, { as: engineer }), 404);
    expect(await h().repos.runs.findById(running.current_run_id!)).toBeNull();
    // The worker is free again: the next simulation completes.
    const next = await createSimulation(h(), engineer);
    expectSimulationStatus(await runAndWait(h(), engineer, next.id), 'completed');
    await expect.poll(() => h().simulationDeps?.jobs?.activeRuns, { timeout: 2000 }).toEqual([]);
  });

  it('streams events in order over SSE (bearer auth) and resumes after Last-Event-ID', async () => {
    const engineer = await h().signUp();
    // The 1-D march reports Colebrook residuals and runs long enough to see it live.
    const simulation = await createSimulation(h(), engineer, { parameters: { model: 'one_dimensional', n_segments: 20_000 } });
    const url = `${await h().baseUrl()}${API}/simulations/${simulation.id}/events`;

    const unauthorised = await fetch(url);
    expect(unauthorised.status).toBe(401);

    const live = await readEventStream(url, {
      token: engineer.token,
      onOpen: async () => {
        await runSimulation(h(), engineer, simulation.id);
      },
      until: (messages) => messages.some((m) => m.event === 'status' && ['completed', 'failed'].includes(JSON.parse(m.data).status)),
    });
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toContain('text/event-stream');
    const events = live.messages.map((m) => {
      const event = parseSimulationEvent(m.data);
      expect(m.id).toBe(String(event.id));
      expect(m.event).toBe(event.type);
      return event;
    });
    // The current state first, then the run as it happens.
    expect(events[0]).toMatchObject({ type: 'status', status: 'draft' });
    const ids = events.slice(1).map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const statuses = events.filter((e): e is Extract<SimulationEvent, { type: 'status' }> => e.type === 'status').map((e) => e.status);
    expect(statuses).toEqual(['draft', 'queued', 'running', 'completed']);
    const fractions = events.flatMap((e) => (e.type === 'progress' ? [e.fraction] : []));
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(events.some((e) => e.type === 'residuals')).toBe(true);
    const result = events.findIndex((e) => e.type === 'result');
    expect(result).toBeGreaterThan(0);
    expect(events[result + 1]).toMatchObject({ type: 'status', status: 'completed' });

    // The log as streamed equals the stored log.
    const streamedLog = events.flatMap((e) => (e.type === 'log' ? [[e.seq, e.message]] : []));
    const stored = (await h().get(`simulations/${simulation.id}/log`, { as: engineer })).json().lines.map((l: { seq: number; message: string }) => [l.seq, l.message]);
    expect(streamedLog).toEqual(stored);

    // Resume after the `running` status: the current state, then everything after it (progress pruned to the last).
    const runningEvent = events.find((e) => e.type === 'status' && e.status === 'running')!;
    const resumed = await readEventStream(url, {
      token: engineer.token,
      lastEventId: runningEvent.id,
      until: (messages) => messages.some((m) => m.event === 'status' && JSON.parse(m.data).status === 'completed' && Number(m.id) > runningEvent.id),
    });
    const replayed = resumed.messages.map((m) => parseSimulationEvent(m.data));
    expect(replayed[0]).toMatchObject({ type: 'status', status: 'completed', id: runningEvent.id });
    const expected = events.filter((e) => e.id > runningEvent.id && e.type !== 'progress').map((e) => e.id);
    expect(replayed.slice(1).filter((e) => e.type !== 'progress').map((e) => e.id)).toEqual(expected);
    expect(replayed.filter((e) => e.type === 'progress')).toHaveLength(1);
  });

  it('sends heartbeats and the test stream ticks for the sse-test page (resumable)', async () => {
    const engineer = await h().signUp();
    const base = `${await h().baseUrl()}${API}/utils/sse-test`;
    expect((await fetch(`${base}?seconds=1`)).status).toBe(401);
    const ticks = await readEventStream(`${base}?seconds=1&interval_ms=100`, { token: engineer.token, until: (messages) => messages.some((m) => m.event === 'end') });
    const parsed = ticks.messages.filter((m) => m.event === 'tick').map((m) => JSON.parse(m.data) as TickEvent);
    expect(parsed.map((t) => t.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ticks.messages.filter((m) => m.event === 'tick').map((m) => m.id)).toEqual(parsed.map((t) => String(t.n)));
    expect(parsed.at(-1)).toMatchObject({ remaining: 0 });
    const resumed = await readEventStream(`${base}?seconds=1&interval_ms=100`, { token: engineer.token, lastEventId: 8, until: (messages) => messages.some((m) => m.event === 'end') });
    expect(resumed.messages.filter((m) => m.event === 'tick').map((m) => JSON.parse(m.data).n)).toEqual([9, 10]);

    const simulation = await createSimulation(h(), engineer);
    const quiet = await readEventStream(`${await h().baseUrl()}${API}/simulations/${simulation.id}/events`, {
      token: engineer.token,
      until: () => false,
      timeoutMs: 1500,
    });
    expect(quiet.messages).toHaveLength(1);
    expect(quiet.comments).toContain('heartbeat');
  });

  it('keeps the stored events bounded: earlier runs dropped, progress pruned to the last', async () => {
    const engineer = await h().signUp();
    const simulation = await createSimulation(h(), engineer);
    const first = await runAndWait(h(), engineer, simulation.id);
    await runAndWait(h(), engineer, simulation.id);
    const stored = await h().repos.events.listAfter(simulation.id, 0);
    expect(stored.every((e) => e.run_id !== first.current_run_id)).toBe(true);
    expect(stored.filter((e) => e.type === 'progress').length).toBeLessThanOrEqual(1);
    expect((await getSimulation(h(), engineer, simulation.id)).status).toBe('completed');
  });
}
