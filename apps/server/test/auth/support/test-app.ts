// A small Fastify app with only the sign-in module, over real HTTP on 127.0.0.1 (openid-client
// reaches the built-in provider over HTTP, as in production). Helmet, rate limiting, the zod
// compilers and a `{"detail": ...}` error handler stand in for what the core registers.

import { createServer } from 'node:net';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuth } from '../../../src/auth/index.js';
import type { AuthDeps } from '../../../src/auth/contract.js';
import { createMemoryDeps, type MemoryDeps } from './memory-deps.js';

export interface TestApp extends MemoryDeps {
  app: FastifyInstance;
  publicUrl: string;
  close(): Promise<void>;
  /** JSON call to the app's API. */
  api(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startTestApp(
  options: { port?: number; external?: AuthDeps['external']; authProvider?: string } = {},
): Promise<TestApp> {
  const port = options.port ?? (await freePort());
  const publicUrl = `http://127.0.0.1:${port}`;
  const memory = await createMemoryDeps({ publicUrl, external: options.external, authProvider: options.authProvider });

  const app = Fastify({ logger: { level: process.env.TEST_LOG_LEVEL ?? 'silent' } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.validation) return reply.code(422).send({ detail: error.validation.map((v) => v.message) });
    const status = error.statusCode ?? 500;
    return reply.code(status).send({ detail: status >= 500 ? 'Internal Server Error' : error.message });
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self'"], 'script-src': ["'self'"] } },
  });
  await app.register(rateLimit, { global: false });
  await registerAuth(app, memory.deps);
  await app.listen({ host: '127.0.0.1', port });

  return {
    ...memory,
    app,
    publicUrl,
    close: () => app.close(),
    api: jsonApi(publicUrl),
  };
}

/** JSON calls to the server at `baseUrl` over HTTP. */
export function jsonApi(baseUrl: string): TestApp['api'] {
  return async (path, init = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body };
  };
}
