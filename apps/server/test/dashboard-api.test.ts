// GET /dashboard/stats (the dashboard's usage, compute time, queue and last runs), the user's unit
// system (/users/me/preferences) and the status fields of the health check (versions, uptime), on
// the real app and database.

import type { DashboardStats } from '@simforge/contracts';
import { describe, expect, it } from 'vitest';
import { monthStartUtc } from '../src/services/dashboard.js';
import { pglite } from './databases.js';
import { expectInvalidField, expectStatus, harnessForBlock, type Person } from './harness.js';
import { createSimulation, expectSimulationStatus, runAndWait } from './simulation-harness.js';

describe('dashboard statistics and service status', () => {
  let engineer: Person;
  let other: Person;
  const h = harnessForBlock(
    pglite,
    async (started) => {
      engineer = await started.signUp();
      other = await started.signUp();
    },
    { timeout: 120_000 },
  );

  it('needs sign-in', async () => {
    expectStatus(await h().get('dashboard/stats'), 401, 'Not authenticated');
  });

  it('counts my simulations and runs per family, sums my compute time and lists my last runs; not other people’s', async () => {
    const pipe = await createSimulation(h(), engineer, { title: 'Stats pipe' });
    await createSimulation(h(), engineer, { title: 'Draft pipe' });
    const finished = await runAndWait(h(), engineer, pipe.id);
    expectSimulationStatus(finished, 'completed');
    const again = await runAndWait(h(), engineer, pipe.id);
    expectSimulationStatus(again, 'completed');
    await createSimulation(h(), other, { title: 'Not mine' });

    const res = await h().get('dashboard/stats', { as: engineer });
    expectStatus(res, 200);
    const stats = res.json<DashboardStats>();
    expect(stats.families.map((f) => f.family).slice(0, 4)).toEqual(['cwm', 'pipe', 'jet', 'melt-pool']);
    const pipeUsage = stats.families.find((f) => f.family === 'pipe')!;
    expect(pipeUsage).toMatchObject({ simulations: 2, runs_this_month: 2, completed_this_month: 2, failed_this_month: 0 });

    const runs = await h().get(`simulations/${pipe.id}/runs`, { as: engineer });
    const durations = runs.json<{ data: { duration_seconds: number }[] }>().data.map((r) => r.duration_seconds);
    expect(pipeUsage.compute_seconds_this_month).toBeCloseTo(durations[0]! + durations[1]!, 9);
    expect(stats.compute_seconds_this_month).toBeCloseTo(pipeUsage.compute_seconds_this_month, 9);

    expect(stats.recent_runs.map((r) => [r.title, r.number, r.status])).toEqual([
      ['Stats pipe', 2, 'completed'],
      ['Stats pipe', 1, 'completed'],
    ]);
    expect(stats.queue.queued).toBeGreaterThanOrEqual(0);
    expect(stats.queue.mine_queued).toBe(0);
    expect(stats.queue.mean_wait_seconds).not.toBeNull();
    expect(stats.queue.mean_wait_seconds!).toBeGreaterThanOrEqual(0);
    expect(stats.month_start).toBe(monthStartUtc(new Date()).toISOString());

    const theirs = (await h().get('dashboard/stats', { as: other })).json<DashboardStats>();
    expect(theirs.families.find((f) => f.family === 'pipe')).toMatchObject({ simulations: 1, runs_this_month: 0 });
    expect(theirs.recent_runs).toEqual([]);
  }, 120_000);

  it('starts the month at midnight UTC on the first', () => {
    expect(monthStartUtc(new Date('2026-03-31T23:59:59.999Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(monthStartUtc(new Date('2026-04-01T00:00:00.000Z')).toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('keeps each user’s unit system (metric until chosen), refusing unknown systems', async () => {
    expectStatus(await h().get('users/me/preferences'), 401, 'Not authenticated');
    const first = await h().get('users/me/preferences', { as: engineer });
    expectStatus(first, 200);
    expect(first.json()).toEqual({ unit_system: 'metric' });
    const saved = await h().put('users/me/preferences', { as: engineer, body: { unit_system: 'us' } });
    expectStatus(saved, 200);
    expect(saved.json()).toEqual({ unit_system: 'us' });
    expect((await h().get('users/me/preferences', { as: engineer })).json()).toEqual({ unit_system: 'us' });
    expect((await h().get('users/me/preferences', { as: other })).json()).toEqual({ unit_system: 'metric' });
    expectInvalidField(await h().put('users/me/preferences', { as: engineer, body: { unit_system: 'imperial' } }), ['body', 'unit_system'], 'This field must be one of: si, metric, us');
    expectStatus(await h().put('users/me/preferences', { as: engineer, body: { unit_system: 'si' } }), 200);
    expect((await h().get('users/me/preferences', { as: engineer })).json()).toEqual({ unit_system: 'si' });
  });

  it('reports versions and uptime in the machine-readable health check to a superuser', async () => {
    const res = await h().get('health', { as: await h().asAdmin() });
    expectStatus(res, 200);
    const body = res.json();
    expect(body.versions).toEqual({ server: '0.1.0', solvers: expect.stringMatching(/^\d+\.\d+\.\d+$/), node: process.version });
    expect(body.uptime_seconds).toBeGreaterThan(0);
    expect(Date.parse(body.started_at)).toBeLessThanOrEqual(Date.now());
  });
});
