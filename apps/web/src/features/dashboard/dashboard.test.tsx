import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aUser, pathOf, queryOf, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { session } from '../../lib/session';
import { authStore } from '../auth/authStore';
import { notifications } from '../notifications/notificationStore';
import { aSimulation } from '../simulations/testFixtures';

const counts: Record<string, number> = { draft: 2, queued: 0, running: 1, completed: 7, failed: 1, aborting: 0, aborted: 3 };

beforeEach(() => {
  session.setToken('tok');
  session.setProfile(aUser);
  stubFetch((call) => {
    if (pathOf(call) === '/api/v1/users/me') return { json: aUser };
    if (pathOf(call) !== '/api/v1/simulations/') return undefined;
    const status = queryOf(call).get('status');
    if (status === 'queued,running,aborting') return { json: { data: [aSimulation({ title: 'Hot loop', status: 'running', progress: 0.6 })], count: 1 } };
    if (status) return { json: { data: [], count: counts[status] ?? 0 } };
    return { json: { data: [aSimulation()], count: 14 } };
  });
});
afterEach(() => notifications.clear());

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
});
