import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { ACCESS_TOKEN_ISSUER } from '../../src/security/tokens.js';
import { expectStatus } from '../harness.js';
import type { GetHarness } from '../harness.js';

const NOT_AUTHENTICATED = 'Not authenticated';
const INVALID = 'Could not validate credentials';
const NOT_ALLOWED = "The user doesn't have enough privileges";

function signed(secret: string, claims: { sub: string; iss?: string; expSecondsFromNow: number }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(claims.iss ?? ACCESS_TOKEN_ISSUER)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now + claims.expSecondsFromNow)
    .sign(new TextEncoder().encode(secret));
}

export function authenticationTests(h: GetHarness): void {
  it('refuses a request without a token: 401 Not authenticated, Bearer challenge', async () => {
    const res = await h().get('users/me');
    expectStatus(res, 401, NOT_AUTHENTICATED);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expectStatus(await h().get('users/me', { headers: { authorization: 'Basic abc' } }), 401, NOT_AUTHENTICATED);
  });

  it('refuses a token whose time is up', async () => {
    const alice = await h().signUp();
    const expired = await signed(h().config.secretKey, { sub: alice.id, expSecondsFromNow: -60 });
    const res = await h().get('users/me', { as: expired });
    expectStatus(res, 401, INVALID);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses a tampered token, a token signed with another key and one from another issuer', async () => {
    const alice = await h().signUp();
    const [header, payload, signature] = alice.token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expectStatus(await h().get('users/me', { as: `${header}.${payload}.${flipped}` }), 401, INVALID);

    const otherClaims = Buffer.from(JSON.stringify({ sub: randomUUID(), iss: ACCESS_TOKEN_ISSUER, exp: 9999999999 })).toString('base64url');
    expectStatus(await h().get('users/me', { as: `${header}.${otherClaims}.${signature}` }), 401, INVALID);

    const foreignKey = await signed('another-secret-key-another-secret-key', { sub: alice.id, expSecondsFromNow: 600 });
    expectStatus(await h().get('users/me', { as: foreignKey }), 401, INVALID);

    const foreignIssuer = await signed(h().config.secretKey, { sub: alice.id, iss: 'someone-else', expSecondsFromNow: 600 });
    expectStatus(await h().get('users/me', { as: foreignIssuer }), 401, INVALID);

    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expectStatus(await h().get('users/me', { as: unsigned }), 401, INVALID);
    expectStatus(await h().get('users/me', { as: 'not-a-jwt' }), 401, INVALID);
  });

  it('answers 404 User not found when the token belongs to no account', async () => {
    const token = await h().tokens.issue({ id: randomUUID(), token_version: 0 });
    expectStatus(await h().get('users/me', { as: token }), 404, 'User not found');
  });

  it('refuses an inactive account with 400 Inactive user', async () => {
    const dormant = await h().signUp({ is_active: false });
    expectStatus(await h().get('users/me', { as: dormant }), 400, 'Inactive user');
    expectStatus(await h().put('users/me', { as: dormant, body: { full_name: 'x' } }), 400, 'Inactive user');
  });

  it('keeps every administration call from a normal user (403) and from strangers (401)', async () => {
    const bob = await h().signUp();
    const someone = await h().signUp();
    const adminCalls = [
      () => ['GET', 'users/'] as const,
      () => ['GET', 'users/?skip=0&limit=5'] as const,
      () => ['POST', 'users/', { email: 'x@example.com', password: 'long enough' }] as const,
      () => ['POST', 'users/', { email: 'not an email' }] as const,
      () => ['GET', `users/${someone.id}`] as const,
      () => ['GET', 'users/not-a-uuid'] as const,
      () => ['PUT', `users/${someone.id}`, { is_superuser: true }] as const,
      () => ['PUT', `users/${bob.id}`, { is_superuser: true }] as const,
    ];
    for (const call of adminCalls) {
      const [method, url, body] = call() as readonly [string, string, unknown?];
      const asBob = await h().request(method as 'GET', url, { as: bob, body });
      expectStatus(asBob, 403, NOT_ALLOWED);
      expect(asBob.body).not.toContain(someone.email);
      expectStatus(await h().request(method as 'GET', url, { body }), 401, NOT_AUTHENTICATED);
    }
    const after = await h().get('users/me', { as: bob });
    expect(after.json().is_superuser).toBe(false);
  });
}
