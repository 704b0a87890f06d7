// Inherent (plastic) strain left by a weld or a laser track, as a function of the peak temperature a
// point reached: the restrained-bar model behind the inherent-strain method (Ueda & Yuan 1993,
// "Prediction of residual stresses in butt welded plates using inherent strains", J. Eng. Mater.
// Technol. 115(4):417–423; Masubuchi 1980, "Analysis of Welded Structures", ch. 6; Murakawa, Luo &
// Ueda 1998, "Inherent strain as an interface between computational welding mechanics and its
// industrial application", Mathematical Modelling of Weld Phenomena 4).
//
// A bar of elastic–perfectly plastic material (yield strain ε_Y = σ_Y/E) is held by a spring of
// relative stiffness β (β = ∞: fully restrained), so its stress is σ = −E r (θ + ε_p), r = β/(1 + β),
// θ = α (T − T0). Heating to θ_max yields it in compression once r θ > ε_Y, leaving ε_p = −(θ_max −
// ε_Y/r); cooling back to T0 unloads it and, when r (θ_max − ε_Y/r) > ε_Y, yields it in tension until
// σ = σ_Y. Hence the inherent strain
//   ε* = 0                       for θ_max ≤ ε_Y/r          (elastic: below the onset of yield),
//   ε* = −(θ_max − ε_Y/r)        for ε_Y/r < θ_max ≤ 2ε_Y/r,
//   ε* = −ε_Y/r                  for θ_max > 2ε_Y/r          (the fully plastic zone, residual σ = σ_Y).
// Above the mechanical melting temperature T_m the material carries no stress: the history above T_m
// is erased, the bar restarts stress-free at T_m on cooling and ε* = −min(θ_m, ε_Y/r), θ_m = α (T_m − T0).
// The yield stress is taken at room temperature. Applied isotropically in the plane of the plate.
//
// Longitudinal shrinkage from the tendon force (White, Leggatt & Dwight 1980, "Weld shrinkage
// prediction", Welding and Metal Fabrication 48:587–596; after Okerblom 1958): the plastic zone acts as
// a tendon pulling on the member with F = −∫ E ε* dA over the cross-section, and a free member of
// section A and length L shortens by δ = F L / (E A).

import { InvalidParametersError } from '../../errors.js';

export interface InherentStrainModel {
  youngsModulus: number;
  expansionCoefficient: number;
  /** Room-temperature yield stress (Pa). */
  yieldStress: number;
  /** Above it the material carries no stress (K, same scale as the temperatures). */
  mechanicalMeltingTemperature: number;
  referenceTemperature: number;
  /** Relative stiffness β of the restraint around the heated zone; Infinity (default) is full restraint. */
  restraint?: number;
}

export function validateInherentStrainModel(model: InherentStrainModel): void {
  const issues: { path: string; message: string }[] = [];
  for (const key of ['youngsModulus', 'expansionCoefficient', 'yieldStress'] as const) if (!(model[key] > 0)) issues.push({ path: key, message: 'must be positive' });
  if (!(model.mechanicalMeltingTemperature > model.referenceTemperature)) issues.push({ path: 'mechanicalMeltingTemperature', message: 'must exceed the reference temperature' });
  if (model.restraint !== undefined && !(model.restraint >= 0)) issues.push({ path: 'restraint', message: 'must be zero or positive' });
  if (issues.length > 0) throw new InvalidParametersError(issues);
}

/** ε* (negative: shrinkage) after a thermal cycle that peaked at `peakTemperature`. */
export function inherentStrain(peakTemperature: number, model: InherentStrainModel): number {
  const beta = model.restraint ?? Number.POSITIVE_INFINITY;
  if (beta === 0) return 0;
  const r = beta === Number.POSITIVE_INFINITY ? 1 : beta / (1 + beta);
  const capacity = model.yieldStress / model.youngsModulus / r;
  const alpha = model.expansionCoefficient;
  const shrinkage =
    peakTemperature >= model.mechanicalMeltingTemperature
      ? Math.min(alpha * (model.mechanicalMeltingTemperature - model.referenceTemperature), capacity)
      : Math.min(Math.max(0, alpha * (peakTemperature - model.referenceTemperature) - capacity), capacity);
  return shrinkage === 0 ? 0 : -shrinkage;
}

/** δ = F L / (E A): the shortening of a free member of section A under the tendon force F. */
export function tendonShrinkage(options: { tendonForce: number; length: number; area: number; youngsModulus: number }): number {
  return (options.tendonForce * options.length) / (options.youngsModulus * options.area);
}
