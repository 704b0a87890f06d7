// Rate limits of sign-in: the provider's form per client IP + email, the callback per client IP.
// A separate app, so the other suites' attempts do not count.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDetails } from '@simforge/contracts';
import { LOGIN_ATTEMPTS, LOGIN_ATTEMPTS_PER_ADDRESS } from '../../src/auth/mount.js';
import { LOGIN_RATE_LIMITS } from '../../src/auth/login-routes.js';
import { Browser } from './support/browser.js';
import { openLogin, startLogin, submitSignIn } from './support/flow.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  t.addAccount({ email: 'ada@example.com', password: 'correct horse battery' });
  t.addAccount({ email: 'grace@example.com', password: 'correct horse battery' });
});

afterAll(async () => {
  await t?.close();
});

describe('sign-in form', () => {
  it(`allows ${LOGIN_ATTEMPTS.max} failed attempts per IP and email, then answers 429 with a readable page`, async () => {
    const browser = new Browser();
    const page = await openLogin(t, browser, (await startLogin(t)).login_url);
    for (let i = 0; i < LOGIN_ATTEMPTS.max; i += 1) {
      expect((await submitSignIn(t, browser, page, 'ada@example.com', `guess ${i}`)).status).toBe(401);
    }
    const blocked = await submitSignIn(t, browser, page, 'ADA@example.com', 'correct horse battery');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(blocked.body).toContain('<label for="password">Password</label>');

    // Another account from the same address is not affected.
    const other = await submitSignIn(t, browser, page, 'grace@example.com', 'correct horse battery');
    expect(other.url.pathname).toBe('/auth-callback');
  });

  it(`stops password spraying: ${LOGIN_ATTEMPTS_PER_ADDRESS.max} failed attempts per IP across emails, then 429`, async () => {
    // An app of its own: the attempts above count against this address too.
    const spray = await startTestApp();
    try {
      spray.addAccount({ email: 'target@example.com', password: 'correct horse battery' });
      const browser = new Browser();
      const page = await openLogin(spray, browser, (await startLogin(spray)).login_url);
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_ADDRESS.max; i += 1) {
        const answer = await submitSignIn(spray, browser, page, `victim${i}@example.com`, 'Summer2024!');
        expect(answer.status, `attempt ${i + 1}`).toBe(401);
      }
      const next = await submitSignIn(spray, browser, page, 'victim-next@example.com', 'Summer2024!');
      expect(next.status).toBe(429);
      expect(next.body).toContain('Too many sign-in attempts. Please wait a few minutes and try again.');
      // The address is blocked for every account, the right password included.
      expect((await submitSignIn(spray, browser, page, 'target@example.com', 'correct horse battery')).status).toBe(429);
    } finally {
      await spray.close();
    }
  });

  it('does not count successful sign-ins', async () => {
    for (let i = 0; i < LOGIN_ATTEMPTS.max + 2; i += 1) {
      const browser = new Browser();
      const page = await openLogin(t, browser, (await startLogin(t)).login_url);
      expect((await submitSignIn(t, browser, page, 'grace@example.com', 'correct horse battery')).url.pathname).toBe(
        '/auth-callback',
      );
    }
  });
});

describe('POST /api/v1/login/auth-callback', () => {
  it(`answers 429 after ${LOGIN_RATE_LIMITS.callback.max} calls a minute from one IP`, async () => {
    const body = {
      redirect_uri: `${t.publicUrl}/auth-callback`,
      code: 'some-code',
      code_verifier: 'v'.repeat(43),
      state: 'unknown-state',
    };
    for (let i = 0; i < LOGIN_RATE_LIMITS.callback.max; i += 1) {
      expect((await t.api('/api/v1/login/auth-callback', { body })).status).toBe(400);
    }
    expect(await t.api('/api/v1/login/auth-callback', { body })).toEqual({
      status: 429,
      body: { detail: errorDetails.tooManyRequests },
    });
  });
});
