// The storage the sign-in module relies on (through AuthDeps) and the first superuser.

import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { LoginStateRecord } from '../../src/auth/contract.js';
import { ensureFirstSuperuser } from '../../src/services/first-superuser.js';
import { verifyPassword } from '../../src/security/passwords.js';
import { uniqueEmail } from '../harness.js';
import type { GetHarness } from '../harness.js';

const id = () => randomBytes(8).toString('hex');

function loginState(h: GetHarness, minutes: number): LoginStateRecord {
  return {
    state: id(),
    session_id: id(),
    nonce: id(),
    code_challenge: id(),
    redirect_uri: 'http://simforge.test/auth-callback',
    provider: 'eis-wg',
    expires_at: new Date(h().clock.now().getTime() + minutes * 60_000),
  };
}

export function accountStoreTests(h: GetHarness): void {
  it('hands the sign-in module a complete AuthDeps from the configuration', () => {
    const deps = h().authDeps!;
    expect(deps).toBeDefined();
    expect(deps).toMatchObject({
      publicUrl: 'http://simforge.test',
      authProvider: 'eis-wg',
      isProduction: false,
      dataDir: h().config.dataDir,
      builtin: { clientId: 'simforge-web', clientSecret: expect.any(String), cookieKeys: [expect.any(String)] },
    });
    expect(deps.builtin.jwks?.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', kid: expect.any(String), d: expect.any(String) });
  });

  it('issues access tokens the API accepts and verifies them for the sign-in module', async () => {
    const deps = h().authDeps!;
    const kim = await h().signUp();
    const user = await deps.users.findById(kim.id);
    const token = await deps.issueAccessToken(user!, { sid: 'session-1' });
    expect((await h().get('users/me', { as: token })).statusCode).toBe(200);
    expect(await deps.verifyAccessToken(token)).toEqual({ sub: kim.id, ver: 0, sid: 'session-1' });
    expect(await deps.verifyAccessToken(`${token}x`)).toBeNull();
  });

  it('checks credentials: right password only, email in any case; a deactivated account is answered as such', async () => {
    const deps = h().authDeps!;
    const leo = await h().signUp({ password: 'leo password' });
    expect(await deps.users.verifyCredentials(leo.email.toUpperCase(), 'leo password')).toMatchObject({ id: leo.id, email: leo.email });
    expect(await deps.users.verifyCredentials(leo.email, 'wrong password')).toBeNull();
    expect(await deps.users.verifyCredentials(uniqueEmail('ghost'), 'leo password')).toBeNull();
    const dormant = await h().signUp({ is_active: false, password: 'dormant password' });
    // The sign-in page then says the account is deactivated (it never says so for a wrong password).
    expect(await deps.users.verifyCredentials(dormant.email, 'dormant password')).toMatchObject({ id: dormant.id, is_active: false });
    expect(await deps.users.verifyCredentials(dormant.email, 'wrong password')).toBeNull();
  });

  it('creates an external user on first sign-in and finds them afterwards', async () => {
    const deps = h().authDeps!;
    const email = uniqueEmail('sso');
    const first = await deps.users.findOrCreateExternal({ email, full_name: 'Single Sign-On' });
    expect(first).toMatchObject({ email, full_name: 'Single Sign-On', is_active: true, is_superuser: false });
    const again = await deps.users.findOrCreateExternal({ email: email.toUpperCase(), full_name: 'Other Name' });
    expect(again.id).toBe(first.id);
    const row = await h().repos.users.findById(first.id);
    expect(row?.hashed_password).toBeNull();
    expect(await deps.users.verifyCredentials(email, '')).toBeNull();
    const [a, b] = await Promise.all([
      deps.users.findOrCreateExternal({ email: `race.${email}`, full_name: null }),
      deps.users.findOrCreateExternal({ email: `race.${email}`, full_name: null }),
    ]);
    expect(a.id).toBe(b.id);
  });

  it('takes a login state once, and not after it expired', async () => {
    const { loginStates } = h().authDeps!;
    const fresh = loginState(h, 10);
    await loginStates.save(fresh);
    expect(await loginStates.take(fresh.state)).toEqual(fresh);
    expect(await loginStates.take(fresh.state)).toBeNull();

    const stale = loginState(h, 10);
    await loginStates.save(stale);
    h().clock.advance(11 * 60_000);
    try {
      expect(await loginStates.take(stale.state)).toBeNull();
    } finally {
      h().clock.advance(-11 * 60_000);
    }
    expect(await loginStates.take('never-saved')).toBeNull();
  });

  it('stores oidc-provider records with expiry, consumption, look-ups and grant revocation', async () => {
    const store = h().authDeps!.oidcStore;
    const grantId = id();
    await store.upsert('AuthorizationCode', 'code-1', { grantId, uid: 'uid-1', accountId: 'a' }, 600);
    await store.upsert('AccessToken', 'at-1', { grantId }, 600);
    await store.upsert('DeviceCode', 'dc-1', { userCode: 'USER-CODE', grantId: id() }, 600);
    await store.upsert('Session', 'forever', { uid: 'session-uid' });

    expect(await store.find('AuthorizationCode', 'code-1')).toEqual({ grantId, uid: 'uid-1', accountId: 'a' });
    expect(await store.find('AccessToken', 'code-1')).toBeUndefined();
    expect(await store.findByUid('AuthorizationCode', 'uid-1')).toMatchObject({ accountId: 'a' });
    expect(await store.findByUserCode('DeviceCode', 'USER-CODE')).toMatchObject({ userCode: 'USER-CODE' });
    expect(await store.findByUid('Session', 'session-uid')).toEqual({ uid: 'session-uid' });

    await store.consume('AuthorizationCode', 'code-1');
    expect(await store.find('AuthorizationCode', 'code-1')).toMatchObject({ consumed: true });

    await store.upsert('AuthorizationCode', 'code-1', { grantId, uid: 'uid-1', accountId: 'b' }, 600);
    expect(await store.find('AuthorizationCode', 'code-1')).toEqual({ grantId, uid: 'uid-1', accountId: 'b' });

    await store.revokeByGrantId(grantId);
    expect(await store.find('AuthorizationCode', 'code-1')).toBeUndefined();
    expect(await store.find('AccessToken', 'at-1')).toBeUndefined();
    expect(await store.findByUserCode('DeviceCode', 'USER-CODE')).toBeDefined();

    await store.upsert('Interaction', 'short', { uid: 'x' }, 60);
    h().clock.advance(2 * 60_000);
    try {
      expect(await store.find('Interaction', 'short')).toBeUndefined();
      expect(await store.find('Session', 'forever')).toBeDefined();
    } finally {
      h().clock.advance(-2 * 60_000);
    }
    await store.destroy('Session', 'forever');
    expect(await store.find('Session', 'forever')).toBeUndefined();
  });

  it('creates the first superuser once, with a generated password when none is configured', async () => {
    const email = uniqueEmail('first-admin');
    const first = await ensureFirstSuperuser(h().repos.users, { email, password: null });
    expect(first).toMatchObject({ created: true, email, generatedPassword: expect.any(String) });
    const password = first.created ? first.generatedPassword! : '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const row = await h().repos.users.findByEmail(email);
    expect(row).toMatchObject({ is_superuser: true, is_active: true });
    expect(await verifyPassword(row!.hashed_password!, password)).toBe(true);

    expect(await ensureFirstSuperuser(h().repos.users, { email: email.toUpperCase(), password: null })).toEqual({
      created: false,
      email: email.toUpperCase(),
    });

    const configured = uniqueEmail('configured-admin');
    expect(await ensureFirstSuperuser(h().repos.users, { email: configured, password: 'configured password' })).toEqual({
      created: true,
      email: configured,
      generatedPassword: null,
    });
    expect(await h().canSignIn(configured, 'configured password')).toBe(true);
  });
}
