import { expect, it } from 'vitest';
import { expectInvalidField, expectStatus, uniqueEmail } from '../harness.js';
import type { GetHarness } from '../harness.js';

export function profileTests(h: GetHarness): void {
  it('deletes one’s own account with its simulations; a superuser keeps theirs', async () => {
    const me = await h().signUp({ password: 'leaving password 1' });
    const res0 = await h().post('simulations/', { as: me, body: { title: 'Mine', type: 'CIRCULAR_PIPE' } });
    expectStatus(res0, 201);
    const res = await h().delete('users/me', { as: me });
    expectStatus(res, 200);
    expect(res.json()).toEqual({ msg: 'User deleted successfully' });
    expect(await h().repos.simulations.findById(res0.json().id)).toBeNull();
    expect(await h().canSignIn(me.email, 'leaving password 1')).toBe(false);
    expect((await h().get('users/me', { as: me })).statusCode).toBeGreaterThanOrEqual(400);
    const admin = await h().asAdmin();
    expectStatus(await h().delete('users/me', { as: admin }), 403, 'Super users are not allowed to delete themselves');
  });

  it('shows my profile with is_anonymous false and no password hash', async () => {
    const alice = await h().signUp({ full_name: 'Alice Engineer' });
    const res = await h().get('users/me', { as: alice });
    expectStatus(res, 200);
    const body = res.json();
    expect(body).toEqual({
      id: alice.id,
      email: alice.email,
      full_name: 'Alice Engineer',
      is_active: true,
      is_superuser: false,
      is_anonymous: false,
      created_at: expect.any(String),
    });
    expect(new Date(body.created_at).toString()).not.toBe('Invalid Date');
    expect(res.body).not.toContain('argon2');
  });

  it('updates my name and email', async () => {
    const alice = await h().signUp();
    const email = uniqueEmail('renamed');
    const res = await h().put('users/me', { as: alice, body: { full_name: 'Alice B.', email, current_password: alice.password } });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ full_name: 'Alice B.', email });
    expect((await h().get('users/me', { as: alice })).json()).toMatchObject({ full_name: 'Alice B.', email });
  });

  it('lets me change the case of my own email but not take someone else’s (any case): 409', async () => {
    const alice = await h().signUp();
    const bob = await h().signUp();
    expectStatus(await h().put('users/me', { as: alice, body: { email: alice.email.toUpperCase() } }), 200);
    const mine = { current_password: alice.password };
    expectStatus(await h().put('users/me', { as: alice, body: { email: bob.email.toUpperCase(), ...mine } }), 409, 'A user with this email already exists');
    expectStatus(await h().put('users/me', { as: alice, body: { email: `  ${bob.email}  `, ...mine } }), 409, 'A user with this email already exists');
  });

  it('cannot make myself a superuser', async () => {
    const alice = await h().signUp();
    const res = await h().put('users/me', { as: alice, body: { is_superuser: true, full_name: 'Sneaky' } });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ is_superuser: false, full_name: 'Sneaky' });
  });

  it('needs the current password to change mine', async () => {
    const alice = await h().signUp({ password: 'first password' });
    expectStatus(await h().put('users/me', { as: alice, body: { password: 'second password' } }), 400, 'Incorrect password');
    expectStatus(
      await h().put('users/me', { as: alice, body: { password: 'second password', current_password: 'wrong password' } }),
      400,
      'Incorrect password',
    );
    expectStatus(
      await h().put('users/me', { as: alice, body: { password: 'first password', current_password: 'first password' } }),
      400,
      'New password cannot be the same as the current one',
    );
    expect(await h().canSignIn(alice.email, 'first password')).toBe(true);

    expectStatus(await h().put('users/me', { as: alice, body: { password: 'second password', current_password: 'first password' } }), 200);
    expect(await h().canSignIn(alice.email, 'second password')).toBe(true);
    expect(await h().canSignIn(alice.email, 'first password')).toBe(false);
  });

  it('names the offending field when my input is invalid (422)', async () => {
    const alice = await h().signUp();
    expectInvalidField(await h().put('users/me', { as: alice, body: { email: 'not-an-email' } }), ['body', 'email'], 'This field must be a valid email');
    expectInvalidField(
      await h().put('users/me', { as: alice, body: { password: 'short', current_password: alice.password } }),
      ['body', 'password'],
      'Minimum length is 8',
    );
    expectInvalidField(await h().put('users/me', { as: alice, body: { full_name: 'x'.repeat(256) } }), ['body', 'full_name'], 'At most 255 characters');
  });
}
