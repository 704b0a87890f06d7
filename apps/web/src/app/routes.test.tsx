import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { aUser, pathOf, stubFetch } from '../test/fetchStub';
import { renderApp } from '../test/renderApp';
import { session } from '../lib/session';
import { browser } from '../lib/browser';
import { authStore } from '../lib/authStore';
import { notifications } from '../lib/notificationStore';
import { signIn } from '../test/signedIn';

beforeEach(() => {
  authStore.clearLoginError();
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  stubFetch((call) => {
    if (pathOf(call) === '/api/v1/users/me') return { json: session.getProfile() ?? aUser };
    if (pathOf(call) === '/api/v1/users/') return { json: { data: [aUser], count: 1 } };
    if (pathOf(call) === '/api/v1/utils/health-check') return { json: { status: 'ok', database: { ok: true, kind: 'pglite', latency_ms: 1.2 }, version: '0.1.0' } };
    return undefined;
  });
});
afterEach(() => notifications.clear());

describe('address rules', () => {
  it.each([
    ['/', '/simulator/'],
    ['/?units=si', '/simulator/?units=si'],
    ['/main', '/simulator/'],
    ['/main?x=1', '/simulator/?x=1'],
  ])('%s lands on %s, signed in or not', async (visit, lands) => {
    await authStore.init();
    const app = renderApp(visit);
    await screen.findByRole('heading', { name: 'Simulator' });
    expect(app.location()).toBe(lands);
  });

  it.each([
    ['/jet', '/main/simulations/create-jet', 'Create jet simulation'],
    ['/pipe', '/main/simulations/create-pipe', 'Create pipe simulation'],
    ['/welding', '/main/simulations/create', 'Create welding simulation'],
    ['/main/simulations', '/main/simulations/all', 'My simulations'],
    ['/main/profile', '/main/profile/view', 'Profile'],
    ['/main/admin', '/main/admin/simulations/all', 'All simulations'],
    ['/main/simulations/create?type=pipe_network_2&a=b', '/main/simulations/create-pipe-v2?type=pipe_network_2&a=b', 'Create pipe network'],
    ['/main/simulations/create-pipe?type=PIPE_NETWORK_2', '/main/simulations/create-pipe-v2?type=PIPE_NETWORK_2', 'Create pipe network'],
  ])('%s goes to %s', async (visit, lands, heading) => {
    signIn(visit.startsWith('/main/admin') ? { ...aUser, is_superuser: true } : undefined);
    await authStore.init();
    const app = renderApp(visit);
    await screen.findByRole('heading', { name: heading, level: 1 });
    expect(app.location()).toBe(lands);
  });
});

describe('every route of the spec renders its screen', () => {
  const screens: [string, string][] = [
    ['/simulator/', 'Simulator'],
    ['/simulator/some/deep/path', 'Simulator'],
    ['/loggedout', 'Signed out'],
    ['/recover-password', 'Password recovery'],
    ['/reset-password?token=abc', 'Set a new password'],
    ['/main/simulations/all', 'My simulations'],
    ['/main/simulations/view/42', 'Simulation not found'],
    ['/main/simulations/create', 'Create welding simulation'],
    ['/main/simulations/create-pipe', 'Create pipe simulation'],
    ['/main/simulations/create-jet', 'Create jet simulation'],
    ['/main/simulations/create-melt-pool', 'Create melt-pool simulation'],
    ['/main/simulations/create-v2', 'Create simulation'],
    ['/main/simulations/create-v2/pipe', 'Create simulation'],
    ['/main/simulations/create-v2/pipe/CIRCULAR_PIPE', 'Create simulation'],
    ['/main/simulations/create-pipe-v2', 'Create pipe network'],
    ['/main/simulations/log-test', 'Log test'],
    ['/main/simulations/sse-test', 'SSE test'],
    ['/main/dashboard', 'Dashboard'],
    ['/main/profile/view', 'Profile'],
    ['/main/profile/edit', 'Edit profile'],
    ['/main/profile/password', 'Change password'],
    ['/main/admin/simulations/all', 'All simulations'],
    ['/main/admin/simulations/edit/7', 'Edit simulation'],
    ['/main/admin/users/all', 'Users'],
    ['/main/admin/users/create', 'Create user'],
    [`/main/admin/users/edit/${aUser.id}`, 'Edit user'],
    ['/debug', 'Debug'],
    ['/debug/components/pipe-diagram-editor', 'Pipe diagram editor'],
    ['/debug/components/polygon-cross-section-designer', 'Polygon cross-section designer'],
    ['/status', 'Service status'],
    ['/no/such/page', 'Page not found'],
  ];

  it.each(screens)('%s', async (visit, heading) => {
    signIn({ ...aUser, is_superuser: true });
    await authStore.init();
    const app = renderApp(visit);
    await screen.findByRole('heading', { name: heading, level: 1 });
    expect(app.location()).toBe(visit);
  });
});

describe('routes needing login', () => {
  it('send a signed-out user to login and remember the address with its query', async () => {
    await authStore.init();
    const app = renderApp('/main/simulations/all?status=running');
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(sessionStorage.getItem('originalUrl')).toBe('/main/simulations/all?status=running');
  });

  it('show Loading... while the auth state is unknown', async () => {
    session.setToken('tok');
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    void authStore.init();
    renderApp('/main/dashboard');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    answer(new Response(JSON.stringify(aUser), { headers: { 'Content-Type': 'application/json' } }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});

describe('the status page', () => {
  it('shows the health check', async () => {
    await authStore.init();
    renderApp('/status');
    expect(await screen.findByText('pglite')).toBeTruthy();
    expect(screen.getAllByText('ok').length).toBeGreaterThan(0);
  });
});
