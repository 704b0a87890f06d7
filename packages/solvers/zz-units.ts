import { solverTypes, solve, parameterDefaults, estimate } from './src/index.js';
function fast(type: string): Record<string, unknown> {
  const p = parameterDefaults(type) as any;
  if ('mesh_size' in p) p.mesh_size = 'coarse';
  if (p.geometry && typeof p.geometry.length === 'number' && 'cooling_time' in p) { p.geometry.length = 0.06; p.cooling_time = 40; p.interpass_time = 20; }
  return p;
}
const mode = process.argv[2] ?? 'fast';
const all = new Map<string, Set<string>>();
const add = (u: string, where: string) => { if (!all.has(u)) all.set(u, new Set()); all.get(u)!.add(where); };
for (const type of solverTypes()) {
  const params = mode === 'fast' ? fast(type) : parameterDefaults(type);
  const t0 = performance.now();
  try {
    const r = await solve({ type, parameters: params });
    const ms = performance.now() - t0;
    for (const [k, s] of Object.entries(r.summary)) add(s.unit, `${type} summary ${k}`);
    for (const [k, s] of Object.entries(r.series)) { add(s.x.unit, `${type} series ${k}.x`); for (const y of s.y) add(y.unit, `${type} series ${k}.${y.name}`); }
    for (const [k, f] of Object.entries(r.fields)) { add(f.unit, `${type} field ${k}`); for (const a of (f.grid as any).axes ?? []) if (a.unit !== undefined) add(a.unit, `${type} field ${k} axis`); }
    const e = estimate(type, params);
    for (const [k, s] of Object.entries(e.results)) add((s as any).unit, `${type} estimate ${k}`);
    console.log(type, Math.round(ms), 'ms', 'est', e.expected_runtime_seconds.toFixed(1));
  } catch (e) { console.log(type, 'ERR', (e as Error).message); }
}
for (const [u, w] of all) console.log(JSON.stringify(u), [...w].slice(0, 3).join(' | '), w.size);
