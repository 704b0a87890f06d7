// The OpenID client side: which provider signs users in, and its discovered configuration
// (openid-client), cached per provider. The built-in provider is reached over HTTP like any other.

import * as client from 'openid-client';
import type { AuthDeps } from './contract.js';
import { builtinIssuer } from './builtin-provider.js';

export interface ProviderTarget {
  /** `eis-wg` or the external provider's name; stored with each login state. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  builtin: boolean;
  /** Pinned ID-token algorithm (known for the built-in provider only). */
  idTokenAlg?: string;
}

/** The provider that signs users in: the external one when configured, else the built-in one. */
export function activeProvider(deps: AuthDeps, builtinIdTokenAlg: string): ProviderTarget {
  if (deps.external) {
    return {
      name: deps.external.name || deps.authProvider,
      issuer: deps.external.issuer,
      clientId: deps.external.clientId,
      clientSecret: deps.external.clientSecret,
      builtin: false,
    };
  }
  return {
    name: deps.authProvider,
    issuer: builtinIssuer(deps.publicUrl),
    clientId: deps.builtin.clientId,
    clientSecret: deps.builtin.clientSecret,
    builtin: true,
    idTokenAlg: builtinIdTokenAlg,
  };
}

export class ProviderUnreachableError extends Error {
  constructor(readonly issuer: string, cause: unknown) {
    super(`OpenID discovery failed for ${issuer}: ${describeError(cause)}`);
    this.name = 'ProviderUnreachableError';
  }
}

/** A log-safe one-line description of an openid-client / fetch error (never tokens or codes). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const e = error as Error & { code?: unknown; error?: unknown; error_description?: unknown; cause?: unknown };
  const parts = [e.name];
  if (typeof e.code === 'string') parts.push(e.code);
  if (typeof e.error === 'string') parts.push(e.error);
  if (typeof e.error_description === 'string') parts.push(e.error_description);
  parts.push(e.message);
  const cause = e.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause === 'object' && typeof cause.code === 'string') parts.push(`cause ${cause.code}`);
  return parts.join(': ');
}

export interface OidcClients {
  /** The provider's configuration; throws ProviderUnreachableError when discovery fails. */
  configuration(target: ProviderTarget): Promise<client.Configuration>;
}

export function createOidcClients(options: {
  isProduction: boolean;
  /** How long a discovered configuration is reused. */
  cacheMs?: number;
  /** Per-request timeout in seconds for discovery, token and userinfo calls. */
  timeoutSeconds?: number;
}): OidcClients {
  const cacheMs = options.cacheMs ?? 60 * 60 * 1000;
  const cache = new Map<string, { config: Promise<client.Configuration>; expiresAt: number }>();

  function discover(target: ProviderTarget): Promise<client.Configuration> {
    const issuer = new URL(target.issuer);
    // Plain HTTP: the built-in provider is this very server (its scheme is the site's own); an
    // external provider only outside production (openid-client refuses HTTP otherwise).
    const insecure = issuer.protocol === 'http:' && (target.builtin || !options.isProduction);
    const metadata: Partial<client.ClientMetadata> = {};
    if (target.clientSecret) metadata.client_secret = target.clientSecret;
    if (target.idTokenAlg) metadata.id_token_signed_response_alg = target.idTokenAlg;
    const auth = target.clientSecret ? client.ClientSecretBasic(target.clientSecret) : client.None();
    return client.discovery(issuer, target.clientId, metadata, auth, {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: options.timeoutSeconds ?? 10,
    });
  }

  return {
    configuration(target) {
      const key = `${target.name}\n${target.issuer}\n${target.clientId}`;
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now) return hit.config;
      const config = discover(target).catch((error: unknown) => {
        // A failure is not cached: the next sign-in tries again.
        if (cache.get(key)?.config === config) cache.delete(key);
        throw new ProviderUnreachableError(target.issuer, error);
      });
      cache.set(key, { config, expiresAt: now + cacheMs });
      return config;
    },
  };
}
