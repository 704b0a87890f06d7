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
