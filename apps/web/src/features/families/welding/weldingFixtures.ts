// A stand-in for the server's welding estimate in component tests: the single-V section (the
// solver's shape, joints.ts) or the custom section, the heat input of the process values, and the
// 422 the server gives for a root face thicker than the plate.
import type { CrossSectionPreview, EstimateResponse } from '@simforge/contracts';

interface Geometry {
  thickness: number;
  width: number;
  gap: number;
  groove_angle: number;
  root_face: number;
}

export function singleVPreview(g: Geometry): CrossSectionPreview {
  const { thickness: t, width: w, gap, groove_angle: alpha, root_face: f } = g;
  const half = gap / 2;
  const bevel = (t - f) * Math.tan(alpha / 2);
  const left: [number, number][] = [
    [-half - w, 0],
    [-half, 0],
    [-half, f],
    [-half - bevel, t],
    [-half - w, t],
  ];
  const right = left.map(([y, z]): [number, number] => [-y, z]).reverse();
  // A closed root (gap 0) leaves the V alone, as the solver draws it.
  const bead: [number, number][] =
    gap > 0
      ? [
          [-half, 0],
          [half, 0],
          [half, f],
          [half + bevel, t],
          [-half - bevel, t],
          [-half, f],
        ]
      : [
          [0, f],
          [bevel, t],
          [-bevel, t],
        ];
  return {
    parts: [
      { points: left, filler: false },
      { points: right, filler: false },
      { points: bead, filler: true },
    ],
    weld_lines: [{ point: [0, t], torch_direction: [0, -1] }],
  };
}

type Parameters = {
  geometry: Geometry;
  process: { voltage: number; current: number; efficiency: number; travel_speed: number };
  mesh_size: 'coarse' | 'default' | 'fine';
  cross_section?: { parts: { points: [number, number][]; filler: boolean }[]; weld_lines?: CrossSectionPreview['weld_lines'] };
};

export const RUN_TIMES = { coarse: 5, default: 15, fine: 180 } as const;

export const rootFaceMessage = 'This field is invalid: must be <= the thickness, 10 mm (got 12 mm)';

/** The answer to POST metamodel_estimate_v2 for a BUTT_WELD body: 200 with the preview, or 422. */
export function weldingEstimate(body: unknown): { status: number; json: unknown } {
  const { type, parameters } = body as { type: string; parameters: Parameters };
  const g = parameters.geometry;
  if (!parameters.cross_section && g.root_face > g.thickness) {
    return { status: 422, json: { detail: [{ loc: ['body', 'parameters', 'geometry', 'root_face'], msg: rootFaceMessage, type: 'solver' }] } };
  }
  const { voltage, current, efficiency, travel_speed } = parameters.process;
  const section = parameters.cross_section;
  const preview: CrossSectionPreview = section
    ? { parts: section.parts, weld_lines: section.weld_lines ?? [{ point: [0, Math.max(...section.parts.flatMap((p) => p.points.map(([, z]) => z)))], torch_direction: [0, -1] }] }
    : singleVPreview(g);
  const answer: EstimateResponse = {
    type,
    model: 'metamodel_estimate_v2: Rosenthal thick plate (point source, 3-D heat flow)',
    results: {
      heat_input: { value: (efficiency * voltage * current) / travel_speed, unit: 'J/m', label: 'Heat input η·U·I/v' },
      t8_5: { value: 9.2, unit: 's', label: 'Cooling time 800-500 °C' },
    },
    validity: [],
    inside_validity: true,
    expected_runtime_seconds: RUN_TIMES[parameters.mesh_size],
    expected_runtime_seconds_by_mesh: { ...RUN_TIMES },
    preview,
    elapsed_ms: 0.4,
  };
  return { status: 200, json: answer };
}
