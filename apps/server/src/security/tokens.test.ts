import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_ISSUER, createAccessTokens, randomUrlToken, sha256Hex } from './tokens.js';

const secretKey = 'unit-test-secret-unit-test-secret';

describe('access tokens', () => {
  it('carry sub, iat, exp (from the configured minutes), iss, the token version and an optional sid', async () => {
    const tokens = createAccessTokens({ secretKey, expireMinutes: 480 });
    const token = await tokens.issue({ id: '3f1c1f4e-7f57-4f2c-9d44-1c8b1f0e0a11', token_version: 3 }, { sid: 'abc' });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: '3f1c1f4e-7f57-4f2c-9d44-1c8b1f0e0a11', iss: ACCESS_TOKEN_ISSUER, sid: 'abc', ver: 3 });
    expect(claims.exp! - claims.iat!).toBe(480 * 60);
    expect(await tokens.verify(token)).toEqual({ sub: '3f1c1f4e-7f57-4f2c-9d44-1c8b1f0e0a11', ver: 3, sid: 'abc' });
    expect(await tokens.verify(await tokens.issue({ id: 'u', token_version: 0 }))).toEqual({ sub: 'u', ver: 0 });
  });

  it('read a token without a version as version 0, and refuse a malformed version', async () => {
    const tokens = createAccessTokens({ secretKey, expireMinutes: 5 });
    const key = new TextEncoder().encode(secretKey);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setIssuer(ACCESS_TOKEN_ISSUER).setExpirationTime('5m').sign(key);
    expect(await tokens.verify(await sign({}))).toEqual({ sub: 'u', ver: 0 });
    expect(await tokens.verify(await sign({ ver: '1' }))).toBeNull();
    expect(await tokens.verify(await sign({ ver: 1.5 }))).toBeNull();
  });

  it('are refused when expired, signed with another key or by another issuer', async () => {
    const tokens = createAccessTokens({ secretKey, expireMinutes: 5 });
    const key = new TextEncoder().encode(secretKey);
    const past = Math.floor(Date.now() / 1000) - 120;
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setIssuer(ACCESS_TOKEN_ISSUER).setExpirationTime(past).sign(key);
    expect(await tokens.verify(expired)).toBeNull();
    const other = createAccessTokens({ secretKey: 'another-secret-another-secret', expireMinutes: 5 });
    expect(await tokens.verify(await other.issue({ id: 'u', token_version: 0 }))).toBeNull();
    const foreign = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setIssuer('elsewhere').setExpirationTime('5m').sign(key);
    expect(await tokens.verify(foreign)).toBeNull();
    const noExpiry = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setIssuer(ACCESS_TOKEN_ISSUER).sign(key);
    expect(await tokens.verify(noExpiry)).toBeNull();
  });
});

describe('mailed tokens', () => {
  it('are 256-bit URL-safe strings stored as SHA-256 hex', () => {
    const token = randomUrlToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomUrlToken()).not.toBe(token);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
