// Accounts against a stolen token or password (docs/adr/0004): a new password, a reset, a
// deactivation and a sign-out end every earlier token and the provider's sessions; an email change
// needs the current password; easy passwords are refused wherever a password is set; open event
// streams end with their user.

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { API, expectStatus, type Person } from '../harness.js';
import { createSimulation, readEventStream } from '../simulation-harness.js';
import type { GetHarness } from '../harness.js';

const INVALID = 'Could not validate credentials';
const TOO_EASY = /^This password is too easy to guess/;

export function accountSecurityTests(h: GetHarness): void {
  const canUse = async (token: string) => (await h().get('users/me', { as: token })).statusCode;

  it('ends every earlier token when I change my password, and answers a new one for this browser', async () => {
    const alice = await h().signUp({ password: 'first password' });
    const otherDevice = await h().loginAs(alice.email);
    const res = await h().put('users/me', { as: alice, body: { password: 'second password', current_password: 'first password' } });
    expectStatus(res, 200);
    const { access_token: fresh, ...profile } = res.json();
    expect(profile).toMatchObject({ id: alice.id, email: alice.email });
    expect(typeof fresh).toBe('string');
    expectStatus(await h().get('users/me', { as: alice }), 401, INVALID);
    expectStatus(await h().get('users/me', { as: otherDevice }), 401, INVALID);
    expect(await canUse(fresh)).toBe(200);
    // A change of name alone leaves tokens alone and answers no new one.
    const renamed = await h().put('users/me', { as: fresh, body: { full_name: 'Alice R.' } });
    expect(renamed.json().access_token).toBeUndefined();
    expect(await canUse(fresh)).toBe(200);
  });

  it('ends every earlier token when an administrator sets a new password or deactivates the account', async () => {
    const admin = await h().asAdmin();
    const bob = await h().signUp();
    expectStatus(await h().put(`users/${bob.id}`, { as: admin, body: { password: 'set by the admin' } }), 200);
    expectStatus(await h().get('users/me', { as: bob }), 401, INVALID);

    const carol = await h().signUp();
    expectStatus(await h().put(`users/${carol.id}`, { as: admin, body: { full_name: 'Carol' } }), 200);
    expect(await canUse(carol.token)).toBe(200);
    expectStatus(await h().put(`users/${carol.id}`, { as: admin, body: { is_active: false } }), 200);
    expectStatus(await h().get('users/me', { as: carol }), 400, 'Inactive user');
    // Activated again, the account needs a new sign-in: the old token does not come back to life.
    expectStatus(await h().put(`users/${carol.id}`, { as: admin, body: { is_active: true } }), 200);
    expectStatus(await h().get('users/me', { as: carol }), 401, INVALID);
    expect(await canUse(await h().loginAs(carol.email))).toBe(200);
  });

  it('ends every earlier token with a password reset', async () => {
    const dana = await h().signUp();
    await h().forgotPassword(dana.email);
    const token = h().resetLinkFor(dana.email).searchParams.get('token')!;
    expectStatus(await h().resetPassword(token, 'a fresh start at last'), 200);
    expectStatus(await h().get('users/me', { as: dana }), 401, INVALID);
  });

  it('ends every token of the user at sign-out; a token already ended signs nobody out', async () => {
    const erin = await h().signUp();
    const otherTab = await h().loginAs(erin.email);
    const res = await h().post('login/logout', { as: erin, body: { post_logout_redirect_uri: 'http://simforge.test/loggedout' } });
    expectStatus(res, 200);
    expect(res.json().logout_url).toMatch(/^http:\/\/simforge\.test\//);
    expectStatus(await h().get('users/me', { as: erin }), 401, INVALID);
    expectStatus(await h().get('users/me', { as: otherTab }), 401, INVALID);

    const signedInAgain = await h().loginAs(erin.email);
    expectStatus(await h().post('login/logout', { as: erin, body: {} }), 200);
    expect(await canUse(signedInAgain)).toBe(200);
  });

  it("ends the built-in provider's sessions of the user with a new password, and no one else's", async () => {
    const fay = await h().signUp({ password: 'fay first password' });
    const gus = await h().signUp();
    await h().repos.oidcPayloads.upsert('Session', `session-of-${fay.id}`, { accountId: fay.id, loginTs: 1 }, 3600);
    await h().repos.oidcPayloads.upsert('Grant', `grant-of-${fay.id}`, { accountId: fay.id, clientId: 'simforge-web' }, 3600);
    await h().repos.oidcPayloads.upsert('Session', `session-of-${gus.id}`, { accountId: gus.id, loginTs: 1 }, 3600);
    const change = { password: 'fay second password', current_password: 'fay first password' };
    expectStatus(await h().put('users/me', { as: fay, body: change }), 200);
    expect(await h().repos.oidcPayloads.find('Session', `session-of-${fay.id}`)).toBeUndefined();
    expect(await h().repos.oidcPayloads.find('Grant', `grant-of-${fay.id}`)).toBeUndefined();
    expect(await h().repos.oidcPayloads.find('Session', `session-of-${gus.id}`)).toMatchObject({ accountId: gus.id });
  });

  it('needs my current password to change my email', async () => {
    const hal = await h().signUp({ password: 'hal secret words' });
    const email = `new.${hal.email}`;
    expectStatus(await h().put('users/me', { as: hal, body: { email } }), 400, 'Incorrect password');
    expectStatus(await h().put('users/me', { as: hal, body: { email, current_password: 'not my password' } }), 400, 'Incorrect password');
    expect((await h().get('users/me', { as: hal })).json().email).toBe(hal.email);
    const res = await h().put('users/me', { as: hal, body: { email, current_password: 'hal secret words' } });
    expectStatus(res, 200);
    expect(res.json().email).toBe(email);
    // The same address again (any case) is no change and needs nothing.
    expectStatus(await h().put('users/me', { as: hal, body: { email: email.toUpperCase(), full_name: 'Hal' } }), 200);
  });

  it('refuses passwords that are easy to guess wherever a password is set, naming the field', async () => {
    const admin = await h().asAdmin();
    const weak = (res: Awaited<ReturnType<ReturnType<GetHarness>['put']>>, field: string) => {
      expect(res.statusCode, res.body).toBe(422);
      const [issue] = res.json().detail;
      expect(issue).toMatchObject({ loc: ['body', field], msg: expect.stringMatching(TOO_EASY), type: 'weak_password' });
    };
    const email = `weak.${Date.now()}@example.com`;
    const created = await h().post('users/', { as: admin, body: { email, password: 'password' } });
    weak(created, 'password');
    expect(created.json().detail[0].msg).toContain('heavily used password');
    expect(await h().repos.users.findByEmail(email)).toBeNull();

    const ivan = await h().signUp({ password: 'ivan first password' });
    weak(await h().put(`users/${ivan.id}`, { as: admin, body: { password: 'qwertyuiop' } }), 'password');
    weak(await h().put('users/me', { as: ivan, body: { password: 'iloveyou123', current_password: 'ivan first password' } }), 'password');
    expect(await h().canSignIn(ivan.email, 'ivan first password')).toBe(true);

    await h().forgotPassword(ivan.email);
    const token = h().resetLinkFor(ivan.email).searchParams.get('token')!;
    weak(await h().resetPassword(token, 'P@ssw0rd!'), 'new_password');
    // The link still works for a better password.
    expectStatus(await h().resetPassword(token, 'ivan remembers a long one'), 200);
  });

  it('ends an open event stream when its user is deactivated, at once', async () => {
    const admin = await h().asAdmin();
    const jo = await h().signUp();
    const simulation = await createSimulation(h(), jo);
    const started = performance.now();
    const stream = await readEventStream(`${await h().baseUrl()}${API}/simulations/${simulation.id}/events`, {
      token: jo.token,
      timeoutMs: 15_000,
      onOpen: async () => {
        expectStatus(await h().put(`users/${jo.id}`, { as: admin, body: { is_active: false } }), 200);
      },
      until: () => false,
    });
    expect(stream.status).toBe(200);
    expect(stream.messages[0]?.event).toBe('status');
    // Closed by the server well before the reader's own 15 s timeout.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('ends an open event stream when its user is deleted, within a heartbeat', async () => {
    const kim: Person = await h().signUp();
    const started = performance.now();
    const stream = await readEventStream(`${await h().baseUrl()}${API}/utils/sse-test?seconds=30`, {
      token: kim.token,
      timeoutMs: 15_000,
      onOpen: async () => {
        await h().database.db.execute(sql`delete from users where id = ${kim.id}`);
      },
      until: () => false,
    });
    expect(stream.status).toBe(200);
    expect(stream.messages.some((m) => m.event === 'end')).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
}
