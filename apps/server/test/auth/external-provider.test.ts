// Sign-in through an external OpenID provider (OIDC_ISSUER), reached over HTTP in its own process,
// exactly as a Keycloak or Entra ID would be. The same two calls; the first sign-in creates the user.

import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginErrors } from '../../src/auth/login-service.js';
import { Browser } from './support/browser.js';
import { EXTERNAL_PASSWORD, startExternalProvider, type ExternalProvider } from './support/external-provider.js';
import { callbackParams, finishLogin, openLogin, startLogin, submitSignIn } from './support/flow.js';
import { freePort, startTestApp, type TestApp } from './support/test-app.js';

const CLIENT = { clientId: 'simforge-at-partner', clientSecret: 'partner-client-secret-for-tests' };
let partner: ExternalProvider;
let t: TestApp;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  partner = await startExternalProvider({
    ...CLIENT,
    redirectUri: `${publicUrl}/auth-callback`,
    postLogoutRedirectUri: `${publicUrl}/loggedout`,
  });
  t = await startTestApp({ port, external: { issuer: partner.issuer, ...CLIENT, name: 'partner-sso' } });
});

afterAll(async () => {
  await t?.close();
  await partner?.stop();
});

async function signInAtPartner(email: string) {
  const browser = new Browser();
  const login = await startLogin(t);
  const page = await openLogin(t, browser, login.login_url);
  expect(page.url.origin).toBe(partner.issuer);
  expect(page.body).toContain('Partner sign-in');
  const back = await submitSignIn(t, browser, page, email, EXTERNAL_PASSWORD);
  return { browser, login, params: callbackParams(back) };
}

describe('an external provider', () => {
  it('is where login_url points, with PKCE S256, state and nonce', async () => {
    const login = await startLogin(t);
    const url = new URL(login.login_url);
    expect(url.origin).toBe(partner.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.publicUrl}/auth-callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(t.loginStates.get(url.searchParams.get('state')!)?.provider).toBe('partner-sso');
  });

  it('creates the local user at the first sign-in and finds it at the next', async () => {
    const first = await signInAtPartner('alice@partner.example');
    expect(first.params.iss).toBe(partner.issuer);
    const answer = await finishLogin(t, first.login, first.params);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(t.createdExternal).toEqual([
      expect.objectContaining({ email: 'alice@partner.example', full_name: 'Alice External', is_active: true }),
    ]);
    const userId = t.createdExternal[0]!.id;
    expect(decodeJwt(answer.body.access_token).sub).toBe(userId);

    const second = await signInAtPartner('alice@partner.example');
    const again = await finishLogin(t, second.login, second.params);
    expect(decodeJwt(again.body.access_token).sub).toBe(userId);
    expect(t.createdExternal).toHaveLength(1);
  });

  it('refuses an account whose email the provider has not verified', async () => {
    const { login, params } = await signInAtPartner('bob@partner.example');
    expect(await finishLogin(t, login, params)).toEqual({ status: 400, body: { detail: loginErrors.emailNotVerified } });
    expect(t.createdExternal.some((u) => u.email === 'bob@partner.example')).toBe(false);
  });

  it("gives the provider's end-session address, with the ID token, for sign-out", async () => {
    const { login, params } = await signInAtPartner('alice@partner.example');
    const token = (await finishLogin(t, login, params)).body.access_token as string;
    const { status, body } = await t.api('/api/v1/login/logout-url', { headers: { authorization: `Bearer ${token}` } });
    expect(status).toBe(200);
    const url = new URL(body.logout_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${partner.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${t.publicUrl}/loggedout`);
    expect(decodeJwt(url.searchParams.get('id_token_hint')!).iss).toBe(partner.issuer);
  });

  it('keeps the built-in provider mounted (unused)', async () => {
    expect((await t.api('/oidc/.well-known/openid-configuration')).status).toBe(200);
  });
});

describe('an external provider that is down', () => {
  let down: TestApp;

  beforeAll(async () => {
    const closedPort = await freePort();
    down = await startTestApp({
      external: { issuer: `http://127.0.0.1:${closedPort}/realms/simforge`, ...CLIENT, name: 'partner-sso' },
    });
  });

  afterAll(async () => {
    await down?.close();
  });

  it('answers 503 "The identity provider is not reachable" on external-loginurl, every time', async () => {
    const query = new URLSearchParams({ redirect_uri: `${down.publicUrl}/auth-callback`, session_id: 'browser-session-0001' });
    for (let i = 0; i < 2; i += 1) {
      expect(await down.api(`/api/v1/login/external-loginurl?${query}`)).toEqual({
        status: 503,
        body: { detail: 'The identity provider is not reachable' },
      });
    }
    expect(down.loginStates.size).toBe(0);
  });

  it('still gives a sign-out address (the app\'s own /loggedout)', async () => {
    const { body } = await down.api('/api/v1/login/logout-url');
    expect(body.logout_url).toBe(`${down.publicUrl}/loggedout`);
  });
});
