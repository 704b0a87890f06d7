import { expect, test } from '@playwright/test';
import { latestMailTo, linkIn, signIn, signOut } from '../support/people.js';
import { uniqueEmail } from '../support/admin.js';
import { newEngineer } from '../support/sessions.js';

/**
 * A fresh normal user for each test, created by the admin through the API in a context of its own:
 * the admin is never signed out here (that would end the admin's tokens in tests running beside).
 */
async function aUser(page: import('@playwright/test').Page, request: import('@playwright/test').APIRequestContext, who: string) {
  const person = await newEngineer(page, request, who);
  return { email: person.email, password: person.password };
}

test('a user edits their profile', async ({ page, request }) => {
  const user = await aUser(page, request, 'editor');
  await signIn(page, user.email, user.password, '/main/profile/edit');
  await page.getByLabel('Full Name').fill('Grace Edited');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile successfully updated')).toBeVisible();
  await page.goto('/main/profile/view');
  await expect(page.getByText('Grace Edited').first()).toBeVisible();
});

test('a user changes their e-mail, confirmed with the current password, and signs in with it', async ({ page, request }) => {
  const user = await aUser(page, request, 'mover');
  await signIn(page, user.email, user.password, '/main/profile/edit');
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  const moved = uniqueEmail('moved');
  await page.getByLabel('E-mail').fill(moved);
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile successfully updated')).toBeVisible();
  await signOut(page);
  await signIn(page, moved, user.password);
  await expect(page.getByText(moved).first()).toBeVisible();
});

test('a user changes their password and signs in with the new one', async ({ page, request }) => {
  const user = await aUser(page, request, 'changer');
  await signIn(page, user.email, user.password, '/main/profile/password');
  await page.getByLabel('Current Password').fill('wrong-current-password');
  await page.getByLabel('New Password').fill('Changed-password-2');
  await page.getByLabel('Confirm Password').fill('Changed-password-2');
  await page.getByRole('button', { name: 'Save' }).click();
  // The API's refusal is shown and the user stays on the form.
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await expect(page).toHaveURL(/\/main\/profile\/password/);

  await page.getByLabel('Current Password').fill(user.password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password successfully updated').or(page.getByText('Profile successfully updated'))).toBeVisible();
  await signOut(page);
  await signIn(page, user.email, 'Changed-password-2');
  await expect(page.getByText(user.email).first()).toBeVisible();
});

test('a user recovers a forgotten password through the emailed link', async ({ page, request }) => {
  const user = await aUser(page, request, 'forgetful');
  const since = new Date(Date.now() - 1000);
  await page.goto('/recover-password');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send recovery email' }).click();
  await expect(page.getByText('Password recovery email sent successfully')).toBeVisible();

  const link = linkIn(await latestMailTo(user.email, since), '/reset-password');
  await page.goto(link);
  await page.getByLabel('New Password').fill('Recovered-password-3');
  await page.getByLabel('Confirm Password').fill('Recovered-password-3');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password successfully reset').first()).toBeVisible();
  // The sign-in page it goes on to says so too, and waits for the user.
  await expect(page.getByText('Password successfully reset. Sign in with your new password.')).toBeVisible({ timeout: 10_000 });

  await signIn(page, user.email, 'Recovered-password-3');
  await expect(page.getByText(user.email).first()).toBeVisible();

  // The link works once only.
  await page.goto(link);
  await page.getByLabel('New Password').fill('Recovered-password-4');
  await page.getByLabel('Confirm Password').fill('Recovered-password-4');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Invalid token')).toBeVisible();
});

test('form rules show the specification messages beside the field', async ({ page }) => {
  await page.goto('/recover-password');
  await page.getByRole('button', { name: 'Send recovery email' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Send recovery email' }).click();
  await expect(page.getByText('This field must be a valid email')).toBeVisible();
});
