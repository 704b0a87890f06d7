// Text at the boundary: every string of a request's body, query and path parameters (object keys
// included) must be text PostgreSQL can store (no NUL, no unpaired surrogate: the contracts'
// text.ts). Checked once here, for every route, before it validates or stores anything; the
// answer is the usual 422 naming each field. A route whose field
// holds a whole uploaded file names what the file should be (`config.textFiles`), so a binary file
// is told as such ("not an EPANET input file (binary content ...)") instead of by its NUL bytes.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_TEXT_ISSUES, textMessages, unstorableTextIssues, type ValidationIssue } from '@simforge/contracts';
import { ValidationFailed } from '../services/errors.js';

/** What a file field should hold, for the message: a fixed phrase, or one read from the body (the file's name). */
export type TextFileKind = string | ((body: unknown) => string);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body fields that hold a whole file, by dotted path (`parameters.inp`), with what the file should be. */
    textFiles?: Record<string, TextFileKind>;
    /** The route checks its own input and answers in its own form (the sign-in page). */
    ownTextCheck?: boolean;
  }
}

/** The message for NUL in a file field of the route (`config.textFiles`), by the field's loc. */
function fileMessage(request: FastifyRequest): (loc: (string | number)[]) => string | undefined {
  const files = request.routeOptions.config.textFiles;
  if (!files) return () => undefined;
  return (path) => {
    const kind = path[0] === 'body' ? files[path.slice(1).join('.')] : undefined;
    if (kind === undefined) return undefined;
    return textMessages.binaryFile(typeof kind === 'string' ? kind : kind(request.body));
  };
}

export function requestTextIssues(request: FastifyRequest): ValidationIssue[] {
  return [
    ...unstorableTextIssues(request.params, ['path']),
    ...unstorableTextIssues(request.query, ['query']),
    ...unstorableTextIssues(request.body, ['body'], fileMessage(request)),
  ].slice(0, MAX_TEXT_ISSUES);
}

export function installTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.ownTextCheck) return;
    const issues = requestTextIssues(request);
    if (issues.length > 0) throw new ValidationFailed(issues);
  });
}
