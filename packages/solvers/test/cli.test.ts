// The command line, through runCli with in-memory I/O, and once as a real process through the bin.

import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT, runCli, type CliIo } from '../src/cli.js';

const EXAMPLE = fileURLToPath(new URL('../examples/circular-pipe-water.json', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/simforge.mjs', import.meta.url));

/** In-memory I/O; with interruptOnYield, the first yield of the run delivers a SIGINT. */
function memoryIo(files: Record<string, string>, interruptOnYield = false) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  let interrupt: (() => void) | undefined;
  const io: CliIo = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readFile: (path) => {
      if (!(path in files)) throw new Error(`ENOENT: no such file, open '${path}'`);
      return files[path]!;
    },
    writeFile: (path, text) => void (written[path] = text),
    onInterrupt: (handler) => {
      interrupt = handler;
      return () => (interrupt = undefined);
    },
    yieldToEventLoop: async () => {
      if (interruptOnYield) interrupt?.();
    },
  };
  return { io, out: () => out.join(''), err: () => err.join(''), written };
}

const pipe = { type: 'CIRCULAR_PIPE', parameters: { fluid: 'water', diameter: 0.05, length: 10, flow_rate: 1e-3, inlet_temperature: 293.15, inlet_pressure: 2e5 } };

describe('simforge CLI', () => {
  it('solve prints the result JSON on stdout and progress/log on stderr', async () => {
    const m = memoryIo({ 'case.json': JSON.stringify(pipe) });
    expect(await runCli(['solve', 'case.json'], m.io)).toBe(EXIT.ok);
    const result = JSON.parse(m.out());
    expect(result.summary.flow_regime.value).toBe('turbulent');
    expect(m.err()).toMatch(/progress 100%/);
    expect(m.err()).toMatch(/\[info [0-9.]+s\] phase: march/);
  });

  it('solve --out writes the file; --quiet keeps stderr to warnings', async () => {
    const m = memoryIo({ 'case.json': JSON.stringify(pipe) });
    expect(await runCli(['solve', 'case.json', '--out', 'result.json', '--quiet'], m.io)).toBe(EXIT.ok);
    expect(JSON.parse(m.written['result.json']!).summary.pressure_drop.unit).toBe('Pa');
    expect(m.out()).toBe('');
    expect(m.err()).not.toMatch(/progress/);
  });

  it('estimate prints the estimate', async () => {
    const m = memoryIo({ 'case.json': JSON.stringify(pipe) });
    expect(await runCli(['estimate', 'case.json'], m.io)).toBe(EXIT.ok);
    expect(JSON.parse(m.out()).model).toMatch(/metamodel_estimate_v2/);
  });

  it.each([
    [['solve', 'missing.json'], /cannot read missing.json/],
    [['solve', 'broken.json'], /not valid JSON/],
    [['solve'], /needs a case file/],
    [['fly', 'case.json'], /unknown command/],
    [['solve', 'case.json', '--fast'], /unknown option/],
    [['solve', 'unknown.json'], /unknown simulation type 'WARP_DRIVE'/],
    [['estimate', 'unknown.json'], /unknown simulation type/],
    [['solve', 'invalid.json'], /invalid parameters:\n {2}- diameter: must be > 0 m/],
    [['estimate', 'invalid.json'], /diameter: must be > 0 m/],
  ])('%j exits with 2 and a clear message', async (argv, message) => {
    const m = memoryIo({
      'case.json': JSON.stringify(pipe),
      'broken.json': '{"type": ',
      'unknown.json': JSON.stringify({ type: 'WARP_DRIVE', parameters: {} }),
      'invalid.json': JSON.stringify({ ...pipe, parameters: { ...pipe.parameters, diameter: -1 } }),
    });
    expect(await runCli(argv, m.io)).toBe(EXIT.badInput);
    expect(m.err()).toMatch(message);
  });

  it('a solver failure exits with 1 (water boils when the pressure falls below saturation)', async () => {
    const hot = { ...pipe, parameters: { ...pipe.parameters, inlet_temperature: 363.15, inlet_pressure: 101325, diameter: 0.01, flow_rate: 2e-4, length: 10 } };
    const m = memoryIo({ 'hot.json': JSON.stringify(hot) });
    expect(await runCli(['solve', 'hot.json'], m.io)).toBe(EXIT.failed);
    expect(m.err()).toMatch(/OUT_OF_RANGE: at x = .* boils/);
  });

  it('SIGINT aborts the run with exit code 130', async () => {
    const m = memoryIo({ 'case.json': JSON.stringify({ ...pipe, parameters: { ...pipe.parameters, n_segments: 5000 } }) }, true);
    expect(await runCli(['solve', 'case.json'], m.io)).toBe(EXIT.aborted);
    expect(m.err()).toMatch(/aborted/);
  });

  // Two processes, each loading the sources through tsx: seconds when another test file runs beside it.
  it('runs as a real process through bin/simforge.mjs', { timeout: 30_000 }, () => {
    const stdout = execFileSync(process.execPath, [BIN, 'solve', EXAMPLE, '--quiet'], { encoding: 'utf8' });
    expect(JSON.parse(stdout).summary.heat_transfer_rate.unit).toBe('W');
    const bad = spawnSync(process.execPath, [BIN, 'solve', 'no-such-case.json'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/cannot read no-such-case.json/);
  });
});
