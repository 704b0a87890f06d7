import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { expectInvalidField, expectStatus, uniqueEmail } from '../harness.js';
import { createSimulation } from '../simulation-harness.js';
import type { GetHarness } from '../harness.js';

const TAKEN = 'A user with this email already exists';

export function userAdminTests(h: GetHarness): void {
  it('deletes a user with everything they own; not oneself, not as a normal user, 404 for nobody', async () => {
    const admin = await h().asAdmin();
    const doomed = await h().signUp({ password: 'doomed password 1' });
    const simulation = await createSimulation(h(), doomed, { title: 'Goes with its owner' });
    const other = await h().signUp();
    expectStatus(await h().delete(`users/${doomed.id}`, { as: other }), 403);
    const res = await h().delete(`users/${doomed.id}`, { as: admin });
    expectStatus(res, 200);
    expect(res.json()).toEqual({ msg: 'User deleted successfully' });
    expectStatus(await h().get(`users/${doomed.id}`, { as: admin }), 404, 'User not found');
    expect(await h().repos.simulations.findById(simulation.id)).toBeNull();
    expect(await h().canSignIn(doomed.email, 'doomed password 1')).toBe(false);
    expect((await h().get('users/me', { as: doomed })).statusCode).toBeGreaterThanOrEqual(400);
    expectStatus(await h().delete(`users/${doomed.id}`, { as: admin }), 404, 'User not found');
    expectStatus(await h().delete(`users/${randomUUID()}`, { as: admin }), 404, 'User not found');
    expectStatus(await h().delete(`users/${admin.id}`, { as: admin }), 403, 'Super users are not allowed to delete themselves');
  });

  it('creates a user with the defaults of the admin form, who can then sign in', async () => {
    const admin = await h().asAdmin();
    const email = uniqueEmail('new');
    const res = await h().post('users/', { as: admin, body: { email, password: 'a good password', full_name: 'New Person' } });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ email, full_name: 'New Person', is_active: true, is_superuser: false, is_anonymous: false });
    expect(await h().canSignIn(email, 'a good password')).toBe(true);
    expect(await h().canSignIn(email.toUpperCase(), 'a good password')).toBe(true);
    const stored = await h().repos.users.findByEmail(email);
    expect(stored?.hashed_password).toMatch(/^\$argon2id\$/);
  });

  it('refuses a second account with the same email in any case: 409', async () => {
    const admin = await h().asAdmin();
    const existing = await h().signUp();
    for (const email of [existing.email, existing.email.toUpperCase(), ` ${existing.email.replace(/^./, (c) => c.toUpperCase())} `]) {
      expectStatus(await h().post('users/', { as: admin, body: { email, password: 'a good password' } }), 409, TAKEN);
    }
  });

  it('names the field for invalid input: email, password length, missing password, flags', async () => {
    const admin = await h().asAdmin();
    const invalid = (body: unknown) => h().post('users/', { as: admin, body });
    expectInvalidField(await invalid({ email: 'nope', password: 'long enough' }), ['body', 'email'], 'This field must be a valid email');
    expectInvalidField(await invalid({ email: uniqueEmail(), password: 'short' }), ['body', 'password'], 'Minimum length is 8');
    expectInvalidField(await invalid({ email: uniqueEmail(), password: 'x'.repeat(129) }), ['body', 'password'], 'At most 128 characters');
    expectInvalidField(await invalid({ email: uniqueEmail() }), ['body', 'password'], 'This field is required');
    expectInvalidField(await invalid({ password: 'long enough' }), ['body', 'email'], 'This field is required');
    const flags = await invalid({ email: uniqueEmail(), password: 'long enough', is_superuser: 'yes' });
    expect(flags.statusCode).toBe(422);
    expect(flags.json().detail[0]).toMatchObject({ loc: ['body', 'is_superuser'], type: expect.any(String), msg: expect.any(String) });
  });

  it('lists users in creation order with skip and limit, and the total count', async () => {
    const admin = await h().asAdmin();
    for (let i = 0; i < 5; i++) await h().signUp({ full_name: `Paged ${i}` });
    const all = await h().get('users/', { as: admin, query: { limit: 1000 } });
    expectStatus(all, 200);
    const { data, count } = all.json();
    expect(count).toBe(data.length);
    expect(count).toBeGreaterThanOrEqual(6);
    const created = data.map((u: { created_at: string }) => u.created_at);
    expect([...created].sort()).toEqual(created);

    const page = await h().get('users/', { as: admin, query: { skip: 2, limit: 3 } });
    expectStatus(page, 200);
    expect(page.json().count).toBe(count);
    expect(page.json().data.map((u: { id: string }) => u.id)).toEqual(data.slice(2, 5).map((u: { id: string }) => u.id));

    const beyond = await h().get('users/', { as: admin, query: { skip: count + 10 } });
    expect(beyond.json()).toEqual({ data: [], count });

    const firstPage = await h().get('users/', { as: admin });
    expect(firstPage.json().data.length).toBe(Math.min(count, 100));
  });

  it('refuses paging values out of range, naming the query field', async () => {
    const admin = await h().asAdmin();
    expectInvalidField(await h().get('users/', { as: admin, query: { limit: 0 } }), ['query', 'limit'], 'This field must be 1 or more');
    expectInvalidField(await h().get('users/', { as: admin, query: { skip: -1 } }), ['query', 'skip'], 'This field must be 0 or more');
    expectInvalidField(await h().get('users/', { as: admin, query: { limit: 1001 } }), ['query', 'limit'], 'This field must be 1000 or less');
  });

  it('reads one user for the edit screen; unknown id 404, malformed id 422', async () => {
    const admin = await h().asAdmin();
    const carol = await h().signUp({ full_name: 'Carol' });
    const res = await h().get(`users/${carol.id}`, { as: admin });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ id: carol.id, email: carol.email, full_name: 'Carol' });
    expectStatus(await h().get(`users/${randomUUID()}`, { as: admin }), 404, 'User not found');
    expectInvalidField(await h().get('users/42', { as: admin }), ['path', 'user_id'], 'Not a valid user id');
  });

  it('updates a user: name, flags and password; unknown id 404; taken email 409', async () => {
    const admin = await h().asAdmin();
    const dave = await h().signUp({ password: 'old password' });
    const other = await h().signUp();
    const res = await h().put(`users/${dave.id}`, {
      as: admin,
      body: { full_name: 'Dave D.', is_superuser: true, password: 'brand new password' },
    });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ id: dave.id, full_name: 'Dave D.', is_superuser: true, is_active: true, email: dave.email });
    expect(await h().canSignIn(dave.email, 'brand new password')).toBe(true);
    expect(await h().canSignIn(dave.email, 'old password')).toBe(false);

    expectStatus(await h().put(`users/${dave.id}`, { as: admin, body: { email: other.email.toUpperCase() } }), 409, TAKEN);
    expectStatus(await h().put(`users/${randomUUID()}`, { as: admin, body: { full_name: 'Nobody' } }), 404, 'User not found');

    expectStatus(await h().put(`users/${dave.id}`, { as: admin, body: { is_active: false } }), 200);
    expectStatus(await h().get('users/me', { as: dave }), 400, 'Inactive user');
    expect(await h().canSignIn(dave.email, 'brand new password')).toBe(false);
  });

  it('lets a promoted user administer', async () => {
    const admin = await h().asAdmin();
    const erin = await h().signUp();
    expectStatus(await h().get('users/', { as: erin }), 403, "The user doesn't have enough privileges");
    expectStatus(await h().put(`users/${erin.id}`, { as: admin, body: { is_superuser: true } }), 200);
    expectStatus(await h().get('users/', { as: erin }), 200);
  });
}
