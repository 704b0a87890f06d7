import { expect, test } from '@playwright/test';
import { e2eServer } from '../support/server.js';
import { fillProviderSignIn, signIn, signOut, tokenOf } from '../support/people.js';
import { createUserAsAdmin, uniqueEmail } from '../support/admin.js';
import { newEngineer } from '../support/sessions.js';

const { admin } = e2eServer;

test('signing in through the built-in provider lands on the remembered address', async ({ page }) => {
  await page.goto('/main/admin/users/all?page=1');
  // The app remembers where we wanted to go and hands over to the provider's own sign-in page.
  await expect(page.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await fillProviderSignIn(page, admin.email, admin.password);
  await page.waitForURL((u) => u.pathname === '/main/admin/users/all' && u.search === '?page=1');
  await expect(page.getByRole('cell', { name: admin.email })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('userProfile') ?? '{}').email)).toBe(admin.email);
});

test('wrong credentials show a clear error on the provider page', async ({ page }) => {
  await page.goto('/main/dashboard');
  await fillProviderSignIn(page, admin.email, 'not-the-password');
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('signing out ends the provider session and returns to /loggedout', async ({ page, request }) => {
  // A user of its own: signing out ends all of a user's tokens, the admin's in other tests too.
  const person = await newEngineer(page, request, 'leaver');
  await signIn(page, person.email, person.password);
  await signOut(page);
  await expect(page.getByText('You have been signed out')).toBeVisible();
  // The spec's `Logged out` notification survives the round trip through the provider's sign-out.
  await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  // The provider session is gone too: a protected route asks for credentials again.
  await page.goto('/main/profile/view');
  await expect(page.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
});

test('an admin creates a user who then signs in', async ({ page, browser }) => {
  await signIn(page, admin.email, admin.password, '/main/admin/users/create');
  const email = uniqueEmail('created');
  await page.getByLabel('Full Name').fill('Ada Created');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Created-password-1');
  await page.getByLabel('Confirm Password').fill('Created-password-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/main/admin/users/all**');

  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, email, 'Created-password-1');
  await expect(other.getByText('Ada Created').first()).toBeVisible();
  await context.close();
});

test('a normal user gets no admin data from the API', async ({ page, request, browser }) => {
  await signIn(page, admin.email, admin.password);
  const adminToken = await tokenOf(page);
  const email = uniqueEmail('normal');
  await createUserAsAdmin(request, adminToken, { email, password: 'Normal-password-1' });

  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signIn(userPage, email, 'Normal-password-1');
  const token = await tokenOf(userPage);
  for (const path of ['/api/v1/users/', `/api/v1/users/${(await (await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${adminToken}` } })).json()).id}`]) {
    const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ detail: "The user doesn't have enough privileges" });
  }
  const create = await request.post('/api/v1/users/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: uniqueEmail('sneaky'), password: 'Sneaky-password-1' },
  });
  expect(create.status()).toBe(403);
  const anonymous = await request.get('/api/v1/users/');
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ detail: 'Not authenticated' });
  await context.close();
});
