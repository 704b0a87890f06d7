// Conduction kernel benchmark (simulations.md, "Speed"): the explicit 7-point update of the thermal
// core (src/thermal/terms.ts explicitConductionUpdate, then T = T(E), a copy for a unit capacity) on a 100×100×100 grid, timed in
// TypeScript and the same kernel in C (bench/conduction-kernel.c, compiled here with gcc -O2), run
// side by side. Prints cell updates per second for both and the ratio (target ≥ 0.5). Without gcc the
// C part is skipped (exit 0). Both runs must agree on the checksum (same arithmetic). Both hold the
// seven arrays one after another in one block, as the thermal solver does (contiguousFloat64Arrays).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contiguousFloat64Arrays, explicitConductionUpdate } from '../src/thermal/terms.js';

const [nx, ny, nz] = [100, 100, 100];
const steps = Number(process.env.SIMFORGE_BENCH_STEPS ?? 40);
const TARGET = 0.5;

function runTypeScript(): { rate: number; checksum: number } {
  const n = nx * ny * nz;
  const [T, Gx, Gy, Gz, rdt, extra, E] = contiguousFloat64Arrays(7, n) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  for (let i = 0; i < n; i++) {
    const ix = i % nx;
    const iy = Math.floor(i / nx) % ny;
    const iz = Math.floor(i / (nx * ny));
    T[i] = 293.15 + (ix === nx >> 1 && iy === ny >> 1 && iz === nz >> 1 ? 1000 : 0);
    Gx[i] = ix < nx - 1 ? 1 : 0;
    Gy[i] = iy < ny - 1 ? 1 : 0;
    Gz[i] = iz < nz - 1 ? 1 : 0;
    rdt[i] = 0.15;
  }
  // Written, as the C writes it: an untouched zero-filled buffer would read the OS's shared zero
  // page, sparing TypeScript one array's memory traffic that C pays.
  extra.fill(0);
  E.set(T);
  const step = (): void => {
    explicitConductionUpdate(T, Gx, Gy, Gz, nx, ny, nz, rdt, extra, E);
    T.set(E);
  };
  const t0 = performance.now();
  for (let s = 0; s < steps; s++) step();
  const seconds = (performance.now() - t0) / 1000;
  let checksum = 0;
  for (let i = 0; i < n; i++) checksum += T[i]!;
  return { rate: (n * steps) / seconds, checksum };
}

function runC(): { rate: number; checksum: number } | string {
  const source = fileURLToPath(new URL('./conduction-kernel.c', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'simforge-kernel-'));
  try {
    const binary = join(dir, 'conduction-kernel');
    try {
      execFileSync('gcc', ['-O2', '-o', binary, source], { stdio: 'pipe' });
    } catch (error) {
      return `gcc not available or failed (${(error as Error).message.split('\n')[0]}): C comparison skipped`;
    }
    const [rate, checksum] = execFileSync(binary, [String(nx), String(ny), String(nz), String(steps)], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
    return { rate: rate!, checksum: checksum! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (rate: number): string => `${(rate / 1e6).toFixed(1)} M cell updates/s`;
// Best of REPEATS runs each, interleaved, so that a busy machine penalises both sides alike.
const REPEATS = 5;
runTypeScript(); // warm-up (JIT)
let ts = runTypeScript();
let c: { rate: number; checksum: number } | string = runC();
for (let k = 1; k < REPEATS; k++) {
  const t = runTypeScript();
  if (t.rate > ts.rate) ts = t;
  if (typeof c === 'string') continue;
  const native = runC();
  if (typeof native !== 'string' && native.rate > c.rate) c = native;
}
console.log(`conduction kernel ${nx}×${ny}×${nz}, ${steps} explicit steps, best of ${REPEATS}`);
console.log(`  TypeScript: ${fmt(ts.rate)}`);
if (typeof c === 'string') {
  console.log(`  C: ${c}`);
  process.exit(0);
}
console.log(`  C (gcc -O2): ${fmt(c.rate)}`);
const ratio = ts.rate / c.rate;
const agree = Math.abs(ts.checksum - c.checksum) <= 1e-9 * Math.abs(c.checksum);
console.log(`  ratio TS/C: ${ratio.toFixed(2)} (target ≥ ${TARGET}) ${ratio >= TARGET ? 'ok' : 'BELOW TARGET'}; checksums ${agree ? 'agree' : `differ (${ts.checksum} vs ${c.checksum})`}`);
process.exit(ratio >= TARGET && agree ? 0 : 1);
