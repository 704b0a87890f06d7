// The sign-in flow in the user's terms: start as the web app does, sign in on the provider's page,
// come back to /auth-callback with a code, finish with the callback call.

import { expect } from 'vitest';
import { Browser, formAction, type Page } from './browser.js';
import type { TestApp } from './test-app.js';

export const SESSION_ID = 'browser-session-0001';

/** What the flow needs of the server: its address and its API (a test app, or a whole server process). */
export type SignInTarget = Pick<TestApp, 'publicUrl' | 'api'>;

export interface StartedLogin {
  login_url: string;
  code_verifier: string;
  redirect_uri: string;
  session_id: string;
}

export async function startLogin(t: SignInTarget, sessionId = SESSION_ID): Promise<StartedLogin> {
  const redirectUri = `${t.publicUrl}/auth-callback`;
  const query = new URLSearchParams({ redirect_uri: redirectUri, session_id: sessionId });
  const { status, body } = await t.api(`/api/v1/login/external-loginurl?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return { ...body, redirect_uri: redirectUri, session_id: sessionId };
}

const isCallback = (t: SignInTarget) => (url: URL) => url.origin === t.publicUrl && url.pathname === '/auth-callback';

/** Opens the login URL; answers the sign-in page, or the callback address when no page was needed. */
export async function openLogin(t: SignInTarget, browser: Browser, loginUrl: string): Promise<Page> {
  return browser.open(loginUrl, {}, isCallback(t));
}

/** Posts the sign-in form of `page`; answers the page shown next (or the callback address). */
export async function submitSignIn(t: SignInTarget, browser: Browser, page: Page, email: string, password: string): Promise<Page> {
  return browser.open(formAction(page), { method: 'POST', form: { email, password } }, isCallback(t));
}

export interface CallbackParams {
  code: string;
  state: string;
  iss: string | null;
}

export function callbackParams(page: Page): CallbackParams {
  expect(page.url.pathname, `expected /auth-callback, got ${page.url.href} (${page.status}) ${page.body.slice(0, 300)}`).toBe(
    '/auth-callback',
  );
  const error = page.url.searchParams.get('error');
  expect(error, page.url.searchParams.get('error_description') ?? '').toBeNull();
  return {
    code: page.url.searchParams.get('code')!,
    state: page.url.searchParams.get('state')!,
    iss: page.url.searchParams.get('iss'),
  };
}

/** Start, sign in on the built-in page, and stop at the app's /auth-callback with the code. */
export async function signInUntilCallback(
  t: SignInTarget,
  browser: Browser,
  email: string,
  password: string,
): Promise<{ login: StartedLogin; params: CallbackParams }> {
  const login = await startLogin(t);
  let page = await openLogin(t, browser, login.login_url);
  if (page.url.pathname !== '/auth-callback') page = await submitSignIn(t, browser, page, email, password);
  return { login, params: callbackParams(page) };
}

export async function finishLogin(t: SignInTarget, login: StartedLogin, params: CallbackParams, extra: Record<string, unknown> = {}) {
  return t.api('/api/v1/login/auth-callback', {
    body: {
      redirect_uri: login.redirect_uri,
      code: params.code,
      code_verifier: login.code_verifier,
      state: params.state,
      ...extra,
    },
  });
}
