import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eServer } from './server.js';
import { signIn, signInThroughApi, tokenOf } from './people.js';
import { createUserAsAdmin, uniqueEmail } from './admin.js';

// A fresh engineer per test (so preferences such as the unit system and chat history never leak
// between tests), and the simulation API calls a test uses to set up what the browser then looks at.

export interface Person {
  email: string;
  password: string;
}

/**
 * The admin's token, taken once per worker in a browser context of its own and kept: a sign-in
 * through the provider's pages costs seconds, and every test makes its own engineer. The context is
 * closed without signing out (signing out would end the token); a test that ends it (a 401) gets a
 * fresh one.
 */
let adminToken: string | undefined;
async function adminTokenFor(page: Page, fresh: boolean): Promise<string> {
  if (adminToken && !fresh) return adminToken;
  const browser = page.context().browser();
  if (!browser) throw new Error('the admin signs in through a browser context');
  const context = await browser.newContext({ baseURL: e2eServer.url });
  try {
    const adminPage = await context.newPage();
    await signIn(adminPage, e2eServer.admin.email, e2eServer.admin.password);
    adminToken = await tokenOf(adminPage);
  } finally {
    await context.close();
  }
  return adminToken;
}

/** Creates an engineer through the admin API (the admin user screens are tested on their own). */
export async function newEngineer(page: Page, request: APIRequestContext, who: string): Promise<Person> {
  const person = { email: uniqueEmail(who), password: `${who}-Password-1` };
  const user = { ...person, full_name: `${who} Engineer` };
  const token = await adminTokenFor(page, false);
  const probe = await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
  await createUserAsAdmin(request, probe.status() === 401 ? await adminTokenFor(page, true) : token, user);
  return person;
}

/** Signs in, lands on `wanted`, with the cookie banner answered so it covers nothing. */
export async function signInAs(page: Page, person: Person, wanted = '/main/simulations/all'): Promise<string> {
  const token = await signInThroughApi(page, person.email, person.password);
  // As if the user had chosen "Reject All" before (consent.spec.ts tests the banner itself).
  await page.context().addCookies([{ name: 'cookiesConsent', value: 'false', url: e2eServer.url, sameSite: 'Strict' }]);
  await page.goto(wanted);
  await page.waitForURL((u) => u.pathname + u.search === wanted, { timeout: 20_000 });
  return token;
}

export interface SimulationBody {
  id: string;
  title: string;
  type: string;
  status: string;
  parameters: Record<string, unknown>;
  error: { code: string; message: string } | null;
  summary: Record<string, { value: unknown; unit: string; label: string }> | null;
  current_run_id: string | null;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function createSimulation(request: APIRequestContext, token: string, body: { title: string; type: string; parameters?: Record<string, unknown> }): Promise<SimulationBody> {
  const res = await request.post('/api/v1/simulations/', { headers: auth(token), data: { parameters: {}, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as SimulationBody;
}

export async function getSimulation(request: APIRequestContext, token: string, id: string): Promise<SimulationBody> {
  const res = await request.get(`/api/v1/simulations/${id}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as SimulationBody;
}

/** Starts a run (the spec's GET /simulations/run/{id}) and waits until it has finished. */
export async function runToEnd(request: APIRequestContext, token: string, id: string, timeout = 45_000): Promise<SimulationBody> {
  const res = await request.get(`/api/v1/simulations/run/${id}`, { headers: auth(token) });
  expect([200, 202], await res.text()).toContain(res.status());
  let last: SimulationBody | undefined;
  await expect
    .poll(
      async () => {
        last = await getSimulation(request, token, id);
        return ['completed', 'failed', 'aborted'].includes(last.status);
      },
      { timeout, intervals: [250, 500, 1000], message: `simulation ${id} finishes` },
    )
    .toBe(true);
  return last!;
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** The first superuser, signed in the same way (tests of admin screens and of runs that need no fresh engineer). */
export function signInAsAdmin(page: Page, wanted: string): Promise<string> {
  return signInAs(page, e2eServer.admin, wanted);
}

/** Presses the create screen's "Create and run", lands on the run's view and waits for Completed. */
export async function createAndRun(page: Page, completedWithin: number, view: RegExp = /\/main\/simulations\/view\//): Promise<void> {
  await page.getByRole('button', { name: 'Create and run' }).click();
  await expect(page).toHaveURL(view, { timeout: 20_000 });
  await expect(page.getByTestId('simulation-status')).toHaveText('Completed', { timeout: completedWithin });
}
