// Speed benchmarks (simulations.md, "Speed"; docs/performance.md): every type's default case within 10 s,
// an estimate well under 50 ms. Prints measured times; exits non-zero when a target is missed so
// a regression is visible, but it is not part of `npm test` (timings depend on the machine's load).
import { availableParallelism } from 'node:os';
import { estimate, parameterDefaults, solve, solverTypes, writeInp } from '../src/index.js';
import { generateNetwork } from '../test/networks.js';
import { isWeldingJointType } from '../src/physics/welding/geometry/joints.js';
import { compareWithEpanet, describeRow } from './network-vs-epanet.js';
import { bundledHelpers } from './default-cases.js';

interface Row {
  case: string;
  median_ms: number;
  target_ms: number;
  extra?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function time(fn: () => Promise<unknown> | unknown, repeats: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const rows: Row[] = [];
// A default case gets the threads the server's solver pool gives a run on an idle machine: two where
// there are two cores (the thermal core splits its step; results are the same on one).
const threads = Math.min(2, availableParallelism());
// …with the helper threads the server gives such a run (the jets' RANS solver splits its loops over one).
const helpers = threads > 1 ? await bundledHelpers() : undefined;
// An argument keeps only the cases whose type contains it: `npx tsx packages/solvers/bench/run.ts PIPE_NETWORK`.
const only = process.argv[2];
const wanted = (type: string): boolean => only === undefined || type.includes(only);
for (const type of solverTypes().filter(wanted)) {
  const parameters = parameterDefaults(type) as Record<string, unknown>;
  // A type that takes seconds is timed once (JIT warm-up is then negligible); a fast one as the
  // median of five after a warm-up.
  let firstLog: { message: string }[] = [];
  const cpu = process.cpuUsage();
  const [first] = await time(async () => void (firstLog = (await solve({ type, parameters }, { threads, helpers })).log), 1);
  // Welding: CPU seconds beside the wall time (with two threads they are more than the wall time; on a
  // loaded machine the wall time stretches); the fine preset's target (5 min) is bench/welding-defaults.ts fine.
  const weldingCpu = isWeldingJointType(type) ? `cpu ${(process.cpuUsage(cpu).user / 1e6).toFixed(1)} s (fine preset: bench/welding-defaults.ts fine)` : undefined;
  const solveTimes = first! < 1000 ? await time(() => solve({ type, parameters }, { threads, helpers }), 5) : [first!];
  // Thermal-core models log their throughput ("… cell updates/s"): shown beside the time.
  const throughput = firstLog.map((line) => /([\d.]+e[+-]?\d+) cell updates\/s/.exec(line.message)?.[1]).find((v) => v !== undefined);
  // Every type's default within 10 s of wall time on a 2-core machine (docs/performance.md), the jets'
  // 2-D RANS included (simulations.md's older targets were 20 s, 60 s for the jets).
  rows.push({ case: `${type} default case: solve`, median_ms: median(solveTimes), target_ms: 10_000, ...(throughput ? { extra: `${throughput} cell updates/s` } : weldingCpu ? { extra: weldingCpu } : {}) });

  const segments = typeof parameters.n_segments === 'number' ? parameters.n_segments : undefined;
  if (segments !== undefined) {
    const fine = { ...parameters, n_segments: 100_000 };
    const fineTimes = await time(() => solve({ type, parameters: fine }), 1);
    const perSecond = (100_000 / (fineTimes[0]! / 1000)).toExponential(2);
    rows.push({ case: `${type} fine (1e5 segments): solve`, median_ms: fineTimes[0]!, target_ms: 300_000, extra: `${perSecond} segment updates/s` });
  }

  const estimateTimes = await time(() => estimate(type, parameters), 200);
  rows.push({ case: `${type} default case: estimate`, median_ms: median(estimateTimes), target_ms: 50 });
}

// The pipe family as the create form starts it: CIRCULAR_PIPE's form default runs the developing
// model (the solver's own example above is the 1-D march); CIRCULAR_ANNULUS and PIPE_NETWORK above
// are the form's defaults already.
const formCases: { case: string; type: string; parameters: Record<string, unknown>; target_ms: number }[] = [
  {
    case: 'CIRCULAR_PIPE form default (developing, turbulent)',
    type: 'CIRCULAR_PIPE',
    parameters: { model: 'developing', fluid: 'water', diameter: 0.025, length: 10, roughness: 0.000045, flow_input: 'flow_rate', flow_rate: 0.0005, inlet_temperature: 293.15, inlet_pressure: 300_000, elevation_change: 0, flow_model: 'auto', wall: { condition: 'adiabatic' } },
    target_ms: 5000,
  },
  {
    case: 'CIRCULAR_PIPE developing, laminar, heated',
    type: 'CIRCULAR_PIPE',
    parameters: { model: 'developing', fluid: 'water', diameter: 0.01, length: 1, flow_rate: 5e-6, inlet_temperature: 293.15, inlet_pressure: 200_000, wall: { condition: 'temperature', temperature: 313.15 } },
    target_ms: 5000,
  },
];
for (const item of formCases.filter((item) => wanted(item.type))) {
  const times = await time(() => solve({ type: item.type, parameters: item.parameters }), 3);
  rows.push({ case: `${item.case}: solve`, median_ms: median(times), target_ms: item.target_ms });
}

// A generated 10 000-junction network, steady, against EPANET (epanet-js) in this Node version: the
// same work, both cold and both warm, best of 5 (network-vs-epanet.ts). The time ratio's target is
// at most 1 and the solve's under 1 s (simulations.md, "Speed").
if (wanted('PIPE_NETWORK')) {
  const comparison = await compareWithEpanet();
  for (const row of comparison.rows) {
    rows.push({
      case: `PIPE_NETWORK ${comparison.junctions}-junction network (.inp ${comparison.inpMegabytes.toFixed(1)} MB), ${row.work === 'engine' ? 'read + solve' : 'solve() with results'}, ${row.state}`,
      median_ms: row.ours.wall,
      target_ms: 1000,
      extra: `${describeRow(row)}; ratio target ≤ 1.0`,
    });
  }
  const model = generateNetwork({ seed: 7, rows: 100, cols: 100, headloss: 'H-W', flowUnits: 'LPS', hours: 0, devices: false });
  const parameters = { inp: writeInp(model).text, period: 'steady' };
  const estimateTimes = await time(() => estimate('PIPE_NETWORK', parameters), 3);
  rows.push({ case: `PIPE_NETWORK ${model.junctions.length}-junction network: estimate`, median_ms: median(estimateTimes), target_ms: 1000 });
}

let missed = 0;
for (const row of rows) {
  const ok = row.median_ms <= row.target_ms;
  if (!ok) missed += 1;
  console.log(
    `${ok ? 'ok  ' : 'SLOW'} ${row.case.padEnd(48)} ${row.median_ms.toFixed(2).padStart(10)} ms  (target ≤ ${row.target_ms} ms)${row.extra ? `  ${row.extra}` : ''}`,
  );
}
console.log(`${rows.length - missed} within target, ${missed} missed`);
process.exit(missed === 0 ? 0 : 1);
