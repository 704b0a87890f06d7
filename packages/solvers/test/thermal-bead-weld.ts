// The weld the thermal core's implicit-step tests run with everything switched on: an S355 plate
// (z < 0) with a millimetre-high filler strip along its top (|y| < 2 mm, 0 < z < 1 mm; the rest above
// the plate void), a 1500 W Goldak torch moving along the strip at 6 mm/s, convection and radiation
// on every exposed face, and the filler deposited at 1550 °C as the torch passes
// (src/thermal/newton.test.ts, verification/thermal-energy-balance.test.ts, thermal-cg-systems.ts).

import { s355 } from '../src/materials/solids/index.js';
import { CELL_FILLER, GoldakSource, StructuredMesh, type AxisFaces, type StepReport, type ThermalProblem, type ThermalSolver } from '../src/thermal/index.js';

const TORCH_SPEED = 0.006;
/** The filler's temperature when it is deposited, K. */
export const DEPOSIT_TEMPERATURE = 1550 + 273.15;
const AMBIENT = 293.15;

export interface BeadWeld {
  mesh: StructuredMesh;
  /** The plate and bead from 20 °C, the torch, 15 W/(m²·K) and emissivity 0.8 to 20 °C surroundings. */
  problem: ThermalProblem;
  /**
   * Runs `solver` (made on `problem`) to `endTime`, depositing after every step the filler cells the
   * torch has passed; `onStep` sees each step's cells before they are deposited.
   */
  run(solver: ThermalSolver, options: { endTime: number; timeStep: number; onStep?: (report: StepReport, solver: ThermalSolver, deposited: number[]) => void }): Promise<void>;
}

/** The weld on the mesh of these faces, the torch starting at x = `start` (m) and off at `offTime` (s). */
export function beadWeld(faces: { x: AxisFaces; y: AxisFaces; z: AxisFaces }, path: { start: number; offTime: number }): BeadWeld {
  const mesh = new StructuredMesh(faces.x, faces.y, faces.z);
  mesh.setMask(0, (_x, _y, z) => z > 0);
  mesh.setMask(CELL_FILLER, (_x, y, z) => z > 0 && z < 0.001 && Math.abs(y) < 0.002);
  const torch = new GoldakSource({ power: 1500, frontLength: 2e-3, rearLength: 5e-3, halfWidth: 2.5e-3, depth: 2.5e-3, path: { start: { x: path.start, y: 0, z: 0.001 }, speed: TORCH_SPEED, offTime: path.offTime } });
  const problem: ThermalProblem = { mesh, materials: [s355], initialTemperature: AMBIENT, sources: [torch], surface: { convectionCoefficient: 15, emissivity: 0.8, ambientTemperature: AMBIENT } };
  const fillerBehindTorch = (time: number): number[] => {
    const front = path.start + TORCH_SPEED * Math.min(time, path.offTime);
    const cells: number[] = [];
    for (let i = 0; i < mesh.cellCount; i++) if (mesh.mask[i] === CELL_FILLER && mesh.xc[i % mesh.nx]! < front) cells.push(i);
    return cells;
  };
  const run: BeadWeld['run'] = (solver, { endTime, timeStep, onStep }) =>
    solver.run({
      endTime,
      timeStep,
      onStep: (report, s) => {
        const cells = fillerBehindTorch(s.time);
        onStep?.(report, s, cells);
        s.activate(cells, DEPOSIT_TEMPERATURE);
      },
    });
  return { mesh, problem, run };
}
