// One run on one thread and on two, side by side (docs/performance.md, "Two threads"): a fine welding
// case (the implicit step: linear solve and Newton loops split over a helper thread) and a fine melt
// pool (the explicit step: the kernel, T(E), the peaks), src/thermal/thread-team.ts. Prints wall and
// CPU seconds per thread count, the speed-up, and whether the two summaries are identical (they
// must be: exits non-zero otherwise, or when no helper thread could be had). The jets' RANS solver
// has no threaded path yet; it is named so, not timed.
// Usage: node --import tsx packages/solvers/bench/threads.ts [mesh TYPE]   (default: both fine cases)
import { availableParallelism } from 'node:os';
import { solveDefaultCase } from './default-cases.js';

const [mesh, type] = process.argv.slice(2);
const cases: [string, string][] = mesh && type ? [[type, mesh]] : [['TEE_JOINT_WELD', 'fine'], ['LASER_RIGID_PLATE', 'fine']];
const cores = availableParallelism();
let failed = 0;
for (const [caseType, caseMesh] of cases) {
  const runs: { seconds: number; summary: string; used: boolean }[] = [];
  for (const threads of [1, 2]) {
    const { result, seconds, cpuSeconds } = await solveDefaultCase(caseType, caseMesh, threads);
    const used = result.log.some((line) => /^(implicit step|explicit steps) on 2 threads/.test(line.message));
    runs.push({ seconds, summary: JSON.stringify(result.summary), used });
    console.log(`${caseType} ${caseMesh}: ${threads} thread${threads > 1 ? 's' : ' '} ${seconds.toFixed(1).padStart(6)} s wall, ${cpuSeconds.toFixed(1).padStart(6)} s CPU${threads > 1 && !used ? ' (no helper thread could be had)' : ''}`);
  }
  const [one, two] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const same = one.summary === two.summary;
  if (!same || !two.used) failed++;
  console.log(`${caseType} ${caseMesh}: speed-up on 2 threads ${(one.seconds / two.seconds).toFixed(2)}× (target 1.7×; ${cores} cores here); summaries ${same ? 'identical' : 'DIFFER'}`);
}
console.log('JET_IMPINGING_RIDGE / JET_WITH_PARTICLES_IMPINGING_RIDGE: one thread (the RANS solver and the particle tracking have no threaded path yet)');
process.exit(failed === 0 ? 0 : 1);
