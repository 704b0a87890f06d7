// The sign-in use cases behind the spec's two calls (plus the sign-out address): authorization code
// with PKCE S256, the state bound server-side to the browser's session id, single use, expiring.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { errorDetails, unstorableText } from '@simforge/contracts';
import type { AuthDeps, AuthUser } from './contract.js';
import { OIDC_SCOPE } from './builtin-provider.js';
import { ProviderUnreachableError, describeError, type OidcClients, type ProviderTarget } from './oidc-client.js';

export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;
/** Model name in `oidcStore` for the provider's ID token kept for sign-out (`id_token_hint`). */
export const ID_TOKEN_HINT_MODEL = 'IdTokenHint';

export const loginErrors = {
  badRedirectUri: "redirect_uri must be this site's auth-callback address",
  badPostLogoutRedirectUri: "post_logout_redirect_uri must be this site's loggedout address",
  redirectUriMismatch: 'redirect_uri does not match the one sign-in started with',
  codeVerifierMismatch: 'code_verifier does not match the sign-in request',
  providerUnreachable: 'The identity provider is not reachable',
  noEmail: 'The identity provider did not share an email address for this account',
  emailNotVerified: 'The identity provider has not verified the email address of this account',
} as const;

/** An answer `{"detail": ...}` with a status; the routes turn it into the HTTP reply. */
export class LoginError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'LoginError';
  }
}

export interface LoginService {
  startLogin(input: { redirect_uri: string; session_id: string }): Promise<{ login_url: string; code_verifier: string }>;
  completeLogin(input: {
    redirect_uri: string;
    code: string;
    code_verifier: string;
    state: string;
    iss?: string;
    session_id?: string;
  }): Promise<{ access_token: string; token_type: 'bearer' }>;
  logoutUrl(input: { post_logout_redirect_uri?: string; bearerToken?: string }): Promise<{ logout_url: string }>;
  /** Sign-out: the logout URL (with the ID token hint of this sign-in), then the user's sessions end. */
  logout(input: { post_logout_redirect_uri?: string; bearerToken?: string }): Promise<{ logout_url: string }>;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A claim as text for the user table; one it cannot hold (NUL, an unpaired surrogate) counts as absent. */
function stringClaim(claims: Record<string, unknown>, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() && !unstorableText(value) ? value.trim() : undefined;
}

// Long function: a service factory whose methods share the configuration and stores of one closure.
export function createLoginService(options: {
  deps: AuthDeps;
  target: ProviderTarget;
  clients: OidcClients;
  log: FastifyBaseLogger;
  now?: () => number;
}): LoginService {
  const { deps, target, clients, log } = options;
  const now = options.now ?? Date.now;
  const callbackUrl = `${deps.publicUrl}/auth-callback`;
  const loggedOutUrl = `${deps.publicUrl}/loggedout`;

  async function configuration(): Promise<client.Configuration> {
    try {
      return await clients.configuration(target);
    } catch (error) {
      if (error instanceof ProviderUnreachableError) {
        log.warn({ provider: target.name, reason: error.message }, 'identity provider not reachable');
        throw new LoginError(503, loginErrors.providerUnreachable);
      }
      throw error;
    }
  }

  function checkRedirectUri(value: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new LoginError(400, loginErrors.badRedirectUri);
    }
    const expected = new URL(callbackUrl);
    const exact =
      url.origin === expected.origin &&
      url.pathname === expected.pathname &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password;
    if (!exact) {
      if (url.origin !== expected.origin) {
        // Usually the browser opened the app at another address than PUBLIC_URL (127.0.0.1 for
        // localhost, an IP for a host name): say which one works.
        log.warn(
          { redirect_uri: `${url.origin}${url.pathname}`, publicUrl: deps.publicUrl },
          `Sign-in refused: the browser is at ${url.origin}, but PUBLIC_URL is ${deps.publicUrl}. Open SimForge at ${deps.publicUrl}, or set PUBLIC_URL to the address browsers use.`,
        );
      }
      throw new LoginError(400, loginErrors.badRedirectUri);
    }
    return callbackUrl;
  }

  /** The local user for the ID token (and, for external providers, userinfo) claims. */
  async function userFor(
    config: client.Configuration,
    tokens: client.TokenEndpointResponse,
    claims: Record<string, unknown> & { sub: string },
  ): Promise<AuthUser | null> {
    if (target.builtin) return deps.users.findById(claims.sub);

    let merged: Record<string, unknown> = claims;
    if (!stringClaim(claims, 'email') && config.serverMetadata().userinfo_endpoint) {
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        merged = { ...claims, ...info };
      } catch (error) {
        log.warn({ provider: target.name, reason: describeError(error) }, 'userinfo request failed');
        throw new LoginError(400, errorDetails.loginFailed);
      }
    }
    const email = stringClaim(merged, 'email');
    if (!email) throw new LoginError(400, loginErrors.noEmail);
    if (merged.email_verified === false || merged.email_verified === 'false') {
      throw new LoginError(400, loginErrors.emailNotVerified);
    }
    const joined = [stringClaim(merged, 'given_name'), stringClaim(merged, 'family_name')].filter(Boolean).join(' ');
    const fullName = stringClaim(merged, 'name') ?? (joined || null);
    return deps.users.findOrCreateExternal({ email, full_name: fullName });
  }

  async function keepIdToken(sid: string, idToken: string, user: AuthUser, accessToken: string): Promise<void> {
    let ttl = 8 * 60 * 60;
    try {
      const { exp } = decodeJwt(accessToken);
      if (typeof exp === 'number') ttl = Math.max(60, exp - Math.floor(now() / 1000));
    } catch {
      // not a JWT we can read: keep the default lifetime
    }
    try {
      await deps.oidcStore.upsert(ID_TOKEN_HINT_MODEL, sid, { id_token: idToken, provider: target.name, sub: user.id }, ttl);
    } catch (error) {
      // Sign-in still works; sign-out will then ask the user to confirm at the provider.
      log.warn({ reason: describeError(error) }, 'cannot keep the ID token for sign-out');
    }
  }

  const service: LoginService = {
    async startLogin(input) {
      const redirectUri = checkRedirectUri(input.redirect_uri);
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
      const state = client.randomState();
      const nonce = client.randomNonce();
      await deps.loginStates.save({
        state,
        session_id: input.session_id,
        nonce,
        code_challenge: codeChallenge,
        redirect_uri: redirectUri,
        provider: target.name,
        expires_at: new Date(now() + LOGIN_STATE_TTL_MS),
      });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPE,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return { login_url: url.href, code_verifier: codeVerifier };
    },

    async completeLogin(input) {
      const record = await deps.loginStates.take(input.state);
      if (
        !record ||
        record.expires_at.getTime() <= now() ||
        record.provider !== target.name ||
        (input.session_id !== undefined && input.session_id !== record.session_id)
      ) {
        throw new LoginError(400, errorDetails.invalidLoginState);
      }
      if (input.redirect_uri !== record.redirect_uri) throw new LoginError(400, loginErrors.redirectUriMismatch);
      const challenge = await client.calculatePKCECodeChallenge(input.code_verifier);
      if (!sameSecret(challenge, record.code_challenge)) throw new LoginError(400, loginErrors.codeVerifierMismatch);

      const config = await configuration();
      // The authorization response as the browser received it. `iss` (RFC 9207) is not among the
      // spec's fields: when the app does not pass it on, it is the issuer this state was made for.
      const response = new URL(record.redirect_uri);
      response.searchParams.set('code', input.code);
      response.searchParams.set('state', input.state);
      response.searchParams.set('iss', input.iss ?? config.serverMetadata().issuer);

      let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
      try {
        tokens = await client.authorizationCodeGrant(config, response, {
          pkceCodeVerifier: input.code_verifier,
          expectedState: record.state,
          expectedNonce: record.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        log.warn({ provider: target.name, reason: describeError(error) }, 'authorization code exchange failed');
        throw new LoginError(400, errorDetails.loginFailed);
      }
      const claims = tokens.claims();
      if (!claims?.sub) throw new LoginError(400, errorDetails.loginFailed);

      const user = await userFor(config, tokens, claims as Record<string, unknown> & { sub: string });
      if (!user) throw new LoginError(400, errorDetails.loginFailed);
      if (!user.is_active) throw new LoginError(400, errorDetails.inactiveUser);

      const sid = randomBytes(24).toString('base64url');
      const accessToken = await deps.issueAccessToken(user, { sid });
      if (tokens.id_token) await keepIdToken(sid, tokens.id_token, user, accessToken);
      return { access_token: accessToken, token_type: 'bearer' };
    },

    async logoutUrl(input) {
      const postLogout = input.post_logout_redirect_uri ?? loggedOutUrl;
      if (postLogout !== loggedOutUrl) throw new LoginError(400, loginErrors.badPostLogoutRedirectUri);

      let idTokenHint: string | undefined;
      if (input.bearerToken) {
        const claims = await deps.verifyAccessToken(input.bearerToken);
        if (claims?.sid) {
          const kept = await deps.oidcStore.find(ID_TOKEN_HINT_MODEL, claims.sid);
          if (kept && kept.provider === target.name && kept.sub === claims.sub && typeof kept.id_token === 'string') {
            idTokenHint = kept.id_token;
          }
        }
      }

      let config: client.Configuration;
      try {
        config = await clients.configuration(target);
      } catch {
        // Nothing to end at a provider we cannot reach; the app's own sign-out still happens.
        return { logout_url: postLogout };
      }
      if (!config.serverMetadata().end_session_endpoint) return { logout_url: postLogout };
      const url = client.buildEndSessionUrl(config, {
        post_logout_redirect_uri: postLogout,
        ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
      });
      return { logout_url: url.href };
    },

    async logout(input) {
      const answer = await service.logoutUrl(input);
      if (input.bearerToken) await deps.signOut(input.bearerToken);
      return answer;
    },
  };
  return service;
}
