// Wall time, iterations and cell updates per second of the default case of each jet type
// (simulations.md, "Speed": jets ≤ 60 s on one core, the fine preset ≤ 10 minutes).
// Usage: node --import tsx packages/solvers/bench/jet-defaults.ts [mesh] [TYPE...]
// A cell update is one cell of one outer (SIMPLEC) iteration: momentum, pressure correction, energy
// and, when turbulent, k and ω.
import { JET_TYPES } from '../src/physics/jet/model/parameters.js';
import { benchArguments, solveDefaultCase } from './default-cases.js';

const { mesh, types } = benchArguments(JET_TYPES);
for (const type of types) {
  const { result, seconds, cpuSeconds } = await solveDefaultCase(type, mesh);
  const s = result.summary;
  const iterations = Number(s['iterations']!.value);
  const cells = Number(/= (\d+) cells/.exec(result.log.find((l) => l.message.startsWith('mesh '))?.message ?? '')?.[1] ?? Number.NaN);
  const flowSeconds = (() => {
    const begin = result.log.find((l) => l.message === 'phase: flow')?.t;
    const end = result.log.find((l) => l.message.startsWith('balances:'))?.t;
    return begin !== undefined && end !== undefined ? end - begin : seconds;
  })();
  const v = (key: string, digits = 1) => (s[key] ? Number(s[key]!.value).toFixed(digits) : 'n/a');
  console.log(
    `${type.padEnd(38)} ${seconds.toFixed(1).padStart(6)} s (cpu ${cpuSeconds.toFixed(1)} s)  ${cells} cells  ${iterations} iterations (${s['converged']!.value})  ` +
      `${((cells * iterations) / flowSeconds).toExponential(2)} cell updates/s  Nu0 ${v('stagnation_nusselt')}  Nu_avg ${v('average_nusselt')}  y+max ${v('max_first_cell_y_plus')}` +
      (s['impaction_efficiency'] ? `  impaction ${v('impaction_efficiency', 3)}` : '') +
      `  ${seconds <= (mesh === 'fine' ? 600 : 60) ? 'ok' : 'SLOW'}`,
  );
}
