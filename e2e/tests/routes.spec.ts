import { expect, test } from '@playwright/test';
import { e2eServer } from '../support/server.js';
import { signIn, tokenOf, watchConsole } from '../support/people.js';

// Every route of the specification's table, with where it must end up (path + query).
// `streams`: the page holds a server-sent-events connection open, so the network never goes idle.
const routes: { visit: string; lands?: string; streams?: boolean }[] = [
  { visit: '/', lands: '/simulator/' },
  { visit: '/?units=si', lands: '/simulator/?units=si' },
  { visit: '/main', lands: '/simulator/' },
  { visit: '/main?x=1', lands: '/simulator/?x=1' },
  { visit: '/simulator/' },
  { visit: '/simulator/some/deep/path' },
  { visit: '/jet', lands: '/main/simulations/create-jet' },
  { visit: '/pipe', lands: '/main/simulations/create-pipe' },
  { visit: '/welding', lands: '/main/simulations/create' },
  { visit: '/loggedout' },
  { visit: '/recover-password' },
  { visit: '/reset-password?token=abc' },
  { visit: '/main/simulations', lands: '/main/simulations/all' },
  { visit: '/main/simulations/all' },
  { visit: '/main/simulations/create' },
  { visit: '/main/simulations/create?type=pipe_network_2&a=b', lands: '/main/simulations/create-pipe-v2?type=pipe_network_2&a=b' },
  { visit: '/main/simulations/create-pipe' },
  { visit: '/main/simulations/create-pipe?type=PIPE_NETWORK_2', lands: '/main/simulations/create-pipe-v2?type=PIPE_NETWORK_2' },
  { visit: '/main/simulations/create-jet' },
  { visit: '/main/simulations/create-melt-pool' },
  { visit: '/main/simulations/create-v2' },
  { visit: '/main/simulations/create-v2/pipe' },
  { visit: '/main/simulations/create-v2/pipe/CIRCULAR_PIPE' },
  { visit: '/main/simulations/create-pipe-v2' },
  { visit: '/main/simulations/log-test', streams: true },
  { visit: '/main/simulations/sse-test', streams: true },
  { visit: '/main/dashboard' },
  { visit: '/main/profile', lands: '/main/profile/view' },
  { visit: '/main/profile/view' },
  { visit: '/main/profile/edit' },
  { visit: '/main/profile/password' },
  { visit: '/main/admin', lands: '/main/admin/simulations/all' },
  { visit: '/main/admin/simulations/all' },
  { visit: '/main/admin/users/all' },
  { visit: '/main/admin/users/create' },
  { visit: '/debug' },
  { visit: '/debug/components/pipe-diagram-editor' },
  { visit: '/debug/components/polygon-cross-section-designer' },
  { visit: '/status' },
  // Already signed in: login is skipped and the user goes on to /main, hence the simulator.
  { visit: '/login', lands: '/simulator/' },
];

test('a route under main sends a signed-out user to sign in and remembers it', async ({ page }) => {
  await page.goto('/main/simulations/all?status=running');
  await expect(page.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('originalUrl'))).toBe('/main/simulations/all?status=running');
});

test('every route of the specification renders without a console error', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, e2eServer.admin.email, e2eServer.admin.password, '/main/profile/view');
  const profile = await page.evaluate(() => JSON.parse(sessionStorage.getItem('userProfile') ?? '{}') as { id: string });
  // Pages of one simulation need a real one: an unknown id answers 404, which Chromium logs as a
  // console error ("Failed to load resource"); the not-found page is tested in simulations.spec.ts.
  const token = await tokenOf(page);
  const created = await request.post('/api/v1/simulations/', { headers: { Authorization: `Bearer ${token}` }, data: { title: 'Route check', type: 'CIRCULAR_PIPE' } });
  expect(created.status(), await created.text()).toBe(201);
  const simulation = (await created.json()) as { id: string };
  const all = [
    ...routes,
    { visit: `/main/admin/users/edit/${profile.id}` },
    { visit: `/main/simulations/view/${simulation.id}`, streams: true },
    { visit: `/main/simulations/create-pipe?edit=${simulation.id}` },
    { visit: `/main/admin/simulations/edit/${simulation.id}` },
  ];

  for (const route of all) {
    await test.step(route.visit, async () => {
      const { errors } = watchConsole(page);
      await page.goto(route.visit);
      if (route.streams) {
        await page.waitForLoadState('load');
        await page.waitForTimeout(1500);
      } else {
        await page.waitForLoadState('networkidle');
      }
      const expected = route.lands ?? route.visit;
      await expect.poll(() => {
        const u = new URL(page.url());
        return u.pathname + u.search;
      }).toBe(expected);
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.getByText('Loading...')).toHaveCount(0);
      expect(errors, `console errors on ${route.visit}`).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    });
  }
});
