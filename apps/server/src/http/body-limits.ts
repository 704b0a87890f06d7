// Body limits of the routes that carry a whole file (a PIPE_NETWORK's `.inp` text, a network
// document, an imported case file), derived from what the file may hold, and the answer past them.
//
// A JSON body writes each character of a string in 1 byte when it is printable ASCII, in 2 when
// JSON.stringify escapes it (newline, tab, carriage return, quote, backslash), in 2-3 bytes of UTF-8
// when it is not ASCII (6 only for other control characters, which no `.inp` holds). An `.inp` is
// ASCII in practice (EPANET reads bytes: ids, numbers, keywords; comments may not be): 2 bytes a
// character bounds every ASCII file of the accepted length even if every character needed escaping.
// The generated 100 000-junction network (18.5 M characters, tab-separated) takes 1.11 bytes a
// character. A file over the byte limit is refused (413) before its body is read, with a message
// that names the field; a file with many non-ASCII characters can meet that limit before the
// character limit. Fastify checks `content-length` against the limit before reading, and stops
// reading a body without one at the limit.

import { MAX_IMPORT_LENGTH, MAX_INP_LENGTH } from '@simforge/contracts';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 413 message when the body is over the route's limit (default: a general sentence with the limit). */
    bodyTooLarge?: string;
  }
}

/** Room for the rest of a body beside its file: title, description, the other parameters. */
const REST = 256 * 1024;

/** Bytes a JSON body may take per character of an ASCII file in one of its strings (see above). */
export const JSON_BYTES_PER_ASCII_CHARACTER = 2;

/** Create, edit and estimate of a simulation, and POST /networks/from-inp: one `.inp` text and little else. */
export const INP_BODY_LIMIT = JSON_BYTES_PER_ASCII_CHARACTER * MAX_INP_LENGTH + REST;

/**
 * POST /networks/to-inp: the network document of a network (JSON, SI). Measured against the `.inp`
 * text it comes from: 1.95 times the generated 100 000-junction network (36.1 MB for 18.5 M
 * characters), about 3 times a bare grid of short lines (6 MB for 2 MB). A document over this is a
 * network whose `.inp` would be near or over MAX_INP_LENGTH anyway.
 */
export const DOCUMENT_BODY_LIMIT = 3 * MAX_INP_LENGTH + REST;

/**
 * POST /simulations/import: the file as one JSON string. An `.inp` file takes up to 2 bytes a
 * character (above). A case file holds its parameters as JSON, so an `.inp` of L characters with a
 * fraction e of escaped characters is L(1 + e) characters of case file, and each of its escapes
 * (a backslash) is escaped again in the body: L(1 + 2e) bytes, at most 3 L. MAX_IMPORT_LENGTH
 * (2 MAX_INP_LENGTH characters) still bounds the file itself.
 */
export const IMPORT_BODY_LIMIT = 3 * MAX_INP_LENGTH + REST;

const megabytes = (bytes: number) => `${Math.round(bytes / 1e5) / 10} MB`;
const characters = (count: number) => count.toLocaleString('en-US');

/** The 413 message of a route that carries `.inp` text in `field` (its form label). */
export function inpTooLarge(label: string, limit = INP_BODY_LIMIT): string {
  return `The request is larger than the ${megabytes(limit)} this route accepts: ${label} may hold at most ${characters(MAX_INP_LENGTH)} characters (of plain ASCII text; a character outside ASCII takes 2-3 bytes)`;
}

export const documentTooLarge = (): string =>
  `The request is larger than the ${megabytes(DOCUMENT_BODY_LIMIT)} this route accepts: the network document must be that of a network whose EPANET input file (.inp) has at most ${characters(MAX_INP_LENGTH)} characters`;

export const importTooLarge = (): string =>
  `The request is larger than the ${megabytes(IMPORT_BODY_LIMIT)} this route accepts: the file may hold at most ${characters(MAX_IMPORT_LENGTH)} characters, and an EPANET input file (.inp) in it at most ${characters(MAX_INP_LENGTH)}`;

/** The answer to a body over the route's limit. */
export function bodyTooLargeMessage(request: FastifyRequest): string {
  const own = request.routeOptions.config?.bodyTooLarge;
  if (own) return own;
  const limit = request.routeOptions.bodyLimit;
  return limit ? `The request is larger than the ${megabytes(limit)} this route accepts` : 'The request is larger than this route accepts';
}
