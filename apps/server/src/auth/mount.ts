// Mounts the built-in provider in the Fastify server: its own sign-in pages under
// `<mount>/interaction/:uid`, everything else under `<mount>/*` handed to oidc-provider untouched
// (the provider reads the raw request body itself, so that scope parses nothing).

import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import { errors, type Interaction } from 'oidc-provider';
import { textMessages, unstorableText } from '@simforge/contracts';
import { createAttemptLimiter, type AttemptLimiter } from './attempt-limiter.js';
import { OIDC_SCOPE, type BuiltinProvider } from './builtin-provider.js';
import type { AuthDeps } from './contract.js';
import { PAGE_CSP, fieldMessage, loginPage, messagePage, messages } from './pages.js';

/** Sign-in form attempts per client IP and email. */
export const LOGIN_ATTEMPTS = { max: 10, windowMs: 5 * 60 * 1000 } as const;
/**
 * Failed sign-in form attempts per client IP across all emails: one wrong password for each of
 * many accounts (password spraying) stops here, while a shared office address keeps room.
 */
export const LOGIN_ATTEMPTS_PER_ADDRESS = { max: 30, windowMs: 5 * 60 * 1000 } as const;

export interface SignInLimiters {
  perEmail: AttemptLimiter;
  perAddress: AttemptLimiter;
}

const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Tells oidc-provider (which trusts X-Forwarded-*) the site's public address and the client IP as
 * Fastify determined it (Fastify's own trustProxy), replacing whatever the client sent.
 */
export function presentAsPublic(request: FastifyRequest, publicUrl: URL): void {
  const headers = request.raw.headers;
  headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
  headers['x-forwarded-host'] = publicUrl.host;
  headers['x-forwarded-for'] = request.ip;
}

// Long function: the provider's interaction routes, registered in one closure over its configuration.
export async function mountBuiltinProvider(
  app: FastifyInstance,
  builtin: BuiltinProvider,
  deps: AuthDeps,
  limiters: SignInLimiters = {
    perEmail: createAttemptLimiter(LOGIN_ATTEMPTS),
    perAddress: createAttemptLimiter(LOGIN_ATTEMPTS_PER_ADDRESS),
  },
): Promise<void> {
  const { provider, mountPath } = builtin;
  const handle = provider.callback();
  const publicUrl = new URL(deps.publicUrl);

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'],
      url: `${mountPath}/*`,
      schema: { hide: true },
      logLevel: 'warn',
      handler: async (request, reply) => {
        presentAsPublic(request, publicUrl);
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        const url = raw.url ?? '/';
        raw.originalUrl = url;
        raw.url = url.slice(mountPath.length) || '/';
        try {
          await handle(raw, reply.raw);
        } finally {
          raw.url = url;
          delete raw.originalUrl;
        }
      },
    });
  });

  // Long function: one plugin scope holding every interaction route and its body parser.
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }

    scope.addHook('onRequest', async (request) => presentAsPublic(request, publicUrl));

    const expiredPage = () =>
      messagePage({
        title: 'Sign-in expired',
        message: messages.expired,
        linkText: 'Sign in again',
        linkHref: `${deps.publicUrl}/login`,
      });

    function sendPage(reply: FastifyReply, status: number, html: string) {
      return reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', PAGE_CSP)
        .send(html);
    }

    /** The interaction of this browser (from oidc-provider's interaction cookie), if it is `uid`. */
    async function interactionFor(request: FastifyRequest, reply: FastifyReply, uid: string) {
      try {
        const interaction = await provider.interactionDetails(request.raw, reply.raw);
        return interaction.uid === uid ? interaction : undefined;
      } catch (error) {
        if (!(error instanceof errors.SessionNotFound)) {
          request.log.error({ err: { name: (error as Error).name, message: (error as Error).message } }, 'cannot load sign-in interaction');
        }
        return undefined;
      }
    }

    const loginAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/login`;

    /** Consent is implied for our own web app (normally already granted by loadExistingGrant). */
    async function grantConsent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
      const accountId = interaction.session?.accountId;
      if (interaction.params.client_id !== deps.builtin.clientId || !accountId) {
        return sendPage(reply, 400, expiredPage());
      }
      const grant =
        (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
        new provider.Grant({ accountId, clientId: deps.builtin.clientId });
      grant.addOIDCScope(OIDC_SCOPE);
      const grantId = await grant.save();
      const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
      return reply.redirect(returnTo, 303);
    }

    scope.get<{ Params: { uid: string } }>(`${mountPath}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const interaction = await interactionFor(request, reply, request.params.uid);
      if (!interaction) return sendPage(reply, 400, expiredPage());
      if (interaction.prompt.name === 'consent') return grantConsent(request, reply, interaction);
      if (interaction.prompt.name !== 'login') return sendPage(reply, 400, expiredPage());
      return sendPage(reply, 200, loginPage({ action: loginAction(interaction.uid), publicUrl: deps.publicUrl }));
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>(
      `${mountPath}/interaction/:uid/login`,
      { schema: { hide: true }, config: { ownTextCheck: true } },
      async (request, reply) => {
        const interaction = await interactionFor(request, reply, request.params.uid);
        if (!interaction || interaction.prompt.name !== 'login') return sendPage(reply, 400, expiredPage());

        const field = (name: string) => {
          const value = request.body?.[name];
          const first = Array.isArray(value) ? value[0] : value;
          return typeof first === 'string' ? first : '';
        };
        const email = field('email').trim();
        const password = field('password');
        const page = (error: string, shownEmail = email) =>
          loginPage({ action: loginAction(interaction.uid), publicUrl: deps.publicUrl, email: shownEmail, error });

        // Text the user table cannot hold is refused by its label before any lookup (and not echoed).
        for (const [label, value] of [['Email', email], ['Password', password]] as const) {
          const problem = unstorableText(value);
          if (problem) return sendPage(reply, 422, page(fieldMessage(label, textMessages[problem]), ''));
        }

        const emailKey = `${request.ip}\n${email.toLowerCase()}`;
        // Both counters take the attempt, so a blocked address cannot probe another email meanwhile.
        const withinEmail = limiters.perEmail.hit(emailKey);
        const withinAddress = limiters.perAddress.hit(request.ip);
        if (!withinEmail || !withinAddress) {
          return sendPage(reply, 429, page(messages.tooManyAttempts));
        }
        if (!email || !password) return sendPage(reply, 400, page(messages.missingFields));

        const user = await deps.users.verifyCredentials(email, password);
        if (!user) return sendPage(reply, 401, page(messages.incorrectCredentials));
        limiters.perEmail.reset(emailKey);
        limiters.perAddress.forgive(request.ip);
        // Said only after the password was right, so it tells a guesser nothing.
        if (!user.is_active) return sendPage(reply, 403, page(messages.deactivated));

        let returnTo: string;
        try {
          returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { login: { accountId: user.id } },
            { mergeWithLastSubmission: false },
          );
        } catch (error) {
          // The interaction ended meanwhile (expired, or finished in another tab).
          if (error instanceof errors.SessionNotFound) return sendPage(reply, 400, expiredPage());
          throw error;
        }
        return reply.redirect(returnTo, 303);
      },
    );
  });
}
