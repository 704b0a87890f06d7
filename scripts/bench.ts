// `npm run bench`: every speed benchmark of docs/performance.md, one after another, each to the end
// even when one before it missed its target, so that one miss does not hide the others' figures.
// Prints a summary line per benchmark and exits 1 when any of them did (a miss, or a failure).
//
//   npm run bench                     # all of them
//   npm run bench -- --only solvers   # those of one workspace (solvers, server, web)

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface Bench {
  name: string;
  workspace: 'solvers' | 'server' | 'web';
  /** The command, run from the workspace's folder. */
  command: string[];
}

const FOLDERS = { solvers: 'packages/solvers', server: 'apps/server', web: 'apps/web' } as const;
const tsx = (file: string): string[] => [process.execPath, '--import', 'tsx', file];
const npm = (script: string): string[] => ['npm', 'run', script];

const BENCHES: Bench[] = [
  { name: 'default case of every type', workspace: 'solvers', command: tsx('bench/run.ts') },
  { name: 'conduction kernel against C', workspace: 'solvers', command: tsx('bench/conduction-kernel.ts') },
  { name: 'network toolbox against EPANET', workspace: 'solvers', command: tsx('bench/network-toolbox.ts') },
  { name: 'one and two threads', workspace: 'solvers', command: tsx('bench/threads.ts') },
  { name: 'estimate request', workspace: 'server', command: npm('bench:estimate') },
  { name: 'queue and API under load', workspace: 'server', command: npm('bench:queue') },
  { name: 'first page', workspace: 'web', command: npm('bench:first-page') },
];

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const chosen = BENCHES.filter((bench) => only === undefined || bench.workspace === only);
if (chosen.length === 0) {
  console.error(`npm run bench: no benchmark of '${only}' (workspaces: ${Object.keys(FOLDERS).join(', ')})`);
  process.exit(2);
}

const outcomes = chosen.map((bench) => {
  console.log(`\n=== ${bench.name} (${FOLDERS[bench.workspace]}: ${bench.command.slice(bench.command[0] === 'npm' ? 0 : 3).join(' ')})`);
  const started = performance.now();
  const run = spawnSync(bench.command[0]!, bench.command.slice(1), { cwd: `${root}${FOLDERS[bench.workspace]}`, stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  return { bench, status: run.status ?? 1, seconds };
});

console.log('\n=== npm run bench: summary');
for (const { bench, status, seconds } of outcomes) console.log(`  ${status === 0 ? 'ok    ' : 'MISSED'}  ${bench.name.padEnd(32)} ${seconds.toFixed(0).padStart(5)} s${status === 0 ? '' : ` (exit ${status})`}`);
const missed = outcomes.filter((o) => o.status !== 0);
console.log(missed.length === 0 ? `every benchmark met its targets (${outcomes.length})` : `${missed.length} of ${outcomes.length} benchmarks missed a target or failed: ${missed.map((o) => o.bench.name).join(', ')}`);
process.exit(missed.length === 0 ? 0 : 1);
