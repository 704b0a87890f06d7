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
// Transverse shrinkage (optional, transverseInherentStrain): the restrained bar describes the
// direction along the weld, held by the long cold plate ahead and behind. Across the weld the heated
// band is held only by the plate wings, which move apart as it expands and close as it cools: what
// yielded in compression on heating (the band above the onset of yield, softened and upset by the
// surrounding metal) shrinks across the weld by its whole thermal strain at the peak, capped at the
// mechanical melting temperature, ε*_yy = −min(θ_max, θ_m). This is the free transverse shrinkage
// behind Okerblom's δ_T ≈ α Q/(c ρ h) (Okerblom 1958, "The calculations of deformations of welded
// metal structures"; as reviewed by Verhaeghe 1999, "Predictive formulae for weld distortion", TWI),
// and the reason angular distortion exceeds what the yield-capped longitudinal strain gives: the
// band is wider at the torch side, so its transverse shrinkage varies through the thickness.
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

/**
 * The thermal strain the restrained bar takes elastically before it yields, σ_y / (E r) with
 * r = β / (1 + β) (1 for a rigid restraint); undefined for a free bar (β = 0), which keeps no strain.
 */
function strainCapacity(model: InherentStrainModel): number | undefined {
  const beta = model.restraint ?? Number.POSITIVE_INFINITY;
  if (beta === 0) return undefined;
  const r = beta === Number.POSITIVE_INFINITY ? 1 : beta / (1 + beta);
  return model.yieldStress / model.youngsModulus / r;
}

/** ε* (negative: shrinkage) after a thermal cycle that peaked at `peakTemperature`. */
export function inherentStrain(peakTemperature: number, model: InherentStrainModel): number {
  const capacity = strainCapacity(model);
  if (capacity === undefined) return 0;
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

/**
 * The transverse inherent strain beyond the isotropic one, ε*_yy − ε* (≤ 0): −min(θ_max, θ_m) in
 * total where the bar yielded on heating (θ_max above the onset of yield, see the header), 0 elsewhere.
 */
export function transverseInherentStrain(peakTemperature: number, model: InherentStrainModel): number {
  const capacity = strainCapacity(model);
  if (capacity === undefined) return 0;
  const alpha = model.expansionCoefficient;
  const theta = alpha * (Math.min(peakTemperature, model.mechanicalMeltingTemperature) - model.referenceTemperature);
  if (!(alpha * (peakTemperature - model.referenceTemperature) > capacity)) return 0;
  const extra = -theta - inherentStrain(peakTemperature, model);
  return extra < 0 ? extra : 0;
}
