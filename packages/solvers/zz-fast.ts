import { solve, parameterDefaults, estimate } from './src/index.js';
const variants: [string, (p: any) => void][] = [
  ['LASER_FLEXIBLE_PLATE', (p) => { p.mesh_size = 'coarse'; p.laser.track_length = 0.0003; p.laser.spot_radius = 0.0001; }],
  ['LASER_PLASMA_FLEXIBLE_PLATE', (p) => { p.mesh_size = 'coarse'; p.laser.track_length = 0.0003; p.laser.spot_radius = 0.0001; }],
  ['LASER_FLEXIBLE_PLATE', (p) => { p.mesh_size = 'coarse'; p.laser.track_length = 0.0003; p.laser.spot_radius = 0.0001; p.plate.width = 0.004; p.plate.length = 0.004; p.plate.thickness = 0.001; }],
  ['JET_IMPINGING_SURFACE', (p) => { p.mesh_size = 'coarse'; p.domain_radius = 0.05; p.average_radius = 0.02; }],
  ['JET_IMPINGING_SURFACE', (p) => { p.mesh_size = 'coarse'; p.domain_radius = 0.05; p.average_radius = 0.02; p.reynolds_number = 5000; }],
  ['JET_WITH_PARTICLES_IMPINGING_SURFACE', (p) => { p.mesh_size = 'coarse'; p.domain_radius = 0.05; p.average_radius = 0.02; }],
  ['JET_IMPINGING_RIDGE', (p) => { p.mesh_size = 'coarse'; p.domain_radius = 0.05; p.average_radius = 0.02; }],
  ['JET_WITH_PARTICLES_IMPINGING_RIDGE', (p) => { p.mesh_size = 'coarse'; p.domain_radius = 0.05; p.average_radius = 0.02; }],
  ['CIRCULAR_ANNULUS', (p) => { }],
  ['CIRCULAR_PIPE', (p) => { }],
];
for (const [type, tweak] of variants) {
  const p = parameterDefaults(type) as any; tweak(p);
  const c0 = process.cpuUsage(); const t0 = performance.now();
  try {
    const r = await solve({ type, parameters: p });
    const c = process.cpuUsage(c0);
    console.log(type, JSON.stringify(p).slice(0, 0), 'cpu', Math.round((c.user + c.system) / 1000), 'ms wall', Math.round(performance.now() - t0), 'est', estimate(type, p).expected_runtime_seconds.toFixed(2), Object.keys(r.fields).length, Object.keys(r.series).length);
  } catch (e) { console.log(type, 'ERR', (e as Error).message); }
}
