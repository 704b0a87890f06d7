// Our own access tokens: HS256 JWTs signed with SECRET_KEY, claims sub (user id), iat, exp, iss, ver
// (the user's token version when it was issued: the current-user check refuses a token whose
// version is no longer the user's) and an optional sid (the sign-in session at the identity
// provider, for sign-out). Verification pins the algorithm, so a token signed with `none` or an
// asymmetric algorithm is refused.

import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_ISSUER = 'simforge-api';
const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  sub: string;
  /** The token version it was issued under; tokens from before versions existed count as 0. */
  ver: number;
  sid?: string;
}

/** Whom a token is for: the user's id and current token version. */
export interface TokenSubject {
  id: string;
  token_version: number;
}

export interface AccessTokenService {
  issue(user: TokenSubject, extra?: { sid?: string }): Promise<string>;
  /** The claims of a valid token; null for a bad signature, an expired token or a foreign issuer. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

export function createAccessTokens(options: { secretKey: string; expireMinutes: number }): AccessTokenService {
  const key = new TextEncoder().encode(options.secretKey);
  return {
    async issue(user, extra = {}) {
      const jwt = new SignJWT({ ver: user.token_version, ...(extra.sid ? { sid: extra.sid } : {}) })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${options.expireMinutes} minutes`);
      return jwt.sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ACCESS_TOKEN_ISSUER });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        const ver = payload.ver === undefined ? 0 : payload.ver;
        if (typeof ver !== 'number' || !Number.isInteger(ver)) return null;
        return typeof payload.sid === 'string' ? { sub: payload.sub, ver, sid: payload.sid } : { sub: payload.sub, ver };
      } catch {
        return null;
      }
    },
  };
}

/** A random URL-safe token (256 bits) for links sent by email. */
export function randomUrlToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a mailed token: its SHA-256, so a leaked table cannot reset passwords. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
