// Pipe networks: EPANET `.inp` text <-> the JSON network document of the contracts, with the
// solvers' own parser and writer (the web app never parses `.inp` itself). A line that cannot be
// read answers 422 on `inp` with its line number; a file whose network does not fit the document
// (a zero length, a negative diameter) answers 422 naming the element. A document's rules text is
// read by the engine's own rule parser against the document's nodes and links before it is written,
// so that the editor learns of a faulty rule (422 on `rules`, one item per line at fault) before the
// text is saved, not when the run starts.

import { InpToNetworkRequest, NetworkDocument, NetworkToInpRequest, type InpToNetworkResponse, type NetworkToInpResponse } from '@simforge/contracts';
import { network, parseInp, writeInp, type NetworkModel } from '@simforge/solvers';
import type { z } from 'zod';
import { ApiError, ValidationFailed, zodValidationFailed } from './errors.js';

// The document is the engine's model field for field: these two lines stop compiling if they drift.
const asModel = (document: NetworkDocument): NetworkModel => document;
const asDocument = (model: NetworkModel): NetworkDocument => model;

/** `pipes[3].length` -> `pipe 'P4' length` (the element told by its id, as the solver's messages do). */
function describePath(model: NetworkModel, path: (string | number | symbol)[]): string {
  const [collection, index, ...rest] = path;
  const list = typeof collection === 'string' ? (model as unknown as Record<string, unknown>)[collection] : undefined;
  if (!Array.isArray(list) || typeof index !== 'number') return path.map(String).join('.');
  const element = list[index] as { id?: unknown } | undefined;
  const singular = collection === 'patterns' ? 'pattern' : (collection as string).slice(0, -1);
  const name = typeof element?.id === 'string' ? `${singular} '${element.id}'` : `${singular} ${index + 1}`;
  return [name, ...rest.map(String)].join(' ');
}

export function inpToNetwork(inp: string): InpToNetworkResponse {
  let parsed: ReturnType<typeof parseInp>;
  try {
    parsed = parseInp(inp);
  } catch (error) {
    if (error instanceof network.InpParseError) {
      throw new ValidationFailed([{ loc: ['body', 'inp'], msg: `line ${error.line}: ${error.issues[0]?.message ?? error.message}`, type: 'inp_line' }]);
    }
    if (error instanceof network.NotInpFileError) {
      throw new ValidationFailed([{ loc: ['body', 'inp'], msg: `This field is invalid: ${error.issues[0]!.message}`, type: 'inp_file' }]);
    }
    throw error;
  }
  const checked = NetworkDocument.safeParse(asDocument(parsed.network));
  if (!checked.success) {
    throw new ValidationFailed(
      checked.error.issues.map((issue) => ({ loc: ['body', 'inp'], msg: `${describePath(parsed.network, issue.path)}: ${issue.message}`, type: 'inp_network' })),
    );
  }
  return { network: checked.data, warnings: parsed.warnings };
}

/** The rules' mistakes as the run would report them: `line N: …` on `network.rules`, line by line. */
function checkRules(document: NetworkDocument): void {
  if (!document.rules || document.rules.trim() === '') return;
  const { errors } = network.readRulesText(document.rules, network.modelRuleNetwork(asModel(document)));
  if (errors.length === 0) return;
  throw new ValidationFailed(errors.map((error) => ({ loc: ['body', 'network', 'rules'], msg: `line ${error.line}: ${error.message}`, type: 'rule_syntax' })));
}

export function networkToInp(document: NetworkDocument): NetworkToInpResponse {
  checkRules(document);
  let written: ReturnType<typeof writeInp>;
  try {
    written = writeInp(asModel(document));
  } catch (error) {
    if (error instanceof network.InpWriteError) throw new ValidationFailed([{ loc: ['body', 'network'], msg: `This field is invalid: ${error.issues[0]!.message}`, type: 'inp_write' }]);
    throw error;
  }
  return { inp: written.text, warnings: written.warnings };
}

// The routes' versions: the request body as JSON text in, the answer as JSON text out. A document
// at the size limit is megabytes of JSON (tens of thousands of elements): parsing, checking and
// writing it takes seconds, so all of it runs in the compute pool, not only the conversion.

/** The body read and checked as the route's validator would: 400 for bad JSON, 422 naming the field. */
function readBody<T>(text: string, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiError(400, "Body is not valid JSON but content-type is set to 'application/json'");
  }
  const checked = schema.safeParse(json);
  if (!checked.success) throw zodValidationFailed(checked.error.issues);
  return checked.data;
}

export function inpToNetworkJson(body: string): string {
  return JSON.stringify(inpToNetwork(readBody(body, InpToNetworkRequest).inp));
}

/** A stored simulation's `.inp` text (already checked on create) as the document's JSON text. */
export function storedInpToNetworkJson(inp: string): string {
  return JSON.stringify(inpToNetwork(inp));
}

export function networkToInpJson(body: string): string {
  return JSON.stringify(networkToInp(readBody(body, NetworkToInpRequest).network));
}
