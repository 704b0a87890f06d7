// The distortion phase of a welding run (solver.ts runs it after the results): the plate model of
// distortion.ts on the peak temperatures of each pass, the summary's keys and the field, and the log's
// account of which plate carries the weld.

import { DivergedError } from '../../../errors.js';
import type { RunContext } from '../../../run/context.js';
import { basePlate, deflectionOnFullWidth, peaksAfterEachPass, transverseShrinkageProfile, weldingDistortion, type WeldingDistortion, type WeldingDistortionInput } from './distortion.js';
import type { State } from './state.js';

const KELVIN = 273.15;

/** What the distortion's plate (distortion.ts) is called per joint, when it is not the whole section. */
const PLATE_NAMES: Readonly<Record<string, string>> = {
  T_JOINT_FILLET_WELD: 'the flange',
  TEE_JOINT_WELD: 'the flange',
  FILLET_ON_CORNER_WELD: 'the horizontal plate',
  OUTSIDE_FILLET_ON_CORNER_WELD: 'the horizontal plate',
  SINGLE_FILLET_LAP_JOINT: 'the lower plate',
  DOUBLE_FILLET_LAP_JOINT: 'the lower plate',
  PIPE_TO_PLATE_FILLET_WELD: 'the base plate',
  custom: 'the plate carrying the weld',
};


/**
 * The residual distortion of the base plate from the peak temperatures (distortion.ts): the summary's
 * angular_distortion (and, for a multi-pass weld, the angle after each pass) and
 * longitudinal_shrinkage and the distortion_deflection field. Skipped, with an info line, for a
 * material without mechanical properties.
 */
// Long function: the plate response of each pass and its summary keys, in the order the results list them.
export function distortionPhase(state: State, ctx: RunContext): void {
  const { c } = state;
  const plans = state.plans!;
  const plan = plans[0]!;
  const mesh = state.mesh!;
  const output = state.output!;
  const mechanical = c.material.mechanical;
  if (!mechanical) {
    ctx.info(`distortion (angular_distortion, longitudinal_shrinkage) skipped: ${c.material.label} has no mechanical properties (youngs_modulus, poisson_ratio, thermal_expansion, yield_strength)`);
    return;
  }
  const plate = basePlate(c.section);
  const wholeSection = plate.parts.length === c.section.plates.length;
  // The torch side: where the torch axis comes from (+z for a torch pointing down or sideways).
  const torchSide = plan.axis[1] > 0 ? -1 : 1;
  const input: WeldingDistortionInput = {
    mesh,
    peak: state.solver!.peak,
    plate,
    symmetric: plan.symmetric,
    weldLineY: plan.weldLine.point[0],
    torchSide,
    material: mechanical,
    referenceTemperature: c.preheat,
    checkAbort: ctx.checkAbort,
  };
  // The reported model: the isotropic restrained bar plus the transverse shrinkage of the band that
  // yielded (mechanics/plate/inherent-strain.ts). The isotropic part alone is logged for comparison:
  // capped at the yield strain, it bends the plate only at the edge of the plastic zone.
  let d: WeldingDistortion;
  let isotropic: WeldingDistortion;
  const afterPass: (number | undefined)[] = [];
  try {
    d = weldingDistortion({ ...input, transverseShrinkage: true });
    isotropic = weldingDistortion(input);
    if (plans.length > 1) {
      const peaks = peaksAfterEachPass(state.passes.map((p) => p.peak), ctx.checkAbort);
      // After the last pass the running peak is the whole run's: its angle is the summary's.
      peaks.forEach((peak, k) => afterPass.push(k === peaks.length - 1 ? d.angularDistortion : weldingDistortion({ ...input, peak, transverseShrinkage: true }).angularDistortion));
    }
  } catch (error) {
    if (!(error instanceof DivergedError)) throw error;
    ctx.warn(`distortion not computed: the plate solve did not converge (${error.message})`);
    return;
  }
  const mm = (v: number) => (v * 1000).toFixed(2);
  const thickness = d.zMax - d.zMin;
  const which = wholeSection
    ? `the whole section as one plate (${mm(thickness)} mm thick${plan.symmetric ? ', the half section with its symmetry plane' : ''})`
    : `${PLATE_NAMES[c.customSection ? 'custom' : c.joint] ?? 'the plate carrying the weld'} (z ${mm(d.zMin)}…${mm(d.zMax)} mm, y ${mm(d.yFaces[0]!)}…${mm(d.yFaces[d.yFaces.length - 1]!)} mm) alone: the parts and fillet beads standing on it are left out, their stiffness ignored`;
  const model =
    'inherent strain from the peak temperature (restrained bar, Ueda & Yuan 1993, plus the transverse shrinkage of the band that yielded) on a free Kirchhoff plate';
  // Verified exactly against the closed form of a free plate (distortion.test.ts) and against the same
  // model on Rosenthal's temperature field, but not against experiment: no citable measurement or
  // relation for a comparable single-pass weld was found (docs/adr/0023).
  const notValidated = 'the model\'s result, not validated against measurements';
  const multi = plans.length > 1;
  // Which layers shrink how much across the weld decides the angle (distortion.ts). A plate heated
  // through has the same peak field at every depth, so the same shrinkage: the peak-temperature model
  // then leaves almost no angle, while the bending a one-sided weld leaves in such a plate comes from
  // the temperature history (layers regaining strength at different times), which it does not have
  // (docs/physics/welding.md, "Distortion"). Spread under 1 %: |hinge angle| ≤ 3 · spread · S̄/h, under 3 % of S̄/h.
  const profile = transverseShrinkageProfile(input);
  const layers = Array.from(profile.shrinkage);
  const meanShrinkage = layers.reduce((sum, s, k) => sum + s * profile.dz[k]!, 0) / profile.dz.reduce((a, b) => a + b, 0);
  const spread = (Math.max(...layers) - Math.min(...layers)) / Math.max(Math.abs(meanShrinkage), 1e-300);
  const heatedThrough = spread < 0.01;
  const heatedThroughNote = 'the plate is heated through (its transverse shrinkage the same at every depth): this model leaves it almost flat, the bending from the temperature history is not in it and the angle is likely underestimated';
  if (d.angularDistortion !== undefined && Number.isFinite(d.angularDistortion)) {
    output.summary.angular_distortion = {
      value: d.angularDistortion,
      unit: 'rad',
      label:
        `Angular distortion: rotation of the plate's edges about the weld line (the two wings' chord slopes summed, averaged along the weld); ` +
        `positive when the wings rise towards the torch side (the weld face${multi ? ' of pass 1' : ''}), negative when they turn away; ${which}; ${model}; ${notValidated}` +
        `${heatedThrough ? `; ${heatedThroughNote}` : ''}`,
    };
    afterPass.forEach((angle, k) => {
      if (angle === undefined || !Number.isFinite(angle)) return;
      output.summary[`pass_${k + 1}_angular_distortion`] = {
        value: angle,
        unit: 'rad',
        label: `Pass ${k + 1}: angular distortion after this pass (from the peak temperatures up to its end; the model and sign of angular_distortion)`,
      };
    });
  }
  output.summary.longitudinal_shrinkage = {
    value: d.longitudinalShrinkage,
    unit: 'm',
    label: `Longitudinal shrinkage: shortening along the weld, averaged over the plate width (the tendon force of the plastic zone over the plate's section); ${which}; ${model}`,
  };
  const full = deflectionOnFullWidth(d, plan.symmetric);
  output.fields.distortion_deflection = {
    label:
      `Residual deflection w (along +z) of ${which}: free plate (unclamped), deflection from its best-fit plane; ${model}; ${notValidated}` +
      `${plan.symmetric ? '; full width (the half plate mirrored about y = 0)' : ''}; at the plate's nodes (cell faces)`,
    unit: 'm',
    grid: {
      axes: [
        { name: 'x', unit: 'm', values: full.x },
        { name: 'y', unit: 'm', values: full.y },
      ],
    },
    shape: [full.x.length, full.y.length],
    values: full.values,
  };
  const angle = (a: number | undefined) => (a === undefined ? 'n/a' : `${(a * 1000).toPrecision(3)} mrad (${((a * 180) / Math.PI).toPrecision(3)}°)`);
  ctx.info(
    `angular_distortion ${angle(d.angularDistortion)} from the inherent-strain plate model with the transverse shrinkage of the yielded band (mechanics/plate/inherent-strain.ts): ` +
      `exact against its closed form, NOT validated against measurements; the isotropic restrained bar alone gives ${angle(isotropic.angularDistortion)}` +
      `${multi ? `; after each pass ${afterPass.map((a, k) => `${k + 1}: ${angle(a)}`).join(', ')}` : ''}`,
  );
  ctx.info(
    `distortion (${model}; ${which}; α ${mechanical.expansionCoefficient.toExponential(3)} /K, σ_Y ${(mechanical.yieldStress / 1e6).toFixed(0)} MPa, E ${(mechanical.youngsModulus / 1e9).toFixed(1)} GPa, ` +
      `no stress above ${(mechanical.mechanicalMeltingTemperature - KELVIN).toFixed(0)} °C; reference ${(c.preheat - KELVIN).toFixed(1)} °C): ` +
      `angular ${angle(d.angularDistortion)}, longitudinal shrinkage ${(d.longitudinalShrinkage * 1000).toFixed(4)} mm, transverse ${(d.transverseShrinkage * 1000).toFixed(4)} mm (isotropic part alone ${(isotropic.transverseShrinkage * 1000).toFixed(4)} mm), ` +
      `max deflection ${(d.maxDeflection * 1000).toFixed(4)} mm; ${d.xFaces.length - 1} × ${d.yFaces.length - 1} plate columns, ${d.linearIterations} CG iterations`,
  );
  const mmOf = (s: number) => `${(s * 1000).toFixed(4)} mm`;
  ctx.info(
    `transverse shrinkage through the thickness (each layer's free shrinkage across the weld, full width): bottom ${mmOf(layers[0]!)}, top ${mmOf(layers[layers.length - 1]!)}, ` +
      `mean ${mmOf(meanShrinkage)}, spread ${(100 * spread).toPrecision(2)} % of the mean; hinge angle from it ${angle(torchSide * profile.hingeAngle)} (a narrow band on a wide plate)`,
  );
  if (heatedThrough && d.angularDistortion !== undefined) ctx.warn(`angular_distortion ${angle(d.angularDistortion)}: ${heatedThroughNote}`);
}
