// In-memory AuthDeps for the sign-in module's tests (the real ones are backed by the database).
// Passwords are compared in plain text: test accounts only.

import { randomBytes } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, jwtVerify, type JWK } from 'jose';
import type { AuthDeps, AuthUser, LoginStateRecord } from '../../../src/auth/contract.js';

export interface TestAccount extends AuthUser {
  password: string | null;
}

let sharedJwks: Promise<{ keys: JWK[] }> | undefined;

/** One RS256 signing key per test process (key generation costs tens of milliseconds). */
export function testJwks(): Promise<{ keys: JWK[] }> {
  sharedJwks ??= (async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' }] };
  })();
  return sharedJwks;
}

export interface MemoryDeps {
  deps: AuthDeps;
  accounts: Map<string, TestAccount>;
  /** Live login states by `state` (tests tamper with them). */
  loginStates: Map<string, LoginStateRecord>;
  /** Every login state ever saved, in order (tests replay them). */
  savedStates: LoginStateRecord[];
  /** oidcStore contents by `${model}\n${id}`. */
  oidc: Map<string, { payload: Record<string, unknown>; expiresAt?: number }>;
  addAccount(input: Partial<TestAccount> & { email: string }): TestAccount;
  createdExternal: AuthUser[];
  /** The access tokens the sign-in module asked to sign out, in order. */
  signedOut: string[];
}

export async function createMemoryDeps(options: {
  publicUrl: string;
  authProvider?: string;
  external?: AuthDeps['external'];
  accessTokenMinutes?: number;
}): Promise<MemoryDeps> {
  const accounts = new Map<string, TestAccount>();
  const loginStates = new Map<string, LoginStateRecord>();
  const savedStates: LoginStateRecord[] = [];
  const oidc = new Map<string, { payload: Record<string, unknown>; expiresAt?: number }>();
  const createdExternal: AuthUser[] = [];
  const signedOut: string[] = [];
  const tokenKey = randomBytes(32);
  const publicUser = ({ password: _password, ...user }: TestAccount): AuthUser => ({ ...user });
  const byEmail = (email: string) =>
    [...accounts.values()].find((a) => a.email.toLowerCase() === email.trim().toLowerCase());

  function addAccount(input: Partial<TestAccount> & { email: string }): TestAccount {
    const account: TestAccount = {
      id: input.id ?? crypto.randomUUID(),
      email: input.email,
      full_name: input.full_name ?? null,
      is_active: input.is_active ?? true,
      is_superuser: input.is_superuser ?? false,
      password: input.password ?? null,
    };
    accounts.set(account.id, account);
    return account;
  }

  const live = (key: string) => {
    const entry = oidc.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      oidc.delete(key);
      return undefined;
    }
    return entry;
  };
  const findBy = (model: string, field: string, value: string) => {
    for (const [key, entry] of oidc) {
      if (key.startsWith(`${model}\n`) && entry.payload[field] === value && live(key)) return structuredClone(entry.payload);
    }
    return undefined;
  };

  const deps: AuthDeps = {
    publicUrl: options.publicUrl,
    authProvider: options.authProvider ?? options.external?.name ?? 'eis-wg',
    isProduction: false,
    dataDir: '/nonexistent',
    ...(options.external ? { external: options.external } : {}),
    builtin: {
      clientId: 'simforge-web',
      clientSecret: randomBytes(24).toString('base64url'),
      cookieKeys: [randomBytes(24).toString('base64url')],
      jwks: await testJwks(),
    },
    users: {
      async verifyCredentials(email, password) {
        const account = byEmail(email);
        if (!account || account.password === null || account.password !== password) return null;
        return publicUser(account);
      },
      async findById(id) {
        const account = accounts.get(id);
        return account ? publicUser(account) : null;
      },
      async findOrCreateExternal({ email, full_name }) {
        const existing = byEmail(email);
        if (existing) return publicUser(existing);
        const created = publicUser(addAccount({ email, full_name }));
        createdExternal.push(created);
        return created;
      },
    },
    loginStates: {
      async save(record) {
        loginStates.set(record.state, { ...record });
        savedStates.push({ ...record });
      },
      async take(state) {
        const record = loginStates.get(state);
        loginStates.delete(state);
        if (!record || record.expires_at.getTime() <= Date.now()) return null;
        return record;
      },
    },
    oidcStore: {
      async upsert(model, id, payload, expiresInSeconds) {
        oidc.set(`${model}\n${id}`, {
          payload: structuredClone(payload),
          ...(expiresInSeconds ? { expiresAt: Date.now() + expiresInSeconds * 1000 } : {}),
        });
      },
      async find(model, id) {
        const entry = live(`${model}\n${id}`);
        return entry ? structuredClone(entry.payload) : undefined;
      },
      async findByUid(model, uid) {
        return findBy(model, 'uid', uid);
      },
      async findByUserCode(model, userCode) {
        return findBy(model, 'userCode', userCode);
      },
      async consume(model, id) {
        const entry = live(`${model}\n${id}`);
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(model, id) {
        oidc.delete(`${model}\n${id}`);
      },
      async revokeByGrantId(grantId) {
        for (const [key, entry] of oidc) if (entry.payload.grantId === grantId) oidc.delete(key);
      },
    },
    async issueAccessToken(user, extra) {
      return new SignJWT(extra?.sid ? { sid: extra.sid } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer('simforge-api')
        .setIssuedAt()
        .setExpirationTime(`${options.accessTokenMinutes ?? 480} minutes`)
        .sign(tokenKey);
    },
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, tokenKey, { algorithms: ['HS256'], issuer: 'simforge-api' });
        if (typeof payload.sub !== 'string') return null;
        return typeof payload.sid === 'string' ? { sub: payload.sub, sid: payload.sid } : { sub: payload.sub };
      } catch {
        return null;
      }
    },
    async signOut(token) {
      signedOut.push(token);
    },
  };

  return { deps, accounts, loginStates, savedStates, oidc, addAccount, createdExternal, signedOut };
}
