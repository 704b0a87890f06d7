// Serves the built web app (WEB_DIST) and answers everything nobody else answered:
// - GET/HEAD of a page (Accept: text/html, outside /api, /oidc and /docs) gets index.html, so
//   client-side routes like /main/profile/edit work on reload;
// - anything else gets 404 {"detail": "Not Found"}.
// index.html and /service-worker.js are never cached (a new release must be picked up at once);
// Vite's hashed files under /assets/ are cached for a year. /favicon.ico falls back to favicon.svg.
// A page asked for at a loopback alias of a loopback PUBLIC_URL (127.0.0.1 or [::1] for localhost,
// same port) is redirected to PUBLIC_URL: sign-in only works at that address, and it is the same
// machine either way.

import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorDetails } from '@simforge/contracts';

const RESERVED_PREFIXES = ['/api', '/oidc', '/docs'];
const NO_CACHE_FILES = new Set(['index.html', 'service-worker.js']);

function isReserved(url: string): boolean {
  const path = url.split('?')[0]!;
  return RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isReserved(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

const isLoopback = (hostname: string) => hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/** PUBLIC_URL + the path when the request came to a loopback alias of a loopback PUBLIC_URL; else null. */
export function loopbackAliasRedirect(request: FastifyRequest, publicUrl: string): string | null {
  const target = new URL(publicUrl);
  if (!isLoopback(target.hostname) || !request.headers.host) return null;
  let asked: URL;
  try {
    asked = new URL(`${target.protocol}//${request.headers.host}`);
  } catch {
    return null;
  }
  if (asked.host === target.host || !isLoopback(asked.hostname) || asked.port !== target.port) return null;
  return `${publicUrl}${request.url}`;
}

export async function registerWebApp(app: FastifyInstance, webDist: string, publicUrl: string): Promise<{ served: boolean }> {
  app.addHook('onRequest', async (request, reply) => {
    if (!wantsPage(request)) return;
    const canonical = loopbackAliasRedirect(request, publicUrl);
    if (canonical) return reply.redirect(canonical, 308);
  });
  const hasIndex = existsSync(join(webDist, 'index.html'));
  if (!hasIndex) {
    app.log.warn({ webDist }, `No web app at ${webDist} (index.html missing): serving the API only. Build it with "npm run build".`);
  } else {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      // The cache policy is set here alone: @fastify/static 9 would write its own after setHeaders.
      cacheControl: false,
      setHeaders(response, path) {
        if (NO_CACHE_FILES.has(basename(path))) response.setHeader('cache-control', 'no-cache');
        else if (path.includes(`${join(webDist, 'assets')}`)) response.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else response.setHeader('cache-control', 'public, max-age=0');
      },
    });
    // Browsers ask for /favicon.ico on pages without an icon link (the provider's sign-in page);
    // the web build ships an SVG icon, so answer with that rather than a 404 in the console.
    if (!existsSync(join(webDist, 'favicon.ico')) && existsSync(join(webDist, 'favicon.svg'))) {
      app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').sendFile('favicon.svg'),
      );
    }
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasIndex && wantsPage(request)) {
      return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ detail: errorDetails.notFound });
  });
  return { served: hasIndex };
}
