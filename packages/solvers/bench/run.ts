// Speed benchmarks (simulations.md, "Speed"): every type's default case within 20 s on one core,
// an estimate well under 50 ms. Prints measured times; exits non-zero when a target is missed so
// a regression is visible, but it is not part of `npm test` (timings depend on the machine's load).
import { estimate, parameterDefaults, solve, solverTypes } from '../src/index.js';

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
for (const type of solverTypes()) {
  const parameters = parameterDefaults(type);
  // A type that takes seconds is timed once (JIT warm-up is then negligible); a fast one as the
  // median of five after a warm-up.
  const [first] = await time(() => solve({ type, parameters }), 1);
  const solveTimes = first! < 1000 ? await time(() => solve({ type, parameters }), 5) : [first!];
  rows.push({ case: `${type} default case: solve`, median_ms: median(solveTimes), target_ms: 20_000 });

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
