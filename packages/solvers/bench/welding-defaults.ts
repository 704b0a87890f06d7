// Wall time, CPU time and key results of each welding joint's default case on a mesh preset, against
// the preset's target (simulations.md, "Speed": default ≤ 20 s, fine ≤ 5 min on one core; coarse has
// none). The solve is single-threaded, so its CPU seconds are its time on one core; the wall time
// also counts what other processes on a shared machine take, and is shown beside it.
// Usage: node --import tsx packages/solvers/bench/welding-defaults.ts [mesh] [TYPE...]
// Exits non-zero when a case misses its target (like bench/run.ts); not part of `npm test`.
import { WELDING_JOINT_TYPES } from '../src/physics/welding/geometry/joints.js';
import { benchArguments, solveDefaultCase } from './default-cases.js';

const TARGET_CPU_SECONDS: Record<string, number | undefined> = { default: 20, fine: 300 };

const { mesh, types } = benchArguments(WELDING_JOINT_TYPES);
const target = TARGET_CPU_SECONDS[mesh];
let missed = 0;
for (const type of types) {
  const { result, seconds, cpuSeconds } = await solveDefaultCase(type, mesh);
  const s = result.summary;
  const v = (key: string, scale = 1, digits = 2) => (s[key] ? (Number(s[key]!.value) * scale).toFixed(digits) : 'n/a');
  const meshLine = result.log.find((l) => l.message.startsWith('mesh '))?.message.split(' (')[0];
  const verdict = target === undefined ? '    ' : cpuSeconds <= target ? 'ok  ' : 'SLOW';
  if (verdict === 'SLOW') missed++;
  console.log(
    `${verdict} ${type.padEnd(32)} ${seconds.toFixed(1).padStart(6)} s (cpu ${cpuSeconds.toFixed(1)} s${target === undefined ? '' : `, target ≤ ${target} s`})  peak ${v('peak_temperature', 1, 0)} K  FZ ${v('fusion_zone_width', 1000)} mm  pen ${v('penetration_depth', 1000)} mm  HAZ ${v('haz_width', 1000)} mm  t8/5 ${v('t8_5')} s  HV ${v('max_haz_hardness', 1, 0)}  err ${v('energy_balance_error', 1, 6)}  ${meshLine}`,
  );
}
console.log(target === undefined ? `mesh ${mesh}: no speed target` : `mesh ${mesh}: ${types.length - missed} of ${types.length} within ${target} s of CPU, ${missed} missed`);
process.exit(missed === 0 ? 0 : 1);
