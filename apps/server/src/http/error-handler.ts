// Every error leaves as `{"detail": ...}` (docs/adr/0014): our ApiErrors with their sentence,
// validation failures as 422 with a list of {loc, msg, type} naming the field, Fastify's own 4xx
// with their message, and anything else as a logged 500 that reveals nothing of the server.

import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { errorDetails, type ValidationIssue } from '@simforge/contracts';
import { ComputeLimitExceeded } from '../compute/pool.js';
import { ApiError, ValidationFailed } from '../services/errors.js';
import { bodyTooLargeMessage } from './body-limits.js';

const LOCATION: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** `/items/0/name` -> ['items', 0, 'name'] */
function pathSegments(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment.replace(/~1/g, '/').replace(/~0/g, '~')));
}

export function validationIssues(validation: FastifySchemaValidationError[], context: string | undefined): ValidationIssue[] {
  const where = LOCATION[context ?? 'body'] ?? context ?? 'body';
  return validation.map((issue) => {
    const path = pathSegments(issue.instancePath);
    // Ajv (JSON-schema routes) reports a missing property on its parent object.
    const missing = (issue.params as { missingProperty?: unknown } | undefined)?.missingProperty;
    if (issue.keyword === 'required' && typeof missing === 'string') path.push(missing);
    return { loc: [where, ...path], msg: issue.message ?? 'This field is invalid', type: issue.keyword };
  });
}

export function installErrorHandling(app: FastifyInstance): void {
  // A client that marks an empty body as JSON (e.g. POST /password-recovery/{email}) sends no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof ValidationFailed) {
      return reply.code(422).send({ detail: error.issues });
    }
    if (error instanceof ComputeLimitExceeded) {
      // The estimate answers its own messages (compute/estimates.ts); this is every other computation.
      request.log.warn({ reason: error.reason }, error.message);
      return reply.code(503).header('retry-after', '5').send({ detail: 'The server is busy; try again in a few seconds.' });
    }
    if (Array.isArray(error.validation) && error.validation.length > 0) {
      return reply.code(422).send({ detail: validationIssues(error.validation, error.validationContext) });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    // Includes a response that does not match its schema (a bug of ours, not the client's).
    if (status >= 500) {
      request.log.error({ err: error }, 'Request failed');
      return reply.code(500).send({ detail: 'Internal Server Error' });
    }
    if (status === 429) return reply.code(429).send({ detail: errorDetails.tooManyRequests });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ detail: bodyTooLargeMessage(request) });
    return reply.code(status).send({ detail: error.message });
  });
}
