import { solveDefaultCase } from '/work/main/packages/solvers/bench/default-cases.js';
const [type='LASER_RIGID_PLATE', mesh='default'] = process.argv.slice(2);
const r = await solveDefaultCase(type, mesh);
console.log(type, mesh, r.seconds.toFixed(1), 'cpu', r.cpuSeconds.toFixed(1), r.result.log.find((l:any)=>l.message.startsWith('mesh '))?.message);
