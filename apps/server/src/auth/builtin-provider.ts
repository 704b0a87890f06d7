// The built-in OpenID provider `eis-wg` (oidc-provider, a Koa application) and its configuration.
// It is mounted inside the Fastify server under `<publicUrl>/oidc` by `mount.ts`, which also serves
// its sign-in page; the sign-out and error pages are configured here (markup in `pages.ts`).

import type { FastifyBaseLogger } from 'fastify';
import Provider from 'oidc-provider';
import type {
  Account,
  CookiesSetOptions,
  Configuration,
  ErrorOut,
  Grant,
  JWKS,
  KoaContextWithOIDC,
  SigningAlgorithm,
} from 'oidc-provider';
import { errorDetails } from '@simforge/contracts';
import type { AuthDeps } from './contract.js';
import { createOidcAdapter } from './oidc-adapter.js';
import { PAGE_CSP, logoutPage, messagePage } from './pages.js';

export const OIDC_SCOPE = 'openid email profile';

/** Lifetimes in seconds. */
export const BUILTIN_TTL = {
  Interaction: 10 * 60,
  Session: 8 * 60 * 60,
  Grant: 8 * 60 * 60,
  AuthorizationCode: 60,
  AccessToken: 10 * 60,
  IdToken: 10 * 60,
} as const;

export interface BuiltinProvider {
  provider: Provider;
  issuer: string;
  /** Path part of the issuer, e.g. `/oidc`: where the provider is mounted. */
  mountPath: string;
  /** `alg` of the ID tokens it signs (from the first signing key). */
  idTokenAlg: string;
}

export function builtinIssuer(publicUrl: string): string {
  return `${publicUrl}/oidc`;
}

/** The JWS algorithm for a signing key: its own `alg`, else the usual one for its key type. */
export function signingAlgFor(jwk: Record<string, unknown> | undefined): string {
  if (!jwk) return 'RS256';
  if (typeof jwk.alg === 'string') return jwk.alg;
  if (jwk.kty === 'EC') return jwk.crv === 'P-384' ? 'ES384' : jwk.crv === 'P-521' ? 'ES512' : 'ES256';
  if (jwk.kty === 'OKP') return 'EdDSA';
  return 'RS256';
}

// Long function: the oidc-provider configuration, one object literal with its callbacks.
export function createBuiltinProvider(deps: AuthDeps, log: FastifyBaseLogger): BuiltinProvider {
  const { publicUrl } = deps;
  const issuer = builtinIssuer(publicUrl);
  const mountPath = new URL(issuer).pathname.replace(/\/+$/, '');
  const jwks = deps.builtin.jwks;
  if (!jwks?.keys?.length) {
    throw new Error('The built-in OpenID provider needs signing keys (AuthDeps.builtin.jwks)');
  }
  if (!deps.builtin.cookieKeys.length) {
    throw new Error('The built-in OpenID provider needs cookie signing keys (AuthDeps.builtin.cookieKeys)');
  }
  const idTokenAlg = signingAlgFor(jwks.keys[0] as Record<string, unknown>);
  const clientId = deps.builtin.clientId;
  const loggedOutUrl = `${publicUrl}/loggedout`;

  // The session cookie only needs to reach the provider's own paths.
  const longCookie: CookiesSetOptions = { httpOnly: true, sameSite: 'lax', path: `${mountPath}/` };
  const shortCookie: CookiesSetOptions = { httpOnly: true, sameSite: 'lax' };

  function sendHtml(ctx: KoaContextWithOIDC, html: string): void {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', PAGE_CSP);
    ctx.body = html;
  }

  async function findAccount(_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> {
    // An inactive user keeps a provider session; the app's callback answers `Inactive user`.
    const user = await deps.users.findById(sub);
    if (!user) return undefined;
    return {
      accountId: user.id,
      claims: () => ({
        sub: user.id,
        email: user.email,
        ...(user.full_name ? { name: user.full_name } : {}),
      }),
    };
  }

  // Our own web app is a first-party client: consent is implied, so the grant is created here
  // instead of showing a consent screen.
  async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
    const client = ctx.oidc.client;
    const session = ctx.oidc.session;
    if (!client || !session) return undefined;
    const grantId =
      (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
    if (grantId) {
      const existing = await ctx.oidc.provider.Grant.find(grantId);
      if (existing) return existing;
    }
    if (client.clientId !== clientId || !session.accountId) return undefined;
    const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope(OIDC_SCOPE);
    await grant.save();
    return grant;
  }

  /** Ends the provider session the way `end_session_confirm` does, then leaves for the app. */
  async function endSessionNow(ctx: KoaContextWithOIDC): Promise<void> {
    const session = ctx.oidc.session!;
    for (const { grantId } of Object.values(session.authorizations ?? {})) {
      if (grantId) {
        await deps.oidcStore.revokeByGrantId(grantId);
        await deps.oidcStore.destroy('Grant', grantId);
      }
    }
    await session.destroy();
    ctx.cookies.set(ctx.oidc.provider.cookieName('session'), null, longCookie);
    redirectAfterLogout(ctx);
  }

  function redirectAfterLogout(ctx: KoaContextWithOIDC): void {
    const params = ctx.oidc.params as { post_logout_redirect_uri?: string; state?: string } | undefined;
    const target = new URL(params?.post_logout_redirect_uri ?? loggedOutUrl);
    if (params?.post_logout_redirect_uri && params.state) target.searchParams.set('state', params.state);
    ctx.status = 303;
    ctx.redirect(target.href);
  }

  const configuration: Configuration = {
    adapter: createOidcAdapter(deps.oidcStore),
    jwks: jwks as JWKS,
    cookies: {
      keys: deps.builtin.cookieKeys,
      names: { session: 'eis_wg_session', interaction: 'eis_wg_interaction', resume: 'eis_wg_resume' },
      long: longCookie,
      short: shortCookie,
    },
    clients: [
      {
        client_id: clientId,
        client_secret: deps.builtin.clientSecret,
        client_name: 'SimForge',
        redirect_uris: [`${publicUrl}/auth-callback`],
        post_logout_redirect_uris: [loggedOutUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: idTokenAlg as SigningAlgorithm,
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    findAccount,
    loadExistingGrant,
    allowOmittingSingleRegisteredRedirectUri: false,
    issueRefreshToken: () => false,
    clientBasedCORS: () => false,
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // A valid id_token_hint for the signed-in account means the request comes from our app:
        // sign out at once and go back. Otherwise ask, with a plain form (no script).
        async logoutSource(ctx, form) {
          const hint = ctx.oidc.entities.IdTokenHint;
          const session = ctx.oidc.session;
          if (hint && ctx.oidc.client && session?.accountId && hint.payload.sub === session.accountId) {
            await endSessionNow(ctx);
            return;
          }
          sendHtml(ctx, logoutPage({ form, publicUrl }));
        },
        postLogoutSuccessSource(ctx) {
          ctx.status = 303;
          ctx.redirect(loggedOutUrl);
        },
      },
    },
    renderError(ctx, out: ErrorOut) {
      sendHtml(
        ctx,
        messagePage({
          title: 'Sign-in problem',
          message: out.error_description ?? out.error,
          linkText: 'Back to SimForge',
          linkHref: `${publicUrl}/login`,
        }),
      );
    },
    ttl: {
      Interaction: BUILTIN_TTL.Interaction,
      Session: BUILTIN_TTL.Session,
      Grant: BUILTIN_TTL.Grant,
      AuthorizationCode: BUILTIN_TTL.AuthorizationCode,
      AccessToken: BUILTIN_TTL.AccessToken,
      IdToken: BUILTIN_TTL.IdToken,
    },
  };

  const provider = new Provider(issuer, configuration);
  // The provider always takes `publicUrl` as its own address: mount.ts sets X-Forwarded-Proto/Host
  // from it on every request it hands over (and X-Forwarded-For from Fastify's request.ip), so
  // the URLs it announces and its cookies' `secure` flag never depend on the Host header or on
  // how TLS is terminated in front of the server.
  provider.proxy = true;

  provider.use(async (ctx, next) => {
    await next();
    const oidc = (ctx as unknown as KoaContextWithOIDC).oidc;
    // With no signed-in account, oidc-provider answers RP-initiated logout with a self-submitting
    // form (an inline script). There is nobody to sign out: go straight back to the app instead.
    if (oidc?.route === 'end_session' && ctx.status === 200 && !oidc.session?.accountId) {
      redirectAfterLogout(ctx as unknown as KoaContextWithOIDC);
    }
    // An address the provider does not have answers like the rest of the API.
    if (ctx.status === 404 && ctx.body == null) {
      ctx.body = { detail: errorDetails.notFound };
      ctx.status = 404;
    }
  });

  provider.on('server_error', (_ctx: unknown, error: Error) => {
    log.error({ err: { name: error.name, message: error.message, stack: error.stack } }, 'built-in OpenID provider error');
  });

  return { provider, issuer, mountPath, idTokenAlg };
}
