/// <reference types="node" />
// The command line: `simforge solve CASE.json [--out FILE] [--quiet]`, `simforge estimate CASE.json`,
// `simforge types`. The same driver as the server's jobs. Result JSON goes to stdout (or --out),
// progress and log lines to stderr. Exit codes: 0 success; 1 the solver failed (diverged, a state
// out of the model's range, an internal error); 2 bad input (usage, unreadable file or JSON, invalid
// parameters, unknown type); 130 aborted by SIGINT.

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AbortedError, InvalidParametersError, SolverError, UnknownTypeError, estimate, solve, solverTypes, type CaseInput, type LogLine, type Progress } from './index.js';

export const EXIT = { ok: 0, failed: 1, badInput: 2, aborted: 130 } as const;

const USAGE = `usage:
  simforge solve CASE.json [--out FILE] [--quiet]   run the simulation, print the result JSON
  simforge estimate CASE.json                       print the fast estimate (metamodel_estimate_v2)
  simforge types                                    list the simulation types with a solver
CASE.json is {"type": "CIRCULAR_PIPE", "parameters": {...}} in SI units.`;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  /** Registers an interrupt handler (SIGINT); returns an unregister function. */
  onInterrupt(handler: () => void): () => void;
  yieldToEventLoop(): Promise<void>;
}

export const nodeIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile: (path, text) => writeFileSync(path, text),
  onInterrupt(handler) {
    process.on('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
  yieldToEventLoop: () => new Promise((done) => setImmediate(done)),
};

class UsageError extends Error {}

interface Arguments {
  command: 'solve' | 'estimate' | 'types' | 'help';
  casePath?: string;
  out?: string;
  quiet: boolean;
}

function parseArguments(argv: readonly string[]): Arguments {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') return { command: 'help', quiet: false };
  if (command === 'types') return { command, quiet: false };
  if (command !== 'solve' && command !== 'estimate') throw new UsageError(`unknown command '${command}'`);
  const args: Arguments = { command, quiet: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--out' && command === 'solve') {
      const out = rest[++i];
      if (out === undefined) throw new UsageError('--out needs a file name');
      args.out = out;
    } else if (arg === '--quiet' && command === 'solve') {
      args.quiet = true;
    } else if (arg.startsWith('-')) {
      throw new UsageError(`unknown option '${arg}' for ${command}`);
    } else if (args.casePath === undefined) {
      args.casePath = arg;
    } else {
      throw new UsageError(`unexpected argument '${arg}'`);
    }
  }
  if (args.casePath === undefined) throw new UsageError(`${command} needs a case file`);
  return args;
}

function readCaseFile(path: string, io: CliIo): CaseInput {
  let text: string;
  try {
    text = io.readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text) as CaseInput;
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function formatLog(line: LogLine): string {
  return `[${line.level} ${line.t.toFixed(3)}s] ${line.message}\n`;
}

function formatProgress(progress: Progress): string {
  const eta = progress.etaSeconds === undefined ? '' : `, ETA ${progress.etaSeconds.toFixed(1)} s`;
  return `progress ${(100 * progress.fraction).toFixed(0)}%${progress.phase ? ` (${progress.phase})` : ''}${eta}\n`;
}

function reportError(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.stderr(`simforge: ${error.message}\n${USAGE}\n`);
    return EXIT.badInput;
  }
  if (error instanceof InvalidParametersError) {
    io.stderr(`simforge: invalid parameters:\n${error.issues.map((issue) => `  - ${issue.path || '(case)'}: ${issue.message}`).join('\n')}\n`);
    return EXIT.badInput;
  }
  if (error instanceof UnknownTypeError) {
    io.stderr(`simforge: ${error.message}\n`);
    return EXIT.badInput;
  }
  if (error instanceof AbortedError) {
    io.stderr('simforge: aborted\n');
    return EXIT.aborted;
  }
  if (error instanceof SolverError) {
    io.stderr(`simforge: ${error.code}: ${error.message}\n`);
    return EXIT.failed;
  }
  io.stderr(`simforge: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return EXIT.failed;
}

export async function runCli(argv: readonly string[], io: CliIo = nodeIo): Promise<number> {
  try {
    const args = parseArguments(argv);
    if (args.command === 'help') {
      io.stdout(`${USAGE}\n`);
      return EXIT.ok;
    }
    if (args.command === 'types') {
      io.stdout(`${solverTypes().join('\n')}\n`);
      return EXIT.ok;
    }
    const caseInput = readCaseFile(args.casePath!, io);
    if (args.command === 'estimate') {
      const input = caseInput as Partial<CaseInput> | null;
      if (typeof input?.type !== 'string') throw new InvalidParametersError([{ path: 'type', message: 'is required (a simulation type such as CIRCULAR_PIPE)' }]);
      io.stdout(`${JSON.stringify(estimate(input.type, input.parameters), null, 2)}\n`);
      return EXIT.ok;
    }
    const controller = new AbortController();
    const unregister = io.onInterrupt(() => controller.abort());
    try {
      const result = await solve(caseInput, {
        signal: controller.signal,
        yieldToEventLoop: io.yieldToEventLoop,
        onLog: (line) => {
          if (!args.quiet || line.level === 'warn' || line.level === 'error') io.stderr(formatLog(line));
        },
        ...(args.quiet ? {} : { onProgress: (progress: Progress) => io.stderr(formatProgress(progress)) }),
      });
      const json = `${JSON.stringify(result, null, 2)}\n`;
      if (args.out) {
        io.writeFile(args.out, json);
        io.stderr(`simforge: wrote ${args.out}\n`);
      } else {
        io.stdout(json);
      }
      return EXIT.ok;
    } finally {
      unregister();
    }
  } catch (error) {
    return reportError(error, io);
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
