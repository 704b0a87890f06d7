// Wall time and key results of the default case of each welding joint (simulations.md, "Speed":
// ≤ 20 s on one core). Usage: node --import tsx packages/solvers/bench/welding-defaults.ts [mesh] [TYPE...]
import { parameterDefaults, solve } from '../src/index.js';
import { WELDING_JOINT_TYPES } from '../src/physics/welding/geometry/joints.js';

const [mesh = 'default', ...only] = process.argv.slice(2);
const types = only.length > 0 ? only : [...WELDING_JOINT_TYPES];
for (const type of types) {
  const parameters = parameterDefaults(type) as Record<string, unknown>;
  parameters.mesh_size = mesh;
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await solve({ type, parameters });
  const seconds = (performance.now() - start) / 1000;
  const cpuSeconds = process.cpuUsage(cpu).user / 1e6;
  const s = result.summary;
  const v = (key: string, scale = 1, digits = 2) => (s[key] ? (Number(s[key]!.value) * scale).toFixed(digits) : 'n/a');
  const meshLine = result.log.find((l) => l.message.startsWith('mesh '))?.message.split(' (')[0];
  console.log(
    `${type.padEnd(32)} ${seconds.toFixed(1).padStart(6)} s (cpu ${cpuSeconds.toFixed(1)} s)  peak ${v('peak_temperature', 1, 0)} K  FZ ${v('fusion_zone_width', 1000)} mm  pen ${v('penetration_depth', 1000)} mm  HAZ ${v('haz_width', 1000)} mm  t8/5 ${v('t8_5')} s  HV ${v('max_haz_hardness', 1, 0)}  err ${v('energy_balance_error', 1, 6)}  ${meshLine}`,
  );
}
