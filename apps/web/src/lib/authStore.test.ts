import { afterEach, describe, expect, it } from 'vitest';
import { aUser, pathOf, stubFetch, type StubbedCall } from '../test/fetchStub';
import { session } from './session';
import { notifications } from './notificationStore';
import { createAuthStore } from './authStore';

const callbackQuery = { code: 'the-code', state: 'the-state', error: null, errorDescription: null };
const verifier = 'v'.repeat(43);

function api(routes: Record<string, (call: StubbedCall) => { status?: number; json?: unknown }>) {
  return stubFetch((call) => routes[`${call.method} ${pathOf(call)}`]?.(call));
}

afterEach(() => notifications.clear());

describe('first state from the session', () => {
  it('no token: logged out', async () => {
    const store = createAuthStore();
    await store.init();
    expect(store.getState().status).toBe('loggedOut');
  });

  it('token and cached profile: logged in at once, then re-checked', async () => {
    session.setToken('tok');
    session.setProfile(aUser);
    const { calls } = api({ 'GET /api/v1/users/me': () => ({ json: { ...aUser, full_name: 'Ada Fresh' } }) });
    const store = createAuthStore();
    const pending = store.init();
    expect(store.getState().status).toBe('loggedIn');
    await pending;
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(store.getState().profile?.full_name).toBe('Ada Fresh');
    expect(session.getProfile<typeof aUser>()?.full_name).toBe('Ada Fresh');
  });

  it('token without profile: unknown until the profile arrives', async () => {
    session.setToken('tok');
    api({ 'GET /api/v1/users/me': () => ({ json: aUser }) });
    const store = createAuthStore();
    const pending = store.init();
    expect(store.getState().status).toBe('unknown');
    await pending;
    expect(store.getState().status).toBe('loggedIn');
  });

  it.each([401, 403])('%i on the profile logs out', async (status) => {
    session.setToken('tok');
    session.setProfile(aUser);
    api({ 'GET /api/v1/users/me': () => ({ status, json: { detail: 'Could not validate credentials' } }) });
    const store = createAuthStore();
    await store.init();
    expect(store.getState()).toMatchObject({ status: 'loggedOut', profile: null });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('userProfile')).toBeNull();
  });

  it('a network failure keeps the cached sign-in', async () => {
    session.setToken('tok');
    session.setProfile(aUser);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = createAuthStore();
    await store.init();
    expect(store.getState().status).toBe('loggedIn');
    expect(session.getToken()).toBe('tok');
  });
});

describe('auth callback', () => {
  it('success: stores the token, loads the profile, goes to the remembered address', async () => {
    session.setCodeVerifier(verifier);
    session.setOriginalUrl('/main/admin/users/all?page=1');
    const { calls } = api({
      'POST /api/v1/login/auth-callback': () => ({ json: { access_token: 'new-token', token_type: 'bearer' } }),
      'GET /api/v1/users/me': () => ({ json: aUser }),
    });
    const store = createAuthStore();
    await store.init();
    const outcome = await store.completeLogin(callbackQuery);

    expect(outcome).toEqual({ ok: true, target: '/main/admin/users/all?page=1' });
    expect(calls[0]!.body).toEqual({ redirect_uri: `${window.location.origin}/auth-callback`, code: 'the-code', code_verifier: verifier, state: 'the-state' });
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer new-token');
    expect(store.getState()).toMatchObject({ status: 'loggedIn', loginError: null });
    expect(sessionStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(sessionStorage.getItem('userProfile')!)).toEqual(aUser);
    expect(sessionStorage.getItem('originalUrl')).toBeNull();
    expect(sessionStorage.getItem('codeVerifier')).toBeNull();
  });

  it('success without a remembered address goes to /main', async () => {
    session.setCodeVerifier(verifier);
    api({
      'POST /api/v1/login/auth-callback': () => ({ json: { access_token: 't', token_type: 'bearer' } }),
      'GET /api/v1/users/me': () => ({ json: aUser }),
    });
    const store = createAuthStore();
    await store.init();
    expect(await store.completeLogin(callbackQuery)).toEqual({ ok: true, target: '/main' });
  });

  it('failure: sets the login-error flag with the API detail and logs out', async () => {
    session.setCodeVerifier(verifier);
    session.setToken('stale');
    api({ 'POST /api/v1/login/auth-callback': () => ({ status: 400, json: { detail: 'Invalid or expired login state' } }) });
    const store = createAuthStore();
    const outcome = await store.completeLogin(callbackQuery);
    expect(outcome).toEqual({ ok: false });
    expect(store.getState()).toMatchObject({ status: 'loggedOut', profile: null, loginError: 'Invalid or expired login state' });
    expect(sessionStorage.getItem('token')).toBeNull();
    store.clearLoginError();
    expect(store.getState().loginError).toBeNull();
  });

  it('a 401 on the profile after the token fails the sign-in', async () => {
    session.setCodeVerifier(verifier);
    api({
      'POST /api/v1/login/auth-callback': () => ({ json: { access_token: 't', token_type: 'bearer' } }),
      'GET /api/v1/users/me': () => ({ status: 401, json: { detail: 'Could not validate credentials' } }),
    });
    const store = createAuthStore();
    expect(await store.completeLogin(callbackQuery)).toEqual({ ok: false });
    expect(store.getState().loginError).toBe('Could not validate credentials');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('an error from the provider fails without calling the API', async () => {
    const { calls } = stubFetch(() => ({ json: {} }));
    const store = createAuthStore();
    await store.completeLogin({ code: null, state: 's', error: 'access_denied', errorDescription: 'The user cancelled' });
    expect(store.getState().loginError).toBe('The user cancelled');
    expect(calls).toHaveLength(0);
  });

  it('without the code verifier of this tab the sign-in has expired', async () => {
    stubFetch(() => ({ json: {} }));
    const store = createAuthStore();
    expect(await store.completeLogin(callbackQuery)).toEqual({ ok: false });
    expect(store.getState().loginError).toMatch(/expired/);
  });
});

describe('logout', () => {
  it('clears token and profile, shows Logged out, ends the sessions at the server and answers the provider logout URL', async () => {
    session.setToken('tok');
    session.setProfile(aUser);
    const { calls } = api({ 'POST /api/v1/login/logout': () => ({ json: { logout_url: 'http://localhost/oidc/session/end?x=1' } }) });
    const store = createAuthStore();
    await store.init().catch(() => undefined);
    const target = await store.logout();
    expect(target).toBe('http://localhost/oidc/session/end?x=1');
    expect(store.getState().status).toBe('loggedOut');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('userProfile')).toBeNull();
    // The server ends the sessions of the token's user: the token is sent along.
    const logoutCall = calls.find((c) => pathOf(c) === '/api/v1/login/logout' && c.method === 'POST')!;
    expect(logoutCall.body).toEqual({ post_logout_redirect_uri: `${window.location.origin}/loggedout` });
    expect(logoutCall.headers.get('Authorization')).toBe('Bearer tok');
    expect(notifications.getState().queue.map((n) => n.content)).toContain('Logged out');
  });

  it('goes to / when the logout URL cannot be had', async () => {
    stubFetch(() => ({ status: 500, json: { detail: 'down' } }));
    const store = createAuthStore();
    expect(await store.logout()).toBe('/');
  });
});
