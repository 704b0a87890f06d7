// Conduction kernel benchmark (simulations.md, "Speed"): the explicit 7-point update of the thermal
// core (src/thermal/terms.ts explicitConductionUpdate, then T = T(E), a copy for a unit capacity) on a
// 100×100×100 grid, timed in TypeScript, in WebAssembly SIMD (src/thermal/wasm-kernel.ts, the module
// built from wasm/kernel.ts) and in C (bench/conduction-kernel.c, the same kernel, compiled here
// with gcc -O2 and with gcc -O3 -march=native), run side by side. Prints cell updates per second and
// the ratios WASM/C(-O3 native) (target ≥ 0.85) and TS/C(-O2) (target ≥ 0.5). Without gcc the C part
// is skipped. All runs hold the seven arrays one after another in one block, as the thermal solver
// does (contiguousFloat64Arrays). TypeScript and WebAssembly must give the same checksum bit for bit
// (same arithmetic); C within 1e-9 (gcc -march=native may fuse a multiply and an add).
// Exit code: 1 when the checksums disagree or either ratio misses its target (`npm run bench` goes
// on to the next benchmark all the same: scripts/bench.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contiguousFloat64Arrays, explicitConductionUpdate } from '../src/thermal/terms.js';
import { useWasmKernel, wasmKernelAvailable } from '../src/thermal/wasm-kernel.js';

const [nx, ny, nz] = [100, 100, 100];
const steps = Number(process.env.SIMFORGE_BENCH_STEPS ?? 40);
const TARGET = 0.5;
const WASM_TARGET = 0.85;

type Run = { rate: number; checksum: number };

/** The kernel in TypeScript or (wasm) WebAssembly: where the block is allocated decides which runs. */
function runKernel(wasm: boolean): Run {
  const n = nx * ny * nz;
  useWasmKernel(wasm);
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

function runC(flags: readonly string[]): Run | string {
  const source = fileURLToPath(new URL('./conduction-kernel.c', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'simforge-kernel-'));
  try {
    const binary = join(dir, 'conduction-kernel');
    try {
      execFileSync('gcc', [...flags, '-o', binary, source], { stdio: 'pipe' });
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
const best = (a: Run | string, b: Run | string): Run | string => (typeof a === 'string' || typeof b === 'string' ? a : b.rate > a.rate ? b : a);
const O2 = ['-O2'];
const O3_NATIVE = ['-O3', '-march=native'];
const hasWasm = (useWasmKernel(true), wasmKernelAvailable());
// Best of REPEATS runs each, interleaved, so that a busy machine penalises all sides alike. The
// warm-up runs let V8 optimise the TypeScript and tier the WebAssembly up to its optimising compiler.
const REPEATS = 5;
runKernel(false);
if (hasWasm) runKernel(true);
let ts: Run = runKernel(false);
let wasm: Run | string = hasWasm ? runKernel(true) : 'the module is not built or WebAssembly SIMD is missing (npm run build:wasm -w packages/solvers)';
let c2: Run | string = runC(O2);
let c3: Run | string = typeof c2 === 'string' ? c2 : runC(O3_NATIVE);
for (let k = 1; k < REPEATS; k++) {
  const t = runKernel(false);
  if (t.rate > ts.rate) ts = t;
  if (typeof wasm !== 'string') wasm = best(wasm, runKernel(true));
  if (typeof c2 === 'string') continue;
  c2 = best(c2, runC(O2));
  c3 = best(c3, runC(O3_NATIVE));
}
console.log(`conduction kernel ${nx}×${ny}×${nz}, ${steps} explicit steps, best of ${REPEATS}`);
console.log(`  TypeScript: ${fmt(ts.rate)}`);
console.log(`  WebAssembly SIMD: ${typeof wasm === 'string' ? wasm : fmt(wasm.rate)}`);
let failed = false;
if (typeof wasm !== 'string' && wasm.checksum !== ts.checksum) {
  console.log(`  checksums of TS and WebAssembly differ (${ts.checksum} vs ${wasm.checksum}): the kernels must agree bit for bit`);
  failed = true;
}
if (typeof c2 === 'string' || typeof c3 === 'string') {
  console.log(`  C: ${typeof c2 === 'string' ? c2 : c3}`);
  process.exit(failed ? 1 : 0);
}
console.log(`  C (gcc -O2): ${fmt(c2.rate)}`);
console.log(`  C (gcc -O3 -march=native): ${fmt(c3.rate)}`);
const agree = (run: Run, c: Run): boolean => Math.abs(run.checksum - c.checksum) <= 1e-9 * Math.abs(c.checksum);
const ratio = ts.rate / c2.rate;
console.log(`  ratio TS/C(-O2): ${ratio.toFixed(2)} (target ≥ ${TARGET}) ${ratio >= TARGET ? 'ok' : 'BELOW TARGET'}; TS/C(-O3 native): ${(ts.rate / c3.rate).toFixed(2)}`);
const wasmRatio = typeof wasm === 'string' ? Number.NaN : wasm.rate / c3.rate;
if (typeof wasm !== 'string') {
  console.log(`  ratio WASM/C(-O3 native): ${wasmRatio.toFixed(2)} (target ≥ ${WASM_TARGET}) ${wasmRatio >= WASM_TARGET ? 'ok' : 'BELOW TARGET'}; WASM/C(-O2): ${(wasm.rate / c2.rate).toFixed(2)}`);
}
const cAgree = agree(ts, c2) && agree(ts, c3);
console.log(`  checksums of TS and C ${cAgree ? 'agree' : `differ (${ts.checksum} vs ${c2.checksum}, ${c3.checksum})`}`);
const wasmMet = typeof wasm === 'string' || wasmRatio >= WASM_TARGET;
process.exit(ratio >= TARGET && wasmMet && cAgree && !failed ? 0 : 1);
