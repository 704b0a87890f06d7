// The boundary between the platform core (config, database, users, tokens) and the sign-in module
// (built-in `eis-wg` OpenID provider, OpenID client for external providers, the two login calls).
// The core builds an `AuthDeps` and registers `auth/index.ts`'s plugin with it; the sign-in module
// never touches SQL or the user table directly.

import type { FastifyInstance } from 'fastify';

export interface AuthUser {
  id: string;
  email: string;
  full_name: string | null;
  is_active: boolean;
  is_superuser: boolean;
}

/** A short-lived record that binds the OAuth `state` to the browser's session id (server-side). */
export interface LoginStateRecord {
  state: string;
  session_id: string;
  nonce: string;
  code_challenge: string;
  redirect_uri: string;
  provider: string;
  expires_at: Date;
}

export interface AuthDeps {
  /** Where the app is reached from the browser, e.g. `http://localhost:8000` (no trailing slash). */
  publicUrl: string;
  /** `eis-wg` (built in) or the name of the configured external provider. */
  authProvider: string;
  isProduction: boolean;
  /** Sign-in completions allowed per client IP and minute (default 20; the browser tests raise it). */
  signInRateLimitPerMinute?: number;
  /** Folder for generated development keys (under DATA_DIR). */
  dataDir: string;
  external?: { issuer: string; clientId: string; clientSecret: string; name: string };
  builtin: { clientId: string; clientSecret: string; cookieKeys: string[]; jwks?: { keys: unknown[] } };
  users: {
    /**
     * Email + password check against the user table (argon2id). Null when wrong; the user, active
     * or not, when right (the sign-in page then tells a deactivated user so).
     */
    verifyCredentials(email: string, password: string): Promise<AuthUser | null>;
    findById(id: string): Promise<AuthUser | null>;
    /** First sign-in through an external provider creates the local user (no password). */
    findOrCreateExternal(input: { email: string; full_name: string | null }): Promise<AuthUser>;
  };
  loginStates: {
    save(record: LoginStateRecord): Promise<void>;
    /** Returns and deletes the record (single use); null when unknown or expired. */
    take(state: string): Promise<LoginStateRecord | null>;
  };
  /**
   * Generic key-value store with expiry, backed by the database (table `oidc_payloads`). Serves as
   * oidc-provider's adapter (one `model` per oidc-provider model name) and for the sign-in module's own
   * short records (for example the ID token kept for RP-initiated logout, model `IdTokenHint`).
   */
  oidcStore: {
    upsert(model: string, id: string, payload: Record<string, unknown>, expiresInSeconds?: number): Promise<void>;
    find(model: string, id: string): Promise<Record<string, unknown> | undefined>;
    findByUid(model: string, uid: string): Promise<Record<string, unknown> | undefined>;
    findByUserCode(model: string, userCode: string): Promise<Record<string, unknown> | undefined>;
    consume(model: string, id: string): Promise<void>;
    destroy(model: string, id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  };
  /** Our own signed access token (JWT, expiry from ACCESS_TOKEN_EXPIRE_MINUTES). */
  issueAccessToken(user: AuthUser, extra?: { sid?: string }): Promise<string>;
  /**
   * Added by the sign-in module (additive): checks one of our own access tokens (signature, issuer,
   * expiry) and answers its claims, or null when it is not valid. `GET /api/v1/login/logout-url`
   * uses the `sid` to find the identity provider's ID token for `id_token_hint`.
   * The core implements it with the same key as `issueAccessToken` (AccessTokenService.verify).
   */
  verifyAccessToken(token: string): Promise<{ sub: string; sid?: string } | null>;
  /**
   * Added by the sign-in module (additive): sign-out. When the token is still valid, ends every
   * session of its user (all access tokens issued so far, and the built-in provider's sessions);
   * an invalid or already ended token changes nothing (docs/adr/0004).
   */
  signOut(accessToken: string): Promise<void>;
  /**
   * Added by the sign-in module (additive, optional): config.trustProxy, for information. The
   * sign-in module does not depend on it: the built-in provider always takes `publicUrl` as its
   * address, and client IPs come from Fastify's `request.ip` (Fastify's own trustProxy).
   */
  trustProxy?: boolean;
}

export type RegisterAuth = (app: FastifyInstance, deps: AuthDeps) => Promise<void>;
