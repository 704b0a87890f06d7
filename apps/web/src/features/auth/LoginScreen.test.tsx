import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aUser, pathOf, queryOf, stubFetch, type StubResponse } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signedIn';
import { browser } from '../../lib/browser';
import { session } from '../../lib/session';
import { notifications } from '../../lib/notificationStore';
import { authStore } from '../../lib/authStore';

const loginUrl = { login_url: 'http://localhost/oidc/auth?client_id=simforge', code_verifier: 'c'.repeat(43) };
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

function server(overrides: Partial<Record<string, StubResponse>> = {}) {
  return stubFetch((call) => {
    const key = `${call.method} ${pathOf(call)}`;
    if (overrides[key]) return overrides[key];
    switch (key) {
      case 'GET /api/v1/utils/config':
        return { json: { auth_provider: 'eis-wg', analytics_container_id: null } };
      case 'GET /api/v1/login/external-loginurl':
        return { json: loginUrl };
      case 'POST /api/v1/login/auth-callback':
        return { json: { access_token: 'fresh', token_type: 'bearer' } };
      case 'GET /api/v1/users/me':
        return { json: aUser };
      default:
        return undefined;
    }
  });
}

/** A signed-in user opening `path` ends up on the simulator (the home page). */
async function expectSignedInLandsOnSimulator(path: string) {
  signIn();
  await authStore.init();
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Simulator' });
  expect(app.location()).toBe('/simulator/');
}

beforeEach(() => {
  authStore.clearLoginError();
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browser, 'assign').mockImplementation(assign);
});
afterEach(() => notifications.clear());

describe('login screen', () => {
  it('shows Logging in..., keeps the verifier and hands over to the provider', async () => {
    const { calls } = server();
    await authStore.init();
    // The notification announcing the login is dismissed as soon as the login URL arrives, which may
    // be before the screen or the queue is read: the call that queues it is what is asserted.
    const notify = vi.spyOn(notifications, 'notify');
    renderApp('/login');
    expect((await screen.findAllByText('Logging in...')).length).toBeGreaterThan(0);
    // The screen shows the words before its effect starts the login and queues the notification.
    await waitFor(() => expect(notify).toHaveBeenCalledWith(expect.objectContaining({ content: 'Logging in...', showProgress: true })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(loginUrl.login_url));
    const call = calls.find((c) => pathOf(c) === '/api/v1/login/external-loginurl')!;
    expect(queryOf(call).get('redirect_uri')).toBe(`${window.location.origin}/auth-callback`);
    expect(queryOf(call).get('session_id')).toBe(sessionStorage.getItem('sessionId'));
    expect(sessionStorage.getItem('codeVerifier')).toBe(loginUrl.code_verifier);
  });

  it('when the login URL cannot be had: an error and a retry, no crash', async () => {
    server({ 'GET /api/v1/login/external-loginurl': { status: 503, json: { detail: 'down' } } });
    await authStore.init();
    renderApp('/login');
    expect(await screen.findByText(/sign-in service could not be reached/)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    server();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(loginUrl.login_url));
  });

  it('at another address than the server\'s PUBLIC_URL: names the address that signs in, and does not start', async () => {
    const { calls } = server({
      'GET /api/v1/utils/config': { json: { auth_provider: 'eis-wg', analytics_container_id: null, public_url: 'http://simforge.example:8000' } },
    });
    await authStore.init();
    renderApp('/login');
    expect(await screen.findByText(/SimForge signs in at http:\/\/simforge\.example:8000 only/)).toBeTruthy();
    expect(screen.getByText(new RegExp(`open at ${window.location.origin.replace(/[.:/]/g, '\\$&')}`))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open http://simforge.example:8000' }).getAttribute('href')).toBe('http://simforge.example:8000/login');
    expect(calls.some((c) => pathOf(c) === '/api/v1/login/external-loginurl')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('at the server\'s PUBLIC_URL: signs in as usual', async () => {
    server({ 'GET /api/v1/utils/config': { json: { auth_provider: 'eis-wg', analytics_container_id: null, public_url: window.location.origin } } });
    await authStore.init();
    renderApp('/login');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(loginUrl.login_url));
  });

  it('when the configuration cannot be loaded: an error state', async () => {
    server({ 'GET /api/v1/utils/config': { status: 500, json: { detail: 'Internal Server Error' } } });
    await authStore.init();
    renderApp('/login');
    expect(await screen.findByText(/sign-in configuration could not be loaded \(Internal Server Error\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('an answer that is not JSON (no API behind the address) is an error, not a navigation', async () => {
    stubFetch(() => ({ text: '<!doctype html><html></html>', contentType: 'text/html' }));
    await authStore.init();
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('an already signed-in user skips login and goes to the remembered address', async () => {
    server();
    signIn();
    session.setOriginalUrl('/main/dashboard');
    await authStore.init();
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.location()).toBe('/main/dashboard');
    expect(sessionStorage.getItem('originalUrl')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('an already signed-in user without a remembered address goes to /main, hence the simulator', async () => {
    server();
    await expectSignedInLandsOnSimulator('/login');
  });
});

describe('auth callback screen', () => {
  it('success lands on the remembered address', async () => {
    server();
    session.setCodeVerifier('v'.repeat(43));
    session.setOriginalUrl('/main/profile/view?tab=1');
    await authStore.init();
    const app = renderApp('/auth-callback?code=abc&state=xyz');
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    expect(app.location()).toBe('/main/profile/view?tab=1');
    expect(sessionStorage.getItem('token')).toBe('fresh');
  });

  it('failure shows the API detail in red on the login screen with Try again; the flag clears on the next attempt', async () => {
    server({ 'POST /api/v1/login/auth-callback': { status: 400, json: { detail: 'Invalid or expired login state' } } });
    session.setCodeVerifier('v'.repeat(43));
    await authStore.init();
    const app = renderApp('/auth-callback?code=abc&state=xyz');
    const alert = await screen.findByText('Invalid or expired login state');
    expect(alert.closest('.MuiAlert-colorError')).not.toBeNull();
    expect(app.location()).toBe('/login');
    expect(assign).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(authStore.getState().loginError).toBeNull();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(loginUrl.login_url));
  });
});

describe('logout screen', () => {
  it('clears the session and goes to the provider logout URL', async () => {
    server({ 'POST /api/v1/login/logout': { json: { logout_url: 'http://localhost/oidc/session/end' } } });
    signIn();
    await authStore.init();
    renderApp('/logout');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/oidc/session/end'));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(notifications.getState().queue.map((n) => n.content)).toContain('Logged out');
  });

  it('goes to / (the simulator) when the logout URL fails', async () => {
    server();
    await expectSignedInLandsOnSimulator('/logout');
  });
});

describe('signed out screen', () => {
  it('says so, with Sign in again and a link home', async () => {
    server();
    await authStore.init();
    renderApp('/loggedout');
    expect(await screen.findByText('You have been signed out')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
