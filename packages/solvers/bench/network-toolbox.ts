// The EPANET toolbox at scale, side by side with EPANET (epanet-js, EPANET 2.3 in WebAssembly) in one
// process (issue 24's targets):
// - steady state of a generated 100 000-junction network (a looped grid with a pump, a tank and a
//   reservoir): our read + solve against EPANET's open + solve, target ratio ≤ 0.3;
// - 24 h extended period with chlorine decay (bulk −0.5/day, wall −0.1 m/day) on the 10 000-junction
//   grid, hydraulics plus water quality: target ratio ≤ 0.5 for a run given two threads.
// Both sides warmed up once, then best and median of the samples, wall clock and CPU; the heap and
// resident memory after each of our runs are printed too. The chlorine day runs twice: on one thread,
// and as a run given two threads does it (the quality on a helper thread beside the
// hydraulics, each interval as soon as its end is known: quality/pipeline.ts). The helper runs the bundle the server would run (built here with
// esbuild, as apps/server/scripts/build.mjs does): code compiled by tsx's CommonJS hook runs the quality
// about half as fast.
//
// `node --import tsx bench/network-toolbox.ts [--samples N]`. Exits 1 when a target is missed (the best
// wall times' ratio over it).

import { fileURLToPath } from 'node:url';
import { CountType, NodeProperty, Project, Workspace } from 'epanet-js';
import { parseInp, writeInp } from '../src/index.js';
import { compileNetwork } from '../src/physics/network/hydraulics/compile.js';
import { startQualityPipeline } from '../src/physics/network/quality/pipeline.js';
import { simulateQuality } from '../src/physics/network/quality/simulate.js';
import { simulateNetwork } from '../src/physics/network/simulate.js';
import { generateNetwork } from '../test/networks.js';
import { measure, type Sample } from './network-vs-epanet.js';
import { bundledHelpers } from './default-cases.js';

export interface ToolboxRow {
  case: string;
  /** The largest ratio of our best wall time to EPANET's; undefined: printed for reference. */
  target: number | undefined;
  ours: Sample;
  epanet: Sample;
  oursMedian: Sample;
  epanetMedian: Sample;
  /** Heap and resident set after our run, MB. */
  heapMb: number;
  rssMb: number;
}

function largeSteadyInp(): string {
  const model = generateNetwork({ seed: 11, rows: 316, cols: 317, headloss: 'H-W', flowUnits: 'LPS', hours: 0, devices: false });
  return writeInp(model).text;
}

function chlorineDayInp(): string {
  const model = generateNetwork({ seed: 7, rows: 100, cols: 100, headloss: 'H-W', flowUnits: 'LPS', hours: 24, devices: false });
  model.quality = { parameter: 'chemical', chemical: 'Chlorine', units: 'mg/L', globalBulk: -0.5, globalWall: -0.1, initial: Object.fromEntries(model.reservoirs.map((r) => [r.id, 1])) };
  return writeInp(model).text;
}


const middle = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
};

async function compare(name: string, target: number | undefined, samples: number, ours: () => void | Promise<void>, theirs: () => void): Promise<ToolboxRow> {
  await ours();
  theirs();
  const a: Sample[] = [];
  const b: Sample[] = [];
  let heapMb = 0;
  let rssMb = 0;
  for (let s = 0; s < samples; s++) {
    // Alternate which side goes first, so neither always meets the quieter machine.
    if (s % 2 === 1) b.push(await measure(theirs));
    a.push(await measure(ours));
    const memory = process.memoryUsage();
    heapMb = Math.max(heapMb, memory.heapUsed / 1e6);
    rssMb = Math.max(rssMb, memory.rss / 1e6);
    if (s % 2 === 0) b.push(await measure(theirs));
  }
  const best = (x: Sample[]) => ({ wall: Math.min(...x.map((s) => s.wall)), cpu: Math.min(...x.map((s) => s.cpu)) });
  const median = (x: Sample[]) => ({ wall: middle(x.map((s) => s.wall)), cpu: middle(x.map((s) => s.cpu)) });
  return { case: name, target, ours: best(a), epanet: best(b), oursMedian: median(a), epanetMedian: median(b), heapMb, rssMb };
}

export async function compareToolbox(samples = 3): Promise<ToolboxRow[]> {
  const workspace = new Workspace();
  await workspace.loadModule();
  const epanetRun = (file: string, quality: boolean) => () => {
    const project = new Project(workspace);
    project.open(file, `${file}.rpt`, `${file}.out`);
    if (quality) {
      project.solveH();
      project.openQ();
      project.initQ(0);
      let tstep: number;
      do {
        project.runQ();
        tstep = project.nextQ();
      } while (tstep > 0);
      project.closeQ();
    } else {
      project.openH();
      project.initH(0);
      project.runH();
      project.closeH();
    }
    project.getNodeValue(project.getCount(CountType.NodeCount), quality ? NodeProperty.Quality : NodeProperty.Head);
    project.close();
  };
  const rows: ToolboxRow[] = [];

  const steady = largeSteadyInp();
  workspace.writeFile('steady.inp', steady);
  rows.push(await compare('100 000-junction grid, steady: read + solve', 0.3, samples, () => void simulateNetwork(compileNetwork(parseInp(steady).network)), epanetRun('steady.inp', false)));

  const chlorine = chlorineDayInp();
  workspace.writeFile('chlorine.inp', chlorine);
  rows.push(
    await compare(
      '10 000-junction grid, 24 h with chlorine decay: hydraulics + quality, one thread',
      // (The target is a run's, and a run given two threads takes the row below.)
      undefined,
      samples,
      () => {
        const model = parseInp(chlorine).network;
        simulateQuality(simulateNetwork(model), model);
      },
      epanetRun('chlorine.inp', true),
    ),
  );
  const helpers = await bundledHelpers();
  rows.push(
    await compare(
      '10 000-junction grid, 24 h with chlorine decay: hydraulics + quality, two threads (quality on a helper)',
      0.5,
      samples,
      async () => {
        const model = parseInp(chlorine).network;
        const net = compileNetwork(model);
        const pipeline = startQualityPipeline(model, net, helpers)!;
        simulateNetwork(net, { onSnapshot: (step) => pipeline.push(step), onAdvance: (time, head) => pipeline.advance({ time, head }) });
        await pipeline.finish();
      },
      epanetRun('chlorine.inp', true),
    ),
  );
  return rows;
}

/** Whether a row's best wall-time ratio is over its target. */
export function missed(row: ToolboxRow): boolean {
  return row.target !== undefined && row.ours.wall / row.epanet.wall > row.target;
}

export function describeToolboxRow(row: ToolboxRow): string {
  const ratio = (ours: Sample, theirs: Sample) => `${(ours.wall / theirs.wall).toFixed(2)} (CPU ${(ours.cpu / theirs.cpu).toFixed(2)})`;
  return (
    `${row.case}: ours ${row.ours.wall.toFixed(0)} ms, epanet-js ${row.epanet.wall.toFixed(0)} ms, ratio ${ratio(row.ours, row.epanet)} ` +
    `[${row.target === undefined ? 'for reference' : `target ≤ ${row.target}${missed(row) ? ': MISSED' : ''}`}]; ` +
    `median ratio ${ratio(row.oursMedian, row.epanetMedian)}; our heap ${row.heapMb.toFixed(0)} MB, resident ${row.rssMb.toFixed(0)} MB`
  );
}

const entry = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (entry) {
  const at = process.argv.indexOf('--samples');
  const samples = at > 0 ? Math.max(1, Number.parseInt(process.argv[at + 1] ?? '', 10) || 3) : 3;
  const { log, warn } = console;
  console.log = console.warn = () => {};
  const rows = await compareToolbox(samples);
  Object.assign(console, { log, warn });
  for (const row of rows) console.log(describeToolboxRow(row));
  // A miss fails the benchmark, so that `npm run bench`'s summary shows it (scripts/bench.ts).
  if (rows.some(missed)) process.exit(1);
}
