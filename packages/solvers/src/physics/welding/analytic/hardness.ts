// Maximum as-welded HAZ hardness of C-Mn and low-alloy steels from the chemistry and t8/5:
// the formula of Düren,
//   C. Düren, "Formulae for calculating the maximum hardness in the heat-affected zone of welded
//   joints", IIW Doc. IX-1437-86 (1986); reviewed in D. J. Abson & J. M. Nicholas, TWI Industrial
//   Member Reports 689/1999 and 715/2000, and Nicholas & Abson, "The prediction of maximum HAZ
//   hardness in C-Mn and low alloy steel arc welds", 17th Int. Conf. Computer Technology in
//   Welding and Engineering, Cranfield, 2008.
// As implemented (wt-%, t8/5 in s, log base 10):
//   CE_B = C + Si/11 + Mn/8 + Cu/9 + Cr/5 + Ni/17 + Mo/6 + V/3
//   HV   = 2019·[C·(1 − 0.5·log t8/5) + 0.3·(CE_B − C)] + 66·(1 − 0.8·log t8/5)
//   capped by the fully martensitic hardness HV_M = 802·C + 305.
// [RECALLED] The coefficients and the range below are quoted from memory of the published form;
// they were not re-read in a source while writing this. Verify against Düren (1986) or the TWI
// review before the result leaves the "estimate" label. Nb and B are accepted (they belong to the
// chemistry input) but do not enter Düren's formula; boron-treated steels are outside its range.
// Validity (the formula's calibration, as recalled): C-Mn and low-alloy steels with
// 0.05 ≤ C ≤ 0.22 wt-%, boron-free, 1 ≤ t8/5 ≤ 100 s.

export interface SteelChemistry {
  C: number;
  Si: number;
  Mn: number;
  Cu: number;
  Ni: number;
  Cr: number;
  Mo: number;
  V: number;
  Nb: number;
  B: number;
}

/**
 * A typical S355 (EN 10025-2 S355J2+N plate) ladle analysis, wt-% — an illustration within the
 * standard's limits (C ≤ 0.20–0.22, Si ≤ 0.55, Mn ≤ 1.60, Cu ≤ 0.55), NOT a specification and not a
 * particular heat: use the mill certificate for a real assessment.
 */
export const S355_TYPICAL_CHEMISTRY: Readonly<SteelChemistry> = { C: 0.16, Si: 0.25, Mn: 1.4, Cu: 0.05, Ni: 0.05, Cr: 0.05, Mo: 0.01, V: 0.005, Nb: 0.02, B: 0 };

export const DUREN_VALIDITY = { carbon: { min: 0.05, max: 0.22 }, t85: { min: 1, max: 100 }, boron: { min: 0, max: 0.0005 } } as const;

export function durenCarbonEquivalent(c: SteelChemistry): number {
  return c.C + c.Si / 11 + c.Mn / 8 + c.Cu / 9 + c.Cr / 5 + c.Ni / 17 + c.Mo / 6 + c.V / 3;
}

export function durenMartensiteHardness(c: SteelChemistry): number {
  return 802 * c.C + 305;
}

/** Maximum HAZ hardness, HV (Düren 1986), for a cooling time t8/5 in s. */
export function durenMaxHazHardness(chemistry: SteelChemistry, t85: number): { hardness: number; carbonEquivalent: number; martensiteLimited: boolean } {
  if (!(t85 > 0)) throw new RangeError('t8/5 must be > 0 s');
  for (const [element, value] of Object.entries(chemistry)) {
    if (!(value >= 0) || !Number.isFinite(value)) throw new RangeError(`${element} must be a finite content >= 0 wt-%`);
  }
  const log = Math.log10(t85);
  const ce = durenCarbonEquivalent(chemistry);
  const hv = 2019 * (chemistry.C * (1 - 0.5 * log) + 0.3 * (ce - chemistry.C)) + 66 * (1 - 0.8 * log);
  const limit = durenMartensiteHardness(chemistry);
  return { hardness: Math.min(hv, limit), carbonEquivalent: ce, martensiteLimited: hv > limit };
}
