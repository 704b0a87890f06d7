// Helmet with a Content-Security-Policy for the React SPA (MUI/emotion inject <style> elements, so
// styles need 'unsafe-inline'; scripts never do) and the optional Google tag manager, which loads
// only after cookie consent. The swagger UI at /docs works under the same policy: its page uses no
// inline scripts (validator badge turned off in docs.ts).

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

const TAG_MANAGER = 'https://www.googletagmanager.com';
const ANALYTICS = 'https://*.google-analytics.com';

export function cspDirectives(config: Pick<Config, 'auth'>): Record<string, string[]> {
  const formAction = ["'self'"];
  // The sign-in form of an external identity provider is posted to (and redirected through) its origin.
  if (config.auth.external) formAction.push(new URL(config.auth.external.issuer).origin);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", TAG_MANAGER],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', TAG_MANAGER],
    'connect-src': ["'self'", TAG_MANAGER, ANALYTICS],
    'font-src': ["'self'", 'data:'],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': formAction,
  };
}

/** The header value, as sent (used by tests and by anything that writes raw responses). */
export function cspHeader(config: Pick<Config, 'auth'>): string {
  return Object.entries(cspDirectives(config))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
    // useDefaults: false leaves out upgrade-insecure-requests, which would break plain-http LAN installs.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // COEP would block the tag manager's cross-origin script, which sends no CORP header.
    crossOriginEmbedderPolicy: false,
  });
}
