import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aUser, pathOf, queryOf, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { signedInForEachTest } from '../../test/signedIn';
import { authStore } from '../../lib/authStore';
import { aSimulation } from '../simulations/testFixtures';

const stats = {
  month_start: '2026-11-01T00:00:00.000Z',
  families: [
    { family: 'cwm', simulations: 3, runs_this_month: 4, completed_this_month: 3, failed_this_month: 1, compute_seconds_this_month: 95 },
    { family: 'pipe', simulations: 5, runs_this_month: 9, completed_this_month: 9, failed_this_month: 0, compute_seconds_this_month: 12.5 },
    { family: 'jet', simulations: 0, runs_this_month: 0, completed_this_month: 0, failed_this_month: 0, compute_seconds_this_month: 0 },
    { family: 'melt-pool', simulations: 0, runs_this_month: 0, completed_this_month: 0, failed_this_month: 0, compute_seconds_this_month: 0 },
  ],
  compute_seconds_this_month: 107.5,
  queue: { queued: 3, running: 2, mine_queued: 1, mean_wait_seconds: 4.2, longest_wait_seconds: 75 },
  recent_runs: [
    { simulation_id: '6d1c1f38-3a0e-4f43-9d6b-3c8d3d2b1a01', run_id: '7080de5d-2bef-4b59-9f82-c5942c8db345', title: 'Butt weld S355', type: 'BUTT_WELD', number: 2, status: 'failed', finished_at: '2026-11-20T10:00:00.000Z', duration_seconds: 40, error_code: 'DIVERGED' },
  ],
};

const counts: Record<string, number> = { draft: 2, queued: 0, running: 1, completed: 7, failed: 1, aborting: 0, aborted: 3 };

signedInForEachTest();
beforeEach(() => {
  stubFetch((call) => {
    if (pathOf(call) === '/api/v1/users/me') return { json: aUser };
    if (pathOf(call) === '/api/v1/dashboard/stats') return { json: stats };
    if (pathOf(call) !== '/api/v1/simulations/') return undefined;
    const status = queryOf(call).get('status');
    if (status === 'queued,running,aborting') return { json: { data: [aSimulation({ title: 'Hot loop', status: 'running', progress: 0.6 })], count: 1 } };
    if (status) return { json: { data: [], count: counts[status] ?? 0 } };
    return { json: { data: [aSimulation()], count: 14 } };
  });
});

describe('dashboard', () => {
  it('counts per status, running ones with progress, recent ones, and a shortcut per family', async () => {
    await authStore.init();
    renderApp('/main/dashboard');
    const byStatus = await screen.findByRole('region', { name: 'Simulations by status' });
    expect(await within(byStatus).findByLabelText('Completed: 7')).toBeTruthy();
    expect(within(byStatus).getByLabelText('Aborted: 3')).toBeTruthy();
    expect(within(byStatus).getByText('Completed').closest('a')!.getAttribute('href')).toBe('/main/simulations/all?status=completed');
    const running = screen.getByRole('region', { name: 'Running now' });
    expect(await within(running).findByRole('progressbar', { name: 'Progress of Hot loop' })).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Recent simulations' });
    expect(await within(recent).findByText(/Pressure drop \(inlet minus outlet\): 5\.8746 kPa/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Pipe flow simulation' }).getAttribute('href')).toBe('/main/simulations/create-pipe');
    expect(screen.getByRole('link', { name: 'Create Welding simulation' }).getAttribute('href')).toBe('/main/simulations/create');
  });

  it('shows usage per family, compute time this month, the queue and the last runs', async () => {
    await authStore.init();
    renderApp('/main/dashboard');
    const usage = await screen.findByRole('region', { name: 'Usage by family' }, { timeout: 30_000 });
    expect((await within(usage).findByTestId('compute-this-month')).textContent).toBe('1 min 48 s');
    expect(within(usage).getByText('Welding').closest('tr')!.textContent).toBe('Welding3411 min 35 s');
    const queue = screen.getByRole('region', { name: 'Queue' });
    expect(within(queue).getByTestId('queue-queued').textContent).toBe('3');
    expect(within(queue).getByTestId('queue-mean-wait').textContent).toBe('4.2 s');
    expect(within(queue).getByTestId('queue-longest-wait').textContent).toBe('1 min 15 s');
    const last = screen.getByRole('region', { name: 'Last runs' });
    expect(within(last).getByRole('link', { name: 'Butt weld S355 #2' }).getAttribute('href')).toBe('/main/simulations/view/6d1c1f38-3a0e-4f43-9d6b-3c8d3d2b1a01');
    expect(within(last).getByText(/DIVERGED/)).toBeTruthy();
  }, 60_000);
});
