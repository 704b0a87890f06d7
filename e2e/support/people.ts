import fs from 'node:fs';
import path from 'node:path';
import { expect, type ConsoleMessage, type Page } from '@playwright/test';
import { e2eServer } from './server.js';

/** Signs in through the built-in provider's page, starting wherever the app sent the browser. */
export async function fillProviderSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `wanted` (a route needing sign-in), signs in, and waits to land back on it. */
export async function signIn(page: Page, email: string, password: string, wanted = '/main/profile/view'): Promise<void> {
  await page.goto(wanted);
  await fillProviderSignIn(page, email, password);
  await page.waitForURL((u) => u.pathname + u.search === wanted, { timeout: 20_000 });
}

/**
 * Signs in through the same OpenID Connect code flow as the app (login URL with PKCE, the provider's
 * form, the code traded at /login/auth-callback), with the page's own request context so that the
 * provider's session cookie lands in the browser. The token is put in session storage before the
 * app's first script runs, once: a later sign-out is not undone. The flow through the provider's
 * pages in the browser is what sign-in.spec.ts tests; elsewhere it only cost seconds per test.
 */
let signIns = 0;
export async function signInThroughApi(page: Page, email: string, password: string): Promise<string> {
  const callback = `${e2eServer.url}/auth-callback`;
  const start = await page.request.get('/api/v1/login/external-loginurl', { params: { redirect_uri: callback, session_id: `e2e-${Date.now()}` } });
  expect(start.status(), await start.text()).toBe(200);
  const { login_url: loginUrl, code_verifier: codeVerifier } = (await start.json()) as { login_url: string; code_verifier: string };
  const form = await page.request.get(loginUrl);
  const action = /<form method="post" action="([^"]+)"/.exec(await form.text())?.[1]?.replaceAll('&amp;', '&');
  expect(action, 'the provider shows its sign-in form').toBeTruthy();
  const signedIn = await page.request.post(new URL(action!, form.url()).href, { form: { email, password } });
  const answer = new URL(signedIn.url());
  expect(answer.origin + answer.pathname, 'the provider sends the browser back to the app').toBe(callback);
  const exchange = await page.request.post('/api/v1/login/auth-callback', {
    data: { redirect_uri: callback, code: answer.searchParams.get('code'), code_verifier: codeVerifier, state: answer.searchParams.get('state') },
  });
  expect(exchange.status(), await exchange.text()).toBe(200);
  const { access_token: token } = (await exchange.json()) as { access_token: string };
  // Each sign-in seeds its token once, marked by its own key: a later sign-out or sign-in stands.
  signIns += 1;
  await page.addInitScript(({ value, mark }) => {
    if (sessionStorage.getItem(mark)) return;
    sessionStorage.setItem(mark, '1');
    sessionStorage.setItem('token', value);
  }, { value: token, mark: `e2e-sign-in-${signIns}` });
  return token;
}

export async function signOut(page: Page): Promise<void> {
  await page.goto('/logout');
  await page.waitForURL('**/loggedout', { timeout: 20_000 });
}

/** The bearer token the app keeps in session storage. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token, 'a token in session storage').toBeTruthy();
  return token!;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  created_at: string;
}

/** The newest mail in the server's outbox addressed to `to`, waiting for it to arrive. */
export async function latestMailTo(to: string, since: Date): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(e2eServer.outboxDir)) return undefined;
        const mails = fs
          .readdirSync(e2eServer.outboxDir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(fs.readFileSync(path.join(e2eServer.outboxDir, f), 'utf8')) as OutboxMail)
          .filter((m) => String(m.to).toLowerCase().includes(to.toLowerCase()) && new Date(m.created_at) >= since)
          .sort((a, b) => a.created_at.localeCompare(b.created_at));
        found = mails.at(-1);
        return found?.subject;
      },
      { timeout: 15_000, message: `a mail to ${to}` },
    )
    .toBeTruthy();
  return found!;
}

export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s"'<>]*${pathPrefix}[^\\s"'<>]*`));
  expect(match, `a ${pathPrefix} link in the mail`).toBeTruthy();
  return match![0];
}

/** Collects console errors and uncaught exceptions of a page, for "renders without a console error". */
/**
 * Collects the page's console errors. `refusalsExpectedFrom` lists API paths whose 4xx answers the
 * test provokes on purpose (Chromium logs every failed fetch as a console error).
 */
export function watchConsole(page: Page, options: { refusalsExpectedFrom?: string[] } = {}): { errors: string[] } {
  const errors: string[] = [];
  const expected = (msg: ConsoleMessage) =>
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text()) && (options.refusalsExpectedFrom ?? []).some((path) => msg.location().url.includes(path));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !expected(msg)) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { errors };
}
