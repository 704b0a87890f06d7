// A/B of the WebAssembly and TypeScript paths (the explicit conduction kernel and the implicit
// schemes' conjugate-gradient loops) on whole runs: solves a type's default case
// (LASER_RIGID_PLATE unless named) with the WebAssembly SIMD kernel and with the TypeScript kernel
// (SIMFORGE_WASM=0), each in its own process, in turn (A B A B ...), and prints both wall and CPU times and
// whether the results (summary, series, fields; the log carries timestamps) are identical.
// Exit code 1 when they differ. Usage: node --import tsx bench/kernel-paths-ab.ts [TYPE] [MESH] [PAIRS]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { solveDefaultCase } from './default-cases.js';
import { wasmKernelAvailable } from '../src/thermal/wasm-kernel.js';

const [type = 'LASER_RIGID_PLATE', mesh = 'default', pairs = '1'] = process.argv.slice(2);

if (process.env.SIMFORGE_AB_CHILD) {
  const { result, seconds, cpuSeconds } = await solveDefaultCase(type, mesh);
  const { summary, series, fields } = result as unknown as Record<string, unknown>;
  const digest = createHash('sha256').update(JSON.stringify({ summary, series, fields }, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v))).digest('hex');
  console.log(JSON.stringify({ wasm: wasmKernelAvailable(), seconds, cpuSeconds, digest }));
} else {
  const self = fileURLToPath(import.meta.url);
  const run = (wasm: boolean): { wasm: boolean; seconds: number; cpuSeconds: number; digest: string } =>
    JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', self, type, mesh], { env: { ...process.env, SIMFORGE_AB_CHILD: '1', SIMFORGE_WASM: wasm ? '1' : '0' }, encoding: 'utf8' }).trim().split('\n').pop()!);
  const digests = new Set<string>();
  for (let k = 0; k < Number(pairs); k++) {
    const a = run(true);
    const b = run(false);
    console.log(`${type} ${mesh}: WebAssembly ${a.seconds.toFixed(2)} s, cpu ${a.cpuSeconds.toFixed(2)} s (${a.wasm ? 'on' : 'NOT AVAILABLE'}); TypeScript ${b.seconds.toFixed(2)} s, cpu ${b.cpuSeconds.toFixed(2)} s; ratio wall ${(a.seconds / b.seconds).toFixed(2)}, cpu ${(a.cpuSeconds / b.cpuSeconds).toFixed(2)}`);
    digests.add(a.digest).add(b.digest);
  }
  console.log(digests.size === 1 ? 'results identical on both paths' : 'results DIFFER between the paths');
  process.exit(digests.size === 1 ? 0 : 1);
}
