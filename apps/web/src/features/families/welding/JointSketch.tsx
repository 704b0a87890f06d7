// Small schematic of each welding joint for the type picker: the plates hatched grey, the weld bead
// highlighted. The shapes follow the solver's parametric sections
// (packages/solvers/src/physics/welding/geometry/joints.ts) at illustrative proportions, in mm with
// y across the weld and z up.
import { useId } from 'react';
import { drawingColours } from './CrossSectionDrawing';

type P = [number, number];

interface Sketch {
  plates: P[][];
  beads: P[][];
}

const rect = (y0: number, y1: number, z0: number, z1: number): P[] => [
  [y0, z0],
  [y1, z0],
  [y1, z1],
  [y0, z1],
];
const mirror = (ring: P[]): P[] => ring.map(([y, z]) => [-y, z]);

// Single-V: 10 mm plates, 60° groove, 2 mm root face, 2 mm gap.
const vBevel = 8 * Math.tan(Math.PI / 6);
const vPlate: P[] = [[-26, 0], [-1, 0], [-1, 2], [-1 - vBevel, 10], [-26, 10]];
// Double-V: 12 mm plates, 60° grooves, 2 mm root face, 1 mm gap.
const dvBevel = 5 * Math.tan(Math.PI / 6);
const dvPlate: P[] = [[-26, 0], [-0.5 - dvBevel, 0], [-0.5, 5], [-0.5, 7], [-0.5 - dvBevel, 12], [-26, 12]];
// Full-penetration tee: 8 mm flange, 10 mm web with a K preparation (45°, 2 mm root face), 1 mm gap.
const teeRise = 4;

export const jointSketches: Readonly<Record<string, Sketch>> = {
  SQUARE_BUTT_WELD: { plates: [rect(-26, -1.5, 0, 8), rect(1.5, 26, 0, 8)], beads: [rect(-1.5, 1.5, 0, 8)] },
  FILLET_ON_CORNER_WELD: { plates: [rect(0, 36, 0, 6), rect(0, 6, 6, 36)], beads: [[[6, 6], [15, 6], [6, 15]]] },
  OUTSIDE_FILLET_ON_CORNER_WELD: { plates: [rect(0, 34, 28, 36), rect(-8, 0, 0, 28)], beads: [[[0, 28], [0, 36], [-8, 28]]] },
  SINGLE_FILLET_LAP_JOINT: { plates: [rect(0, 34, 0, 6), rect(18, 52, 6, 12)], beads: [[[18, 6], [18, 12], [12, 6]]] },
  DOUBLE_FILLET_LAP_JOINT: {
    plates: [rect(0, 34, 0, 6), rect(18, 52, 6, 12)],
    beads: [
      [[18, 6], [18, 12], [12, 6]],
      [[34, 6], [34, 0], [40, 6]],
    ],
  },
  T_JOINT_FILLET_WELD: { plates: [rect(-26, 26, 0, 6), rect(-3, 3, 6, 34)], beads: [[[3, 6], [11, 6], [3, 14]]] },
  BUTT_WELD: {
    plates: [vPlate, mirror(vPlate)],
    beads: [[[-1, 0], [1, 0], [1, 2], [1 + vBevel, 10], [-1 - vBevel, 10], [-1, 2]]],
  },
  TEE_JOINT_WELD: {
    plates: [rect(-26, 26, 0, 8), [[-1, 9], [1, 9], [5, 9 + teeRise], [5, 34], [-5, 34], [-5, 9 + teeRise]]],
    beads: [[[-5, 8], [5, 8], [5, 9 + teeRise], [1, 9], [-1, 9], [-5, 9 + teeRise]]],
  },
  DOUBLE_V_BUTT_WELD: {
    plates: [dvPlate, mirror(dvPlate)],
    beads: [[[-0.5 - dvBevel, 0], [0.5 + dvBevel, 0], [0.5, 5], [0.5, 7], [0.5 + dvBevel, 12], [-0.5 - dvBevel, 12], [-0.5, 7], [-0.5, 5]]],
  },
  PIPE_TO_PLATE_FILLET_WELD: {
    plates: [rect(-40, 40, 0, 5), rect(-24, -19, 5, 32), rect(19, 24, 5, 32)],
    beads: [
      [[-24, 5], [-24, 11], [-30, 5]],
      [[24, 5], [30, 5], [24, 11]],
    ],
  },
};

const PAD = 4;

/** The drawing of one joint (nothing for types without one), with an accessible name. */
export function JointSketch({ type, label, height = 64 }: { type: string; label: string; height?: number }) {
  const id = useId().replace(/:/g, '');
  const sketch = jointSketches[type];
  if (!sketch) return null;
  const all = [...sketch.plates, ...sketch.beads].flat();
  const minY = Math.min(...all.map(([y]) => y)) - PAD;
  const maxY = Math.max(...all.map(([y]) => y)) + PAD;
  const minZ = Math.min(...all.map(([, z]) => z)) - PAD;
  const maxZ = Math.max(...all.map(([, z]) => z)) + PAD;
  const points = (ring: P[]) => ring.map(([y, z]) => `${y},${-z}`).join(' ');
  const hatch = `${id}-hatch`;
  return (
    <svg role="img" aria-label={`${label}: joint drawing`} viewBox={`${minY} ${-maxZ} ${maxY - minY} ${maxZ - minZ}`} height={height} width="100%" preserveAspectRatio="xMidYMid meet" data-joint={type} style={{ display: 'block' }}>
      <defs>
        <pattern id={hatch} patternUnits="userSpaceOnUse" width={3} height={3} patternTransform="rotate(45)">
          <line x1={0} y1={0} x2={0} y2={3} stroke={drawingColours.hatch} strokeWidth={0.5} />
        </pattern>
      </defs>
      {sketch.plates.map((ring, i) => (
        <g key={`p${i}`}>
          <polygon points={points(ring)} fill={drawingColours.plate} />
          <polygon points={points(ring)} fill={`url(#${hatch})`} stroke={drawingColours.plateStroke} strokeWidth={0.6} strokeLinejoin="round" />
        </g>
      ))}
      {sketch.beads.map((ring, i) => (
        <polygon key={`b${i}`} data-part="bead" points={points(ring)} fill={drawingColours.bead} stroke={drawingColours.beadStroke} strokeWidth={0.6} strokeLinejoin="round" />
      ))}
    </svg>
  );
}
