// One run on one thread and on two, side by side (docs/performance.md, "Two threads"): a fine welding
// case, whose implicit step's linear solve and Newton loops split over a helper thread
// (src/thermal/thread-team.ts). Prints wall and CPU seconds per thread count, the speed-up, and
// whether the two summaries are identical (they must be: exits non-zero otherwise). The jets' RANS
// solver has no threaded path yet; it is named so, not timed.
// Usage: node --import tsx packages/solvers/bench/threads.ts [mesh] [TYPE]   (default: fine TEE_JOINT_WELD)
import { availableParallelism } from 'node:os';
import { solveDefaultCase } from './default-cases.js';

const [mesh = 'fine', type = 'TEE_JOINT_WELD'] = process.argv.slice(2);
const cores = availableParallelism();
const counts = [1, 2];
const runs: { threads: number; seconds: number; cpuSeconds: number; summary: string; used: boolean }[] = [];
for (const threads of counts) {
  const { result, seconds, cpuSeconds } = await solveDefaultCase(type, mesh, threads);
  const used = result.log.some((line) => line.message.startsWith('implicit step on 2 threads'));
  runs.push({ threads, seconds, cpuSeconds, summary: JSON.stringify(result.summary), used });
  console.log(`${type} ${mesh}: ${threads} thread${threads > 1 ? 's' : ' '} ${seconds.toFixed(1).padStart(6)} s wall, ${cpuSeconds.toFixed(1).padStart(6)} s CPU${threads > 1 && !used ? ' (no helper thread could be had)' : ''}`);
}
const [one, two] = runs as [(typeof runs)[0], (typeof runs)[0]];
const same = one.summary === two.summary;
console.log(`speed-up on 2 threads: ${(one.seconds / two.seconds).toFixed(2)}× (target 1.7×; ${cores} cores here); summaries ${same ? 'identical' : 'DIFFER'}`);
console.log('JET_IMPINGING_RIDGE / JET_WITH_PARTICLES_IMPINGING_RIDGE: one thread (the RANS solver and the particle tracking have no threaded path yet)');
process.exit(same && two.used ? 0 : 1);
