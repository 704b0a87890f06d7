// Parametric cross-sections of the ten cwm joint types (simulations.md, "cwm"). Each builder maps
// the joint's geometry parameters (SI: metres, radians) to base-metal polygons (one per plate),
// filler polygons (the bead, activated as the torch passes), the weld line(s) with the torch axis,
// and the bounding box. The thermal core extrudes the section along x over `length`.
//
// Conventions (y across the weld, z up, metres):
// - The lowest plate rests on z = 0; butt joints are centred on y = 0.
// - `width` is the width of each plate measured from the joint (for butt joints the width of each of
//   the two plates; for stiffeners, webs and the pipe stub it is also their height).
// - Filler faces are FLAT: grooves are filled flush with the plate surfaces and fillets have a
//   straight (mitre) face at 45°, so the bead areas are the textbook ones (V groove
//   g·t + (t − f)²·tan(α/2), fillet leg²/2). No reinforcement or convexity is modelled.
// - A weld line is the point where the torch aims (the joint root on the torch side) and the unit
//   torch axis, pointing from the torch into the joint: straight down (0, −1) for grooves, at 45°
//   bisecting the legs for fillets.
// - `groove_angle` is the included angle α of a V groove (each plate bevelled by α/2 from the
//   vertical); for the full-penetration tee it is the bevel angle β of the web (between the bevel
//   face and the flange surface), the web being bevelled on both faces (K preparation).

import { weldingGeometryFields, weldingJointTypes } from '@simforge/contracts';
import { InvalidParametersError, type ParameterIssue } from '../../../errors.js';
import { isPlainObject, joinPath, ParameterChecker, type PlainObject } from '../../../run/parameters.js';
import { boundingBox, mirrorY, toCounterClockwise, type BoundingBox, type Polygon, type Vec2 } from './polygon.js';

/** The ten joints, as the specification's table names them (declared once, in contracts). */
export const WELDING_JOINT_TYPES = weldingJointTypes;
export type WeldingJointType = (typeof WELDING_JOINT_TYPES)[number];

export function isWeldingJointType(type: string): type is WeldingJointType {
  return (WELDING_JOINT_TYPES as readonly string[]).includes(type);
}

/** Geometry parameters (SI: m, rad), named as in the API. */
export interface JointGeometry {
  thickness: number;
  thickness_2: number;
  width: number;
  length: number;
  gap: number;
  groove_angle: number;
  root_face: number;
  leg_length: number;
  overlap: number;
  pipe_outer_diameter: number;
  pipe_wall_thickness: number;
}
export type GeometryField = keyof JointGeometry;

/** The geometry fields each joint uses, exactly (the parameter schemas expose these and no others). */
export const JOINT_GEOMETRY_FIELDS: Readonly<Record<WeldingJointType, readonly GeometryField[]>> = weldingGeometryFields;

export interface WeldLine {
  /** Where the torch aims, [y, z] in m. */
  point: Vec2;
  /** Unit vector of the torch axis, from the torch towards the joint. */
  torchDirection: Vec2;
}

export interface CrossSection {
  /** Base metal, one counter-clockwise polygon per plate (or wall). */
  plates: Polygon[];
  /** Filler (weld bead) polygons, counter-clockwise; empty for an autogenous square butt weld. */
  fillers: Polygon[];
  weldLines: WeldLine[];
  bounds: BoundingBox;
}

export interface JointCrossSection extends CrossSection {
  joint: WeldingJointType;
  geometry: Partial<JointGeometry>;
}

const DOWN: Vec2 = [0, -1];
const UP: Vec2 = [0, 1];
const DIAGONAL = Math.SQRT1_2;
/** Torch axes bisecting the legs of a fillet: e.g. DOWN_LEFT aims down and towards −y. */
const DOWN_LEFT: Vec2 = [-DIAGONAL, -DIAGONAL];
const DOWN_RIGHT: Vec2 = [DIAGONAL, -DIAGONAL];
const UP_LEFT: Vec2 = [-DIAGONAL, DIAGONAL];

function rectangle(y0: number, y1: number, z0: number, z1: number): Polygon {
  return [
    [y0, z0],
    [y1, z0],
    [y1, z1],
    [y0, z1],
  ];
}

/** Drops repeated consecutive vertices (they appear when a bevel, gap or root face is zero). */
function withoutRepeats(polygon: Polygon): Polygon {
  return polygon.filter((p, i) => {
    const next = polygon[(i + 1) % polygon.length]!;
    return p[0] !== next[0] || p[1] !== next[1];
  });
}

function section(plates: Polygon[], fillers: Polygon[], weldLines: WeldLine[]): CrossSection {
  const ccwPlates = plates.map((p) => toCounterClockwise(withoutRepeats(p)));
  const ccwFillers = fillers.map((p) => toCounterClockwise(withoutRepeats(p)));
  return { plates: ccwPlates, fillers: ccwFillers, weldLines, bounds: boundingBox([...ccwPlates, ...ccwFillers]) };
}

const mm = (metres: number) => `${+(metres * 1000).toPrecision(6)} mm`;
const deg = (radians: number) => `${+((radians * 180) / Math.PI).toPrecision(6)}°`;

/** Collects the relational checks between fields (each reported at the field that must change). */
class GeometryChecks {
  readonly issues: ParameterIssue[] = [];
  constructor(private readonly prefix: string) {}
  ensure(condition: boolean, field: GeometryField, message: string): void {
    if (!condition) this.issues.push({ path: joinPath(this.prefix, field), message });
  }
  finish(): void {
    if (this.issues.length > 0) throw new InvalidParametersError(this.issues);
  }
}

// --- the ten joints --------------------------------------------------------------------------

function squareButt(g: JointGeometry): CrossSection {
  const { thickness: t, width: w, gap } = g;
  const half = gap / 2;
  const left = rectangle(-half - w, -half, 0, t);
  return section([left, mirrorY(left)], gap > 0 ? [rectangle(-half, half, 0, t)] : [], [{ point: [0, t], torchDirection: DOWN }]);
}

function singleV(g: JointGeometry): CrossSection {
  const { thickness: t, width: w, gap, groove_angle: alpha, root_face: f } = g;
  const half = gap / 2;
  const bevel = (t - f) * Math.tan(alpha / 2);
  const left: Polygon = [
    [-half - w, 0],
    [-half, 0],
    [-half, f],
    [-half - bevel, t],
    [-half - w, t],
  ];
  let filler: Polygon;
  if (gap > 0) {
    filler = [
      [-half, 0],
      [half, 0],
      ...(f > 0 ? ([[half, f]] as Vec2[]) : []),
      [half + bevel, t],
      [-half - bevel, t],
      ...(f > 0 ? ([[-half, f]] as Vec2[]) : []),
    ];
  } else {
    filler = [
      [0, f],
      [bevel, t],
      [-bevel, t],
    ];
  }
  const fillers = bevel > 0 || gap > 0 ? [filler] : [];
  return section([left, mirrorY(left)], fillers, [{ point: [0, t], torchDirection: DOWN }]);
}

function doubleV(g: JointGeometry): CrossSection {
  const { thickness: t, width: w, gap, groove_angle: alpha, root_face: f } = g;
  const half = gap / 2;
  const h = (t - f) / 2;
  const bevel = h * Math.tan(alpha / 2);
  const left: Polygon = [
    [-half - w, 0],
    [-half - bevel, 0],
    [-half, h],
    ...(f > 0 ? ([[-half, h + f]] as Vec2[]) : []),
    [-half - bevel, t],
    [-half - w, t],
  ];
  let fillers: Polygon[];
  if (h === 0) {
    fillers = gap > 0 ? [rectangle(-half, half, 0, t)] : [];
  } else if (gap > 0) {
    fillers = [
      [
        [-half - bevel, 0],
        [half + bevel, 0],
        [half, h],
        ...(f > 0 ? ([[half, h + f]] as Vec2[]) : []),
        [half + bevel, t],
        [-half - bevel, t],
        ...(f > 0 ? ([[-half, h + f]] as Vec2[]) : []),
        [-half, h],
      ],
    ];
  } else {
    fillers = [
      [
        [-bevel, 0],
        [bevel, 0],
        [0, h],
      ],
      [
        [0, h + f],
        [bevel, t],
        [-bevel, t],
      ],
    ];
  }
  return section([left, mirrorY(left)], fillers, [
    { point: [0, t], torchDirection: DOWN },
    { point: [0, 0], torchDirection: UP },
  ]);
}

/** Flange on z ∈ [0, t], web of thickness t2 standing on it at y ∈ [−t2/2, t2/2], height = width. */
function tFillet(g: JointGeometry): CrossSection {
  const { thickness: t, thickness_2: t2, width: w, leg_length: leg } = g;
  const flange = rectangle(-t2 / 2 - w, t2 / 2 + w, 0, t);
  const web = rectangle(-t2 / 2, t2 / 2, t, t + w);
  const root: Vec2 = [t2 / 2, t];
  const fillet: Polygon = [root, [root[0] + leg, t], [root[0], t + leg]];
  return section([flange, web], [fillet], [{ point: root, torchDirection: DOWN_LEFT }]);
}

/** Full-penetration tee: web with a K preparation (bevel β on both faces, root face f), gap g above the flange. */
function fullPenetrationTee(g: JointGeometry): CrossSection {
  const { thickness: t, thickness_2: t2, width: w, gap, groove_angle: beta, root_face: f } = g;
  const rise = ((t2 - f) / 2) * Math.tan(beta);
  const z0 = t + gap;
  const flange = rectangle(-t2 / 2 - w, t2 / 2 + w, 0, t);
  const web: Polygon = [
    ...(f > 0 ? ([[-f / 2, z0], [f / 2, z0]] as Vec2[]) : ([[0, z0]] as Vec2[])),
    [t2 / 2, z0 + rise],
    [t2 / 2, z0 + w],
    [-t2 / 2, z0 + w],
    [-t2 / 2, z0 + rise],
  ];
  let fillers: Polygon[];
  if (gap > 0) {
    fillers = [
      [
        [-t2 / 2, t],
        [t2 / 2, t],
        [t2 / 2, z0 + rise],
        ...(f > 0 ? ([[f / 2, z0], [-f / 2, z0]] as Vec2[]) : ([[0, z0]] as Vec2[])),
        [-t2 / 2, z0 + rise],
      ],
    ];
  } else {
    const side: Polygon = [
      [f / 2, t],
      [t2 / 2, t],
      [t2 / 2, t + rise],
    ];
    fillers = rise > 0 ? [side, mirrorY(side)] : [];
  }
  return section([flange, web], fillers, [
    { point: [t2 / 2, t], torchDirection: DOWN_LEFT },
    { point: [-t2 / 2, t], torchDirection: DOWN_RIGHT },
  ]);
}

/** Inside fillet of an L: horizontal plate on z ∈ [0, t] from y = 0, upright plate flush on its end. */
function insideCorner(g: JointGeometry): CrossSection {
  const { thickness: t, thickness_2: t2, width: w, leg_length: leg } = g;
  const base = rectangle(0, w, 0, t);
  const upright = rectangle(0, t2, t, t + w);
  const root: Vec2 = [t2, t];
  const fillet: Polygon = [root, [t2 + leg, t], [t2, t + leg]];
  return section([base, upright], [fillet], [{ point: root, torchDirection: DOWN_LEFT }]);
}

/**
 * Open (outside) corner: the plates touch corner to corner and the fillet fills the 90° groove
 * between the horizontal plate's end face and the upright plate's top face, opening up and to −y.
 */
function outsideCorner(g: JointGeometry): CrossSection {
  const { thickness: t, thickness_2: t2, width: w, leg_length: leg } = g;
  const horizontal = rectangle(0, w, w, w + t);
  const upright = rectangle(-t2, 0, 0, w);
  const root: Vec2 = [0, w];
  const fillet: Polygon = [root, [0, w + leg], [-leg, w]];
  return section([horizontal, upright], [fillet], [{ point: root, torchDirection: DOWN_RIGHT }]);
}

/** Lower plate y ∈ [0, w], upper plate on top of it overlapping by `overlap`; fillet at the upper plate's edge. */
function lap(g: JointGeometry, double: boolean): CrossSection {
  const { thickness: t, thickness_2: t2, width: w, overlap, leg_length: leg } = g;
  const edge = w - overlap;
  const lower = rectangle(0, w, 0, t);
  const upper = rectangle(edge, edge + w, t, t + t2);
  const root: Vec2 = [edge, t];
  const fillers: Polygon[] = [[root, [edge, t + leg], [edge - leg, t]]];
  const weldLines: WeldLine[] = [{ point: root, torchDirection: DOWN_RIGHT }];
  if (double) {
    // The second fillet sits under the upper plate at the lower plate's edge (welded with the part turned over).
    const root2: Vec2 = [w, t];
    fillers.push([root2, [w, t - leg], [w + leg, t]]);
    weldLines.push({ point: root2, torchDirection: UP_LEFT });
  }
  return section([lower, upper], fillers, weldLines);
}

/**
 * Section through the axis of a pipe stub set on a plate (a 2-D simplification: the circumferential
 * fillet appears twice, at ±D/2; the thermal core extrudes this planar section, which stands for the
 * real axisymmetric joint when D is large against the bead). Stub height = width.
 */
function pipeToPlate(g: JointGeometry): CrossSection {
  const { thickness: t, width: w, pipe_outer_diameter: d, pipe_wall_thickness: wall, leg_length: leg } = g;
  const r = d / 2;
  const plate = rectangle(-r - w, r + w, 0, t);
  const rightWall = rectangle(r - wall, r, t, t + w);
  const rightFillet: Polygon = [
    [r, t],
    [r + leg, t],
    [r, t + leg],
  ];
  return section([plate, mirrorY(rightWall), rightWall], [mirrorY(rightFillet), rightFillet], [
    { point: [-r, t], torchDirection: DOWN_RIGHT },
    { point: [r, t], torchDirection: DOWN_LEFT },
  ]);
}

// --- validation ------------------------------------------------------------------------------

const MAX_GROOVE_ANGLE = (150 * Math.PI) / 180;
const MAX_BEVEL_ANGLE = (80 * Math.PI) / 180;

/** Reads and checks the geometry of `joint`; every problem is reported with its field path. */
export function readJointGeometry(joint: WeldingJointType, value: unknown, path = 'geometry'): JointGeometry {
  const checker = new ParameterChecker();
  const input: PlainObject = isPlainObject(value) ? value : (checker.object(value, path) ?? {});
  const fields = JOINT_GEOMETRY_FIELDS[joint];
  checker.noUnknownKeys(input, fields, path);
  const g: Partial<JointGeometry> = {};
  const at = (field: GeometryField) => joinPath(path, field);
  for (const field of fields) {
    const rule = field === 'gap' || field === 'root_face' ? { ge: 0, unit: 'm' } : field === 'groove_angle' ? { gt: 0, unit: 'rad' } : { gt: 0, unit: 'm' };
    // `length` only sets the extrusion; it is optional for the cross-section.
    const read = field === 'length' ? checker.optionalNumber(input[field], at(field), 0.1, rule) : checker.number(input[field], at(field), rule);
    if (read !== undefined) g[field] = read;
  }
  checker.finish();
  const geometry = g as JointGeometry;
  const checks = new GeometryChecks(path);
  const { thickness: t, thickness_2: t2, width: w, gap, groove_angle: angle, root_face: f, leg_length: leg, overlap } = geometry;

  if (fields.includes('root_face')) {
    const host = joint === 'TEE_JOINT_WELD' ? t2 : t;
    checks.ensure(f <= host, 'root_face', `must be <= the ${joint === 'TEE_JOINT_WELD' ? 'web thickness (thickness_2)' : 'thickness'}, ${mm(host)} (got ${mm(f)})`);
  }
  if (joint === 'BUTT_WELD' || joint === 'DOUBLE_V_BUTT_WELD') {
    checks.ensure(angle < MAX_GROOVE_ANGLE, 'groove_angle', `must be < ${deg(MAX_GROOVE_ANGLE)} (got ${deg(angle)})`);
    const depth = joint === 'BUTT_WELD' ? t - f : (t - f) / 2;
    const bevel = depth * Math.tan(angle / 2);
    checks.ensure(bevel < w, 'width', `must exceed the bevel's horizontal extent ${mm(bevel)} (got ${mm(w)})`);
    checks.ensure(gap > 0 || f < t, 'gap', 'must be > 0 when the root face is the full thickness (nothing to fill)');
  }
  if (joint === 'TEE_JOINT_WELD') {
    checks.ensure(angle < MAX_BEVEL_ANGLE, 'groove_angle', `(the web's bevel angle) must be < ${deg(MAX_BEVEL_ANGLE)} (got ${deg(angle)})`);
    const rise = ((t2 - f) / 2) * Math.tan(angle);
    checks.ensure(rise < w, 'width', `(the web height) must exceed the bevel's height ${mm(rise)} (got ${mm(w)})`);
    checks.ensure(gap > 0 || f < t2, 'gap', 'must be > 0 when the root face is the full web thickness (nothing to fill)');
  }
  if (joint === 'T_JOINT_FILLET_WELD' || joint === 'FILLET_ON_CORNER_WELD') {
    checks.ensure(leg < w, 'leg_length', `must be < the width ${mm(w)} (got ${mm(leg)})`);
  }
  if (joint === 'OUTSIDE_FILLET_ON_CORNER_WELD') {
    const limit = Math.min(t, t2);
    checks.ensure(leg <= limit, 'leg_length', `must be <= the thinner plate, ${mm(limit)}, to fit the corner groove (got ${mm(leg)})`);
  }
  if (joint === 'SINGLE_FILLET_LAP_JOINT' || joint === 'DOUBLE_FILLET_LAP_JOINT') {
    checks.ensure(overlap < w, 'overlap', `must be < the width ${mm(w)} (got ${mm(overlap)})`);
    checks.ensure(leg <= t2, 'leg_length', `must be <= the upper plate's thickness (thickness_2) ${mm(t2)} (got ${mm(leg)})`);
    checks.ensure(leg < w - overlap, 'leg_length', `must be < width − overlap, ${mm(w - overlap)}, to sit on the plate (got ${mm(leg)})`);
    if (joint === 'DOUBLE_FILLET_LAP_JOINT') checks.ensure(leg <= t, 'leg_length', `must be <= the lower plate's thickness ${mm(t)} (got ${mm(leg)})`);
  }
  if (joint === 'PIPE_TO_PLATE_FILLET_WELD') {
    const d = geometry.pipe_outer_diameter;
    checks.ensure(geometry.pipe_wall_thickness < d / 2, 'pipe_wall_thickness', `must be < half the outer diameter, ${mm(d / 2)} (got ${mm(geometry.pipe_wall_thickness)})`);
    checks.ensure(leg < w, 'leg_length', `must be < the width ${mm(w)} (got ${mm(leg)})`);
  }
  checks.finish();
  return geometry;
}

/** The cross-section of a joint from its geometry parameters (validated; InvalidParametersError otherwise). */
export function jointCrossSection(joint: WeldingJointType, geometry: unknown, path = 'geometry'): JointCrossSection {
  const g = readJointGeometry(joint, geometry, path);
  const build: Record<WeldingJointType, (g: JointGeometry) => CrossSection> = {
    SQUARE_BUTT_WELD: squareButt,
    FILLET_ON_CORNER_WELD: insideCorner,
    OUTSIDE_FILLET_ON_CORNER_WELD: outsideCorner,
    SINGLE_FILLET_LAP_JOINT: (x) => lap(x, false),
    DOUBLE_FILLET_LAP_JOINT: (x) => lap(x, true),
    T_JOINT_FILLET_WELD: tFillet,
    BUTT_WELD: singleV,
    TEE_JOINT_WELD: fullPenetrationTee,
    DOUBLE_V_BUTT_WELD: doubleV,
    PIPE_TO_PLATE_FILLET_WELD: pipeToPlate,
  };
  const used = Object.fromEntries(JOINT_GEOMETRY_FIELDS[joint].map((field) => [field, g[field]])) as Partial<JointGeometry>;
  return { joint, geometry: used, ...build[joint](g) };
}
