// PIPE_NETWORK against EPANET (epanet-js, EPANET 2.3 in WebAssembly) on a generated 10 000-junction
// network, steady state, in the same Node version (simulations.md, "Speed": under 1 s, time ratio
// at most 1). Fair by construction:
// - the same work: reading the `.inp` text and solving the hydraulics (ours: parseInp, compile,
//   simulate; EPANET: open, openH, initH, runH, close). Our full `solve()` (also the results: a
//   series per node and link and the view's tables) is shown beside it against EPANET reading
//   back the same quantities through its API;
// - cold: each side's first run in a fresh process (modules loaded, nothing run), one process per
//   sample, the two sides alternating; warm: both warmed up in one process, then interleaved;
// - best of N and median for each, wall-clock and CPU time (the CPU time of the process, which a
//   loaded machine inflates far less than the wall clock).
//
// `node --import tsx bench/network-vs-epanet.ts` prints the table alone; run.ts includes the rows.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CountType, LinkProperty, NodeProperty, Project, Workspace } from 'epanet-js';
import { parseInp, solve, writeInp } from '../src/index.js';
import { compileNetwork } from '../src/physics/network/hydraulics/compile.js';
import { simulateNetwork } from '../src/physics/network/simulate.js';
import { generateNetwork } from '../test/networks.js';

type Work = 'engine' | 'full';
type Side = 'ours' | 'epanet';
export interface Sample {
  wall: number;
  cpu: number;
}

const SAMPLES = 5;

function benchInp(): string {
  const model = generateNetwork({ seed: 7, rows: 100, cols: 100, headloss: 'H-W', flowUnits: 'LPS', hours: 0, devices: false });
  return writeInp(model).text;
}

/** One side's run; `measure` wraps the timed part only (set-up such as writing the file is outside). */
async function runner(side: Side, work: Work, inp: string): Promise<() => Promise<void> | void> {
  if (side === 'ours') {
    if (work === 'engine') return () => void simulateNetwork(compileNetwork(parseInp(inp).network));
    return async () => void (await solve({ type: 'PIPE_NETWORK', parameters: { inp, period: 'steady' } }));
  }
  const workspace = new Workspace();
  await workspace.loadModule();
  workspace.writeFile('bench.inp', inp);
  return () => {
    const project = new Project(workspace);
    project.open('bench.inp', 'bench.rpt', 'bench.out');
    project.openH();
    project.initH(0);
    project.runH();
    if (work === 'full') {
      // What our solve() returns per element: head, pressure, demand; flow, velocity, head loss, status.
      const nodes = project.getCount(CountType.NodeCount);
      const links = project.getCount(CountType.LinkCount);
      for (let i = 1; i <= nodes; i++) {
        project.getNodeValue(i, NodeProperty.Head);
        project.getNodeValue(i, NodeProperty.Pressure);
        project.getNodeValue(i, NodeProperty.Demand);
      }
      for (let k = 1; k <= links; k++) {
        project.getLinkValue(k, LinkProperty.Flow);
        project.getLinkValue(k, LinkProperty.Velocity);
        project.getLinkValue(k, LinkProperty.Headloss);
        project.getLinkValue(k, LinkProperty.Status);
      }
    } else {
      project.getNodeValue(project.getCount(CountType.NodeCount), NodeProperty.Head);
    }
    project.closeH();
    project.close();
  };
}

/** Wall and CPU time of one run, ms (CPU of every thread of the process). */
export async function measure(run: () => Promise<void> | void): Promise<Sample> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** A child process's first run of one side (the cold sample). */
function coldSample(side: Side, work: Work): Sample {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--cold', side, work], { encoding: 'utf8' });
  const line = child.stdout.split('\n').find((l) => l.startsWith('{'));
  if (child.status !== 0 || !line) throw new Error(`cold ${side} ${work} run failed: ${child.stderr}`);
  return JSON.parse(line) as Sample;
}

const best = (samples: Sample[]): Sample => ({ wall: Math.min(...samples.map((s) => s.wall)), cpu: Math.min(...samples.map((s) => s.cpu)) });
const middle = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
};
/** Wall-clock and CPU medians, each over the samples (a loaded machine spreads them widely). */
const median = (samples: Sample[]): Sample => ({ wall: middle(samples.map((s) => s.wall)), cpu: middle(samples.map((s) => s.cpu)) });

interface ComparisonRow {
  work: Work;
  state: 'cold' | 'warm';
  /** Best of the samples. */
  ours: Sample;
  epanet: Sample;
  oursMedian: Sample;
  epanetMedian: Sample;
}

export interface NetworkComparison {
  junctions: number;
  inpMegabytes: number;
  rows: ComparisonRow[];
}

const row = (work: Work, state: 'cold' | 'warm', samples: Record<Side, Sample[]>): ComparisonRow => ({
  work,
  state,
  ours: best(samples.ours),
  epanet: best(samples.epanet),
  oursMedian: median(samples.ours),
  epanetMedian: median(samples.epanet),
});

export async function compareWithEpanet(samples = SAMPLES): Promise<NetworkComparison> {
  const inp = benchInp();
  const rows: NetworkComparison['rows'] = [];
  for (const work of ['engine', 'full'] as const) {
    const cold: Record<Side, Sample[]> = { ours: [], epanet: [] };
    for (let s = 0; s < samples; s++) {
      // Alternate which side goes first, so neither always meets the quieter machine.
      const sides: Side[] = s % 2 === 0 ? ['ours', 'epanet'] : ['epanet', 'ours'];
      for (const side of sides) cold[side].push(coldSample(side, work));
    }
    rows.push(row(work, 'cold', cold));

    const ours = await runner('ours', work, inp);
    const theirs = await runner('epanet', work, inp);
    for (let w = 0; w < 2; w++) {
      await ours();
      await theirs();
    }
    const warm: Record<Side, Sample[]> = { ours: [], epanet: [] };
    for (let s = 0; s < samples; s++) {
      warm.ours.push(await measure(ours));
      warm.epanet.push(await measure(theirs));
    }
    rows.push(row(work, 'warm', warm));
  }
  return { junctions: 10_000, inpMegabytes: inp.length / 1e6, rows };
}

export function describeRow(row: ComparisonRow, samples = SAMPLES): string {
  const what = row.work === 'engine' ? 'read + solve' : 'read + solve + all results';
  const ratio = (ours: Sample, theirs: Sample) => `ratio ${(ours.wall / theirs.wall).toFixed(2)} (CPU ${(ours.cpu / theirs.cpu).toFixed(2)})`;
  return (
    `${what}, ${row.state}, best of ${samples}: ours ${row.ours.wall.toFixed(0)} ms (CPU ${row.ours.cpu.toFixed(0)} ms), ` +
    `epanet-js ${row.epanet.wall.toFixed(0)} ms (CPU ${row.epanet.cpu.toFixed(0)} ms): ${ratio(row.ours, row.epanet)}; ` +
    `median: ours ${row.oursMedian.wall.toFixed(0)} ms (CPU ${row.oursMedian.cpu.toFixed(0)} ms), epanet-js ${row.epanetMedian.wall.toFixed(0)} ms (CPU ${row.epanetMedian.cpu.toFixed(0)} ms): ${ratio(row.oursMedian, row.epanetMedian)}`
  );
}

const entry = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (entry && process.argv[2] === '--cold') {
  const [side, work] = process.argv.slice(3) as [Side, Work];
  const run = await runner(side, work, benchInp());
  // Silence epanet-js's warnings on stdout: only the sample goes there.
  const { log, warn } = console;
  console.log = console.warn = () => {};
  const sample = await measure(run);
  Object.assign(console, { log, warn });
  process.stdout.write(`${JSON.stringify(sample)}\n`);
} else if (entry) {
  // `--samples N`: more samples than the default 5 on a loaded machine.
  const at = process.argv.indexOf('--samples');
  const samples = at > 0 ? Math.max(1, Number.parseInt(process.argv[at + 1] ?? '', 10) || SAMPLES) : SAMPLES;
  const comparison = await compareWithEpanet(samples);
  for (const result of comparison.rows) console.log(describeRow(result, samples));
}
