// metamodel_estimate_v2 for the ten welding types (simulations.md, "Fast estimates"): heat input,
// Rosenthal fusion-zone width, t8/5 and the maximum HAZ hardness, each model named with its
// validity range. It shows a value only where it previews what the full solve reports, within 30 %
// on the defaults (estimate-consistency.verify.test.ts has the figures):
// - no peak temperature: Rosenthal's source is a point (or line) with no finite peak, and the value
//   10 mm from the weld line it used to show (416 °C on the T-joint) is not the solve's
//   peak_temperature, the hottest metal (2364 °C);
// - the fusion width only where the torch points straight down on a plate surface (the butt joints),
//   and at least the groove's top width, which the bead fuses across (the double-V's 5.6 mm groove
//   against Rosenthal's 4.3 mm pool: the solve's 7.4 mm was 42 % above Rosenthal alone, 24 % above
//   the groove); a fillet's width is read on its inclined face (and the full-penetration tee's on the
//   layer beyond its root, 1.1 mm against Rosenthal's 4.3 mm), so not shown for those;
// - t8/5 and the HAZ hardness from it not for fillets in an inside corner (T-joint, inside corner,
//   laps, full-penetration tee, pipe to plate): EN 1011-2's 2-D shape factor for them is uncertain
//   (0.45–0.67, analytic/en1011.ts), a factor 1.5 on t8/5, and on the defaults the estimate's t8/5
//   was 47–84 % above the solve's (the pipe to plate alone within 30 %, +20 %).
// The heat-flow regime follows the EN 1011-2 transition thickness d_t: a plate thicker than d_t is
// "thick" (3-D heat flow, Rosenthal point source), otherwise "thin" (2-D heat flow, Rosenthal line
// source). d is `geometry.thickness` (the first plate).
// t8/5: EN 1011-2 Annex D with the joint's shape factor for the ferritic steel (S355), Rosenthal's
// centreline formula for the other alloys (a cooling-time measure only: no ferritic transformation).
// Properties: constant representative values (./materials.ts), labelled as such.
// With a custom (designer) cross-section, d is the thinnest base-metal part: the smaller side of
// each plate's bounding box, the least over the plates (a drawn plate is as thick as it is narrow
// in its thinner direction); the joint type still gives the EN 1011-2 joint category.

import { estimateResult, validityCheck } from '../../run/estimate-result.js';
import { InvalidParametersError } from '../../errors.js';
import { isPlainObject, joinPath, ParameterChecker, type PlainObject } from '../../run/parameters.js';
import { workByMesh } from '../../run/work-plan.js';
import type { EstimateResult, ScalarResult, ValidityCheck } from '../../run/types.js';
import { EN1011_JOINT_CATEGORY, EN1011_SHAPE_FACTORS, en1011CoolingTime } from './analytic/en1011.js';
import { DUREN_VALIDITY, durenMaxHazHardness, type SteelChemistry } from './analytic/hardness.js';
import { heatInput, T500, thickPlateFusionHalfWidth, thickPlateT85, thinPlateFusionHalfWidth, thinPlateT85, type MovingSourceCase } from './analytic/rosenthal.js';
import { isWeldingJointType, WELDING_JOINT_TYPES, type CrossSection, type WeldingJointType } from './geometry/joints.js';
import { boundingBox } from './geometry/polygon.js';
import { representativeSolid, type RepresentativeSolid } from './materials.js';
import { readChemistry, readWeldingCase, readWeldingMaterial, readWeldingSection, TOP_LEVEL_KEYS, type WeldingCase } from './model/parameters.js';
import { weldingWork } from './model/mesh-plan.js';
import { planPasses, type Plan } from './model/plan.js';

const KELVIN = 273.15;

/**
 * Fillets in an inside corner (heat flows into three plate directions): the estimate does not show
 * t8/5 or the HAZ hardness for them (see the head of this file).
 */
export const INSIDE_CORNER_FILLETS: ReadonlySet<WeldingJointType> = new Set([
  'T_JOINT_FILLET_WELD',
  'FILLET_ON_CORNER_WELD',
  'SINGLE_FILLET_LAP_JOINT',
  'DOUBLE_FILLET_LAP_JOINT',
  'TEE_JOINT_WELD',
  'PIPE_TO_PLATE_FILLET_WELD',
]);

/** Whether the pass's torch points straight down (onto a plate surface or a groove), where the solve reads the width on the top surface. */
function torchDown(plan: Plan): boolean {
  return Math.abs(plan.axis[0]) < 1e-9 && plan.axis[1] < 0;
}

/** The y-extent of the pass's bead (a groove's top width; 0 without bead). */
function beadWidth(plan: Plan): number {
  const ys = plan.passFillers.flatMap((p) => p.map((v) => v[0]));
  return ys.length === 0 ? 0 : Math.max(...ys) - Math.min(...ys);
}

/**
 * Expected wall time of the full 3-D solver per mesh preset, s: the targets of simulations.md
 * ("Speed": default ≤ 20 s, fine ≤ 5 min on one core). The solver (model/) measured 1-16 s for the
 * ten default cases on a shared machine (bench/welding-defaults.ts); per-joint costs are not modelled here yet.
 */
const EXPECTED_RUNTIME_SECONDS = { coarse: 5, default: 15, fine: 180 } as const;
const MESH_SIZES = ['coarse', 'default', 'fine'] as const;

/** Preheat range of the EN 1011-2 t8/5 formulas as applied here (ferritic steels, 0–300 °C) [RECALLED practice range]. */
const EN1011_PREHEAT_RANGE = { min: KELVIN, max: 300 + KELVIN } as const;

/** The plate thickness d of the EN 1011-2 formulas: the parametric `thickness`, or the thinnest drawn plate. */
function plateThickness(section: CrossSection, custom: boolean, geometry: unknown): number {
  if (!custom && isPlainObject(geometry) && typeof geometry.thickness === 'number') return geometry.thickness;
  return Math.min(
    ...section.plates.map((plate) => {
      const box = boundingBox([plate]);
      return Math.min(box.yMax - box.yMin, box.zMax - box.zMin);
    }),
  );
}

interface EstimateInputs {
  joint: WeldingJointType;
  /** The representative constants of the case's material. */
  solid: RepresentativeSolid;
  voltage: number;
  current: number;
  efficiency: number;
  travelSpeed: number;
  thickness: number;
  /** Whether the section is a custom (designer) one. */
  customSection: boolean;
  /** Weld passes (one per weld line of the section): the full solver's run time grows with them. */
  passes: number;
  preheat: number;
  meshSize: (typeof MESH_SIZES)[number];
  chemistry: SteelChemistry;
}

function readInputs(type: string, parameters: unknown): EstimateInputs {
  const checker = new ParameterChecker();
  if (!isWeldingJointType(type)) {
    checker.add('type', `must be one of the welding types: ${WELDING_JOINT_TYPES.join(', ')}`);
    checker.finish();
  }
  const joint = type as WeldingJointType;
  const root: PlainObject = checker.object(parameters, '') ?? {};
  checker.noUnknownKeys(root, TOP_LEVEL_KEYS, '');
  const material = readWeldingMaterial(root, checker);
  const inProcess = (key: string) => joinPath('process', key);
  const arc: PlainObject = isPlainObject(root.process) ? root.process : (checker.object(root.process, 'process') ?? {});
  const voltage = checker.number(arc.voltage, inProcess('voltage'), { gt: 0, unit: 'V' });
  const current = checker.number(arc.current, inProcess('current'), { gt: 0, unit: 'A' });
  const efficiency = checker.number(arc.efficiency, inProcess('efficiency'), { gt: 0, le: 1 });
  const travelSpeed = checker.number(arc.travel_speed, inProcess('travel_speed'), { gt: 0, unit: 'm/s' });
  const preheat = checker.optionalNumber(root.preheat_temperature, 'preheat_temperature', 293.15, { gt: 0, lt: T500, unit: 'K' });
  const meshSize = checker.oneOf(root.mesh_size ?? 'default', 'mesh_size', MESH_SIZES);
  const chemistry = readChemistry(checker, root.chemistry);
  let thickness: number | undefined;
  let passes = 1;
  try {
    const section = readWeldingSection(joint, root);
    thickness = plateThickness(section, root.cross_section !== undefined, root.geometry);
    passes = section.weldLines.length;
  } catch (error) {
    if (!(error instanceof InvalidParametersError)) throw error;
    checker.issues.push(...error.issues);
  }
  checker.finish();
  return { joint, solid: representativeSolid(material.id, material.material!), voltage: voltage!, current: current!, efficiency: efficiency!, travelSpeed: travelSpeed!, thickness: thickness!, customSection: root.cross_section !== undefined, passes, preheat: preheat!, meshSize: meshSize!, chemistry };
}

/** The fast estimate of a welding case (parameters SI, as the API's schema defines them); `weldingCase` when already read. */
export function estimateWelding(type: string, parameters: unknown, weldingCase?: WeldingCase): EstimateResult {
  const p = readInputs(type, parameters);
  const c = weldingCase ?? readWeldingCase(p.joint, parameters);
  const { solid } = p;
  const power = p.efficiency * p.voltage * p.current;
  const energyPerLength = heatInput({ voltage: p.voltage, current: p.current, efficiency: p.efficiency, travelSpeed: p.travelSpeed });
  const heatInputKJPerMm = energyPerLength / 1e6;
  const preheatC = p.preheat - KELVIN;
  const thicknessMm = p.thickness * 1000;
  const category = EN1011_JOINT_CATEGORY[p.joint];
  const en1011 = en1011CoolingTime({ heatInputKJPerMm, thicknessMm, preheatC, category });
  const thick = en1011.heatFlow === '3-D';

  const source: MovingSourceCase = {
    power,
    travelSpeed: p.travelSpeed,
    conductivity: solid.conductivity,
    density: solid.density,
    specificHeat: solid.specificHeat,
    initialTemperature: p.preheat,
  };
  const plate = { ...source, thickness: p.thickness };
  const fusionHalfWidth = thick ? thickPlateFusionHalfWidth(source, solid.solidus) : thinPlateFusionHalfWidth(plate, solid.solidus);
  const t85 = solid.ferritic ? en1011.t85 : thick ? thickPlateT85(source) : thinPlateT85(plate);

  const rosenthal = thick ? 'Rosenthal thick plate (point source, 3-D heat flow)' : 'Rosenthal thin plate (line source, 2-D heat flow)';
  const factor = EN1011_SHAPE_FACTORS[category];
  const plans = planPasses(c);
  const showWidth = torchDown(plans[0]!);
  const groove = beadWidth(plans[0]!);
  const showCooling = !INSIDE_CORNER_FILLETS.has(p.joint);
  const results: Record<string, ScalarResult> = { heat_input: { value: energyPerLength, unit: 'J/m', label: 'Heat input η·U·I/v' } };
  if (showCooling)
    results.t8_5 = {
      value: t85,
      unit: 's',
      label: solid.ferritic
        ? `Cooling time 800-500 °C (EN 1011-2 Annex D, ${en1011.heatFlow} heat flow, ${factor.label} F = ${en1011.shapeFactor})`
        : `Cooling time 800-500 °C on the weld centreline (${rosenthal})`,
    };
  if (showWidth)
    results.fusion_zone_width = {
      value: Math.max(2 * fusionHalfWidth, groove),
      unit: 'm',
      label: `Fusion-zone width at the solidus (${rosenthal})${groove > 0 ? `, at least the groove's top width ${(groove * 1000).toPrecision(3)} mm (the bead fuses across it)` : ''}`,
    };

  const validity: ValidityCheck[] = [];
  // The point source models the pool as a hemisphere of radius ≈ the half-width: it must stay inside the plate.
  if (thick) validity.push(validityCheck('fusion_depth_to_thickness', 0, 1, fusionHalfWidth / p.thickness));
  let hardnessModel = '';
  if (solid.ferritic) validity.push(validityCheck('preheat_temperature', EN1011_PREHEAT_RANGE.min, EN1011_PREHEAT_RANGE.max, p.preheat));
  if (solid.ferritic && showCooling) {
    const hardness = durenMaxHazHardness(p.chemistry, t85);
    results.max_haz_hardness = {
      value: hardness.hardness,
      unit: 'HV',
      label: `Maximum HAZ hardness (Düren 1986, CE_B ${hardness.carbonEquivalent.toFixed(3)}${hardness.martensiteLimited ? ', martensite limit 802·C + 305' : ''})`,
    };
    validity.push(validityCheck('carbon_content', DUREN_VALIDITY.carbon.min, DUREN_VALIDITY.carbon.max, p.chemistry.C));
    validity.push(validityCheck('boron_content', DUREN_VALIDITY.boron.min, DUREN_VALIDITY.boron.max, p.chemistry.B));
    validity.push(validityCheck('t8_5', DUREN_VALIDITY.t85.min, DUREN_VALIDITY.t85.max, t85));
    hardnessModel = ' + Düren (1986) HAZ hardness';
  }
  const coolingModel = !showCooling
    ? ' (t8/5 and HAZ hardness not shown for a fillet in an inside corner: EN 1011-2\'s shape factor for it is uncertain and the full solve differs by more than 30 %)'
    : solid.ferritic
      ? ` + EN 1011-2 Annex D t8/5 (${factor.label})`
      : ' + Rosenthal t8/5 (EN 1011-2 and HAZ hardness apply to ferritic steels only)';
  const widthModel = showWidth ? '' : " (fusion width not shown: the torch is not straight down on a plate surface, and the solve reads the width on the bead's inclined face)";
  return estimateResult(`metamodel_estimate_v2: ${rosenthal}, d ${thicknessMm.toPrecision(3)} mm${p.customSection ? ' (thinnest plate of the custom section)' : ''} vs EN 1011-2 transition thickness ${en1011.transitionThicknessMm.toPrecision(3)} mm${widthModel}${coolingModel}${hardnessModel}; constant representative properties of ${solid.label}`, results, validity, {
    // Each pass (and its interpass wait) costs about one single-pass run.
    ...workByMesh(MESH_SIZES, p.meshSize, (mesh) => ({ ...weldingWork({ ...c, meshSize: mesh }, plans), seconds: p.passes * EXPECTED_RUNTIME_SECONDS[mesh] })),
  });
}
