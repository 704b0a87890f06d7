// The built-in provider `eis-wg` end to end: the web app's two calls, the provider's sign-in page,
// the authorization code with PKCE, and every way the callback must refuse.

import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDetails } from '@simforge/contracts';
import { loginErrors } from '../../src/auth/login-service.js';
import { Browser } from './support/browser.js';
import {
  SESSION_ID,
  callbackParams,
  finishLogin,
  openLogin,
  signInUntilCallback,
  startLogin,
  submitSignIn,
} from './support/flow.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PASSWORD = 'correct horse battery';
let t: TestApp;
let ada: { id: string; email: string };

beforeAll(async () => {
  t = await startTestApp();
  ada = t.addAccount({ email: 'ada@example.com', full_name: 'Ada Lovelace', password: PASSWORD });
});

afterAll(async () => {
  await t?.close();
});

describe('starting sign-in (GET /api/v1/login/external-loginurl)', () => {
  it('answers the built-in authorization endpoint with PKCE S256, state, nonce and the scopes', async () => {
    const login = await startLogin(t);
    const url = new URL(login.login_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.publicUrl}/oidc/auth`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe('simforge-web');
    expect(q.get('redirect_uri')).toBe(`${t.publicUrl}/auth-callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(login.code_verifier).toMatch(/^[\w-]{43,128}$/);

    const record = t.loginStates.get(q.get('state')!);
    expect(record).toMatchObject({ session_id: SESSION_ID, nonce: q.get('nonce'), provider: 'eis-wg' });
    expect(record!.code_challenge).toBe(q.get('code_challenge'));
    const ttl = record!.expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it.each([
    ['another origin', 'https://evil.example/auth-callback'],
    ['another path', '/main'],
    ['a query', '/auth-callback?next=/main'],
  ])('refuses a redirect_uri with %s (400 naming redirect_uri)', async (_label, uri) => {
    const redirectUri = uri.startsWith('/') ? `${t.publicUrl}${uri}` : uri;
    const query = new URLSearchParams({ redirect_uri: redirectUri, session_id: SESSION_ID });
    const { status, body } = await t.api(`/api/v1/login/external-loginurl?${query}`);
    expect(status).toBe(400);
    expect(body.detail).toContain('redirect_uri');
  });

  it('publishes the provider discovery document under /oidc', async () => {
    const { status, body } = await t.api('/oidc/.well-known/openid-configuration');
    expect(status).toBe(200);
    expect(body.issuer).toBe(`${t.publicUrl}/oidc`);
    expect(body.code_challenge_methods_supported).toEqual(['S256']);
    expect(body.end_session_endpoint).toBe(`${t.publicUrl}/oidc/session/end`);
    expect(await t.api('/oidc/no-such-endpoint')).toEqual({ status: 404, body: { detail: 'Not Found' } });
  });

  it('announces its public address whatever forwarding headers a client sends', async () => {
    const { body } = await t.api('/oidc/.well-known/openid-configuration', {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(body.authorization_endpoint).toBe(`${t.publicUrl}/oidc/auth`);
    expect(body.token_endpoint).toBe(`${t.publicUrl}/oidc/token`);
  });
});

describe('the sign-in page', () => {
  it('has Email and Password fields, a Sign in button and a Forgot password? link, and no script', async () => {
    const login = await startLogin(t);
    const page = await openLogin(t, new Browser(), login.login_url);
    expect(page.status).toBe(200);
    expect(page.url.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    expect(page.body).toContain('<title>Sign in to SimForge</title>');
    expect(page.body).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(page.body).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/);
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).toContain(`<a href="${t.publicUrl}/recover-password">Forgot password?</a>`);
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('shows "Incorrect email or password" for a wrong password and for an unknown email alike', async () => {
    const browser = new Browser();
    const page = await openLogin(t, browser, (await startLogin(t)).login_url);
    const wrongPassword = await submitSignIn(t, browser, page, ada.email, 'not the password');
    const unknownEmail = await submitSignIn(t, browser, page, 'nobody@example.com', 'not the password');
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toContain('<p class="error" role="alert">Incorrect email or password</p>');
      expect(answer.body).toContain('<label for="email">Email</label>');
    }
    const strip = (html: string) => html.replace(/value="[^"]*"/, '');
    expect(strip(wrongPassword.body)).toBe(strip(unknownEmail.body));
    // The same page still signs in.
    const done = await submitSignIn(t, browser, page, ada.email, PASSWORD);
    expect(done.url.pathname).toBe('/auth-callback');
  });

  it('tells a deactivated account so, but only after the right password', async () => {
    const dormant = t.addAccount({ email: 'dormant@example.com', password: PASSWORD, is_active: false });
    const browser = new Browser();
    const page = await openLogin(t, browser, (await startLogin(t)).login_url);
    const wrong = await submitSignIn(t, browser, page, dormant.email, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('<p class="error" role="alert">Incorrect email or password</p>');
    const right = await submitSignIn(t, browser, page, dormant.email, PASSWORD);
    expect(right.status).toBe(403);
    expect(right.body).toContain(
      '<p class="error" role="alert">This account is deactivated. Ask an administrator of SimForge to activate it again.</p>',
    );
    expect(right.url.pathname).not.toBe('/auth-callback');
  });

  it('escapes what it echoes', async () => {
    const browser = new Browser();
    const page = await openLogin(t, browser, (await startLogin(t)).login_url);
    const answer = await submitSignIn(t, browser, page, '"><script>alert(1)</script>@x.io', 'whatever');
    expect(answer.body).not.toContain('<script>');
    expect(answer.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@x.io"');
  });

  it('refuses an unknown interaction or one from another browser with a readable page', async () => {
    const login = await startLogin(t);
    const page = await openLogin(t, new Browser(), login.login_url);
    const stranger = await new Browser().open(page.url);
    expect(stranger.status).toBe(400);
    expect(stranger.body).toContain('This sign-in page has expired');
    const posted = await new Browser().open(new URL(`${page.url.href}/login`), {
      method: 'POST',
      form: { email: ada.email, password: PASSWORD },
    });
    expect(posted.status).toBe(400);
  });
});

describe('finishing sign-in (POST /api/v1/login/auth-callback)', () => {
  it('exchanges the code for our own signed access token for the user', async () => {
    const browser = new Browser();
    const { login, params } = await signInUntilCallback(t, browser, ada.email, PASSWORD);
    expect(params.iss).toBe(`${t.publicUrl}/oidc`);
    const { status, body } = await finishLogin(t, login, params);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.token_type).toBe('bearer');
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBe(ada.id);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(typeof claims.sid).toBe('string');
    // The provider's ID token is kept for sign-out under the token's sid.
    expect(t.oidc.get(`IdTokenHint\n${claims.sid}`)?.payload).toMatchObject({ provider: 'eis-wg', sub: ada.id });
  });

  it('passes the iss of the authorization response on when the app sends it, and checks it', async () => {
    const good = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    expect((await finishLogin(t, good.login, good.params, { iss: good.params.iss })).status).toBe(200);
    const bad = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    const answer = await finishLogin(t, bad.login, bad.params, { iss: 'https://evil.example' });
    expect(answer).toEqual({ status: 400, body: { detail: errorDetails.loginFailed } });
  });

  it('skips the sign-in page while the provider session lasts', async () => {
    const browser = new Browser();
    await signInUntilCallback(t, browser, ada.email, PASSWORD);
    const again = await startLogin(t);
    const page = await openLogin(t, browser, again.login_url);
    const params = callbackParams(page);
    expect((await finishLogin(t, again, params)).status).toBe(200);
  });

  it('refuses a state used twice', async () => {
    const { login, params } = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    expect((await finishLogin(t, login, params)).status).toBe(200);
    const again = await finishLogin(t, login, params);
    expect(again).toEqual({ status: 400, body: { detail: errorDetails.invalidLoginState } });
  });

  it('refuses an expired state', async () => {
    const { login, params } = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    t.loginStates.get(params.state)!.expires_at = new Date(Date.now() - 1000);
    expect(await finishLogin(t, login, params)).toEqual({ status: 400, body: { detail: errorDetails.invalidLoginState } });
  });

  it('refuses a tampered state', async () => {
    const { login, params } = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    const answer = await finishLogin(t, login, { ...params, state: `${params.state}x` });
    expect(answer).toEqual({ status: 400, body: { detail: errorDetails.invalidLoginState } });
  });

  it('refuses a session_id other than the one sign-in started with', async () => {
    const { login, params } = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    const answer = await finishLogin(t, login, params, { session_id: 'another-session-id' });
    expect(answer).toEqual({ status: 400, body: { detail: errorDetails.invalidLoginState } });
  });

  it('refuses a code_verifier that does not belong to the state', async () => {
    const { login, params } = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    const other = await startLogin(t);
    const answer = await finishLogin(t, { ...login, code_verifier: other.code_verifier }, params);
    expect(answer).toEqual({ status: 400, body: { detail: loginErrors.codeVerifierMismatch } });
  });

  it('refuses a redirect_uri other than the one sign-in started with', async () => {
    const { login, params } = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    const answer = await finishLogin(t, { ...login, redirect_uri: `${t.publicUrl}/auth-callback/other` }, params);
    expect(answer).toEqual({ status: 400, body: { detail: loginErrors.redirectUriMismatch } });
  });

  it('refuses a replayed code, even with its state restored', async () => {
    const { login, params } = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    const record = t.savedStates.find((s) => s.state === params.state)!;
    expect((await finishLogin(t, login, params)).status).toBe(200);
    await t.deps.loginStates.save(record);
    expect(await finishLogin(t, login, params)).toEqual({ status: 400, body: { detail: errorDetails.loginFailed } });
  });

  it('catches an ID token whose nonce does not match', async () => {
    const { login, params } = await signInUntilCallback(t, new Browser(), ada.email, PASSWORD);
    t.loginStates.get(params.state)!.nonce = 'a-different-nonce-value';
    expect(await finishLogin(t, login, params)).toEqual({ status: 400, body: { detail: errorDetails.loginFailed } });
  });

  it('answers Inactive user for an account disabled during sign-in', async () => {
    const grace = t.addAccount({ email: 'grace@example.com', password: PASSWORD });
    const { login, params } = await signInUntilCallback(t, new Browser(), grace.email, PASSWORD);
    t.accounts.get(grace.id)!.is_active = false;
    expect(await finishLogin(t, login, params)).toEqual({ status: 400, body: { detail: errorDetails.inactiveUser } });
  });

  it('validates the body with the shared schema', async () => {
    const { status, body } = await t.api('/api/v1/login/auth-callback', {
      body: { redirect_uri: `${t.publicUrl}/auth-callback`, code: 'x', code_verifier: 'short', state: 'y' },
    });
    expect(status).toBe(422);
    expect(JSON.stringify(body)).toContain('Minimum length is 43');
  });
});

describe('signing out (GET /api/v1/login/logout-url)', () => {
  it('with the access token: ends the provider session at once and returns to /loggedout', async () => {
    const browser = new Browser();
    const { login, params } = await signInUntilCallback(t, browser, ada.email, PASSWORD);
    const token = (await finishLogin(t, login, params)).body.access_token as string;

    const { status, body } = await t.api('/api/v1/login/logout-url', { headers: { authorization: `Bearer ${token}` } });
    expect(status).toBe(200);
    const logoutUrl = new URL(body.logout_url);
    expect(`${logoutUrl.origin}${logoutUrl.pathname}`).toBe(`${t.publicUrl}/oidc/session/end`);
    expect(logoutUrl.searchParams.get('client_id')).toBe('simforge-web');
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${t.publicUrl}/loggedout`);
    expect(decodeJwt(logoutUrl.searchParams.get('id_token_hint')!).sub).toBe(ada.id);

    const page = await browser.open(logoutUrl, {}, (url) => url.pathname === '/loggedout');
    expect(page.url.href).toBe(`${t.publicUrl}/loggedout`);
    expect(page.history).toHaveLength(2);

    // The provider session is gone: the next sign-in asks for the password again.
    const next = await openLogin(t, browser, (await startLogin(t)).login_url);
    expect(next.status).toBe(200);
    expect(next.body).toContain('Sign in to SimForge');
  });

  it('without a token: asks with a plain form, then returns to /loggedout', async () => {
    const browser = new Browser();
    await signInUntilCallback(t, browser, ada.email, PASSWORD);
    const { body } = await t.api('/api/v1/login/logout-url');
    expect(new URL(body.logout_url).searchParams.has('id_token_hint')).toBe(false);

    const confirm = await browser.open(body.logout_url);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain('<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>');
    expect(confirm.body).not.toMatch(/<script/i);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)![1]!;
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(confirm.body)![1]!;
    const done = await browser.open(action, { method: 'POST', form: { xsrf, logout: 'yes' } }, (url) => url.pathname === '/loggedout');
    expect(done.url.href).toBe(`${t.publicUrl}/loggedout`);
    const next = await openLogin(t, browser, (await startLogin(t)).login_url);
    expect(next.body).toContain('Sign in to SimForge');
  });

  it('with no provider session: goes straight to /loggedout, no script involved', async () => {
    const { body } = await t.api('/api/v1/login/logout-url');
    const page = await new Browser().open(body.logout_url, {}, (url) => url.pathname === '/loggedout');
    expect(page.url.href).toBe(`${t.publicUrl}/loggedout`);
  });

  it('ignores a bad token and refuses another post_logout_redirect_uri', async () => {
    const bad = await t.api('/api/v1/login/logout-url', { headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.status).toBe(200);
    expect(new URL(bad.body.logout_url).searchParams.has('id_token_hint')).toBe(false);
    const query = new URLSearchParams({ post_logout_redirect_uri: 'https://evil.example/' });
    const other = await t.api(`/api/v1/login/logout-url?${query}`);
    expect(other.status).toBe(400);
    expect(other.body.detail).toContain('post_logout_redirect_uri');
  });
});

describe('signing out (POST /api/v1/login/logout)', () => {
  it('with the access token: ends the sessions of its user, and answers the provider sign-out with the ID token hint', async () => {
    const browser = new Browser();
    const { login, params } = await signInUntilCallback(t, browser, ada.email, PASSWORD);
    const token = (await finishLogin(t, login, params)).body.access_token as string;
    const before = t.signedOut.length;
    const { status, body } = await t.api('/api/v1/login/logout', {
      body: { post_logout_redirect_uri: `${t.publicUrl}/loggedout` },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status).toBe(200);
    expect(t.signedOut.slice(before)).toEqual([token]);
    const logoutUrl = new URL(body.logout_url);
    expect(`${logoutUrl.origin}${logoutUrl.pathname}`).toBe(`${t.publicUrl}/oidc/session/end`);
    expect(decodeJwt(logoutUrl.searchParams.get('id_token_hint')!).sub).toBe(ada.id);
    const page = await browser.open(logoutUrl, {}, (url) => url.pathname === '/loggedout');
    expect(page.url.href).toBe(`${t.publicUrl}/loggedout`);
  });

  it('without a token signs nobody out; another post_logout_redirect_uri is refused', async () => {
    const before = t.signedOut.length;
    const plain = await t.api('/api/v1/login/logout', { body: {} });
    expect(plain.status).toBe(200);
    expect(new URL(plain.body.logout_url).searchParams.has('id_token_hint')).toBe(false);
    const other = await t.api('/api/v1/login/logout', {
      body: { post_logout_redirect_uri: 'https://evil.example/' },
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(other.status).toBe(400);
    expect(t.signedOut.length).toBe(before);
  });
});
