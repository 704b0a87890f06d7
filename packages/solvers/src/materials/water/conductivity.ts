// Thermal conductivity of water, IAPWS R15-11, "Release on the IAPWS Formulation 2011 for the
// Thermal Conductivity of Ordinary Water Substance" (Huber et al., J. Phys. Chem. Ref. Data 41
// (2012) 033102): lambda = lambda* (lambda_0 lambda_1 + lambda_2), Eqs. (15)-(18), coefficients
// Tables 1 and 2, with the critical enhancement lambda_2 in the release's industrial form
// (Section 3.2: the reference compressibility at T_R = 1.5 T_c from Eqs. (25)-(26), Table 6, and the
// fluid's own c_p, c_v, (d rho/d p)_T from IAPWS-IF97, viscosity from IAPWS 2008).
//
// Why lambda_2 is included: it is zero (Delta chi < 0) up to about 150 °C, but 0.13 % at 180 °C and
// 2 MPa. Without it the materials.md 180 °C row (computed with lambda_2) is missed by 0.12 %; with
// it, by 0.006 % (the table's rounding). Both are inside the 1 % tolerance, so it is kept for
// accuracy at the top of the range and because it costs little.
// Checked against the release's Table 4 (lambda_2 = 0 sample points) in water.test.ts.

const T_STAR = 647.096; // K (critical temperature)
const RHO_STAR = 322; // kg/m³ (critical density)
const P_STAR = 22.064e6; // Pa (critical pressure)
const LAMBDA_STAR = 1e-3; // W/(m K)
const MU_STAR = 1e-6; // Pa s
const R_95 = 461.51805; // J/(kg K), the gas constant the release uses for c_p-bar

const L0 = [2.443221e-3, 1.323095e-2, 6.770357e-3, -3.454586e-3, 4.096266e-4] as const;

// Table 2: L_ij for the terms (1/T̄ - 1)^i (ρ̄ - 1)^j, i = 0..4 (rows), j = 0..5 (columns).
const L1: ReadonlyArray<readonly number[]> = [
  [1.60397357, -0.646013523, 0.111443906, 0.102997357, -0.0504123634, 0.00609859258],
  [2.33771842, -2.78843778, 1.53616167, -0.463045512, 0.0832827019, -0.00719201245],
  [2.19650529, -4.54580785, 3.55777244, -1.40944978, 0.275418278, -0.0205938816],
  [-1.21051378, 1.60812989, -0.621178141, 0.0716373224, 0, 0],
  [-2.720337, 4.57586331, -3.18369245, 1.1168348, -0.19268305, 0.012913842],
];

// Critical-enhancement constants (Table 3).
const LAMBDA = 177.8514;
const Q_D_INVERSE = 0.4; // nm
const NU = 0.63;
const GAMMA = 1.239;
const XI_0 = 0.13; // nm
const GAMMA_0 = 0.06;
const T_R_BAR = 1.5;

// Table 6: A_ij, i = 0..5 (rows), j = 0..4 (columns: density ranges of Eq. 26).
const A: ReadonlyArray<readonly number[]> = [
  [6.53786807199516, 6.52717759281799, 5.35500529896124, 1.55225959906681, 1.11999926419994],
  [-5.61149954923348, -6.30816983387575, -3.96415689925446, 0.464621290821181, 0.595748562571649],
  [3.39624167361325, 8.08379285492595, 8.91990208918795, 8.93237374861479, 9.8895256507892],
  [-2.27492629730878, -9.82240510197603, -12.033872950579, -11.0321960061126, -10.325505114704],
  [10.2631854662709, 12.1358413791395, 9.19494865194302, 6.1678099993336, 4.66861294457414],
  [1.97815050331519, -5.54349664571295, -2.16866274479712, -0.965458722086812, -0.503243546373828],
];
const A_RANGE_UPPER = [0.310559006, 0.776397516, 1.242236025, 1.863354037] as const;

/** lambda_0 * lambda_1 (W/(m K)) at density (kg/m³) and temperature (K): the release's Eq. (15) with lambda_2 = 0. */
export function waterConductivityBackground(density: number, temperature: number): number {
  const Tr = temperature / T_STAR;
  const rr = density / RHO_STAR;
  let sum0 = 0;
  for (let k = 0; k < L0.length; k++) sum0 += L0[k]! / Tr ** k;
  const lambda0 = Math.sqrt(Tr) / sum0;
  const x = 1 / Tr - 1;
  const y = rr - 1;
  let sum1 = 0;
  let xi = 1;
  for (const row of L1) {
    let inner = 0;
    let yj = 1;
    for (const coefficient of row) {
      inner += coefficient * yj;
      yj *= y;
    }
    sum1 += xi * inner;
    xi *= x;
  }
  const lambda1 = Math.exp(rr * sum1);
  return LAMBDA_STAR * lambda0 * lambda1;
}

export interface CriticalEnhancementInput {
  density: number;
  temperature: number;
  /** J/(kg K) */
  specificHeat: number;
  /** J/(kg K) */
  isochoricHeat: number;
  /** (d rho / d p)_T, kg/(m³ Pa) */
  densityPressureDerivative: number;
  /** Pa s */
  viscosity: number;
}

/** lambda_2 (W/(m K)), industrial form (Section 3.2 of the release). */
export function waterConductivityCriticalEnhancement(input: CriticalEnhancementInput): number {
  const rr = input.density / RHO_STAR;
  const Tr = input.temperature / T_STAR;
  const zeta = (input.densityPressureDerivative * P_STAR) / RHO_STAR;
  let range = A_RANGE_UPPER.findIndex((upper) => rr <= upper);
  if (range < 0) range = A_RANGE_UPPER.length;
  let inverseZetaReference = 0;
  for (let i = 0; i < A.length; i++) inverseZetaReference += A[i]![range]! * rr ** i;
  const deltaChi = rr * (zeta - ((1 / inverseZetaReference) * T_R_BAR) / Tr);
  if (!(deltaChi > 0)) return 0;
  const xi = XI_0 * (deltaChi / GAMMA_0) ** (NU / GAMMA);
  const y = xi / Q_D_INVERSE;
  if (y < 1.2e-7) return 0;
  const kappaInverse = input.isochoricHeat / input.specificHeat;
  const Z = (2 / (Math.PI * y)) * ((1 - kappaInverse) * Math.atan(y) + kappaInverse * y - (1 - Math.exp(-1 / (1 / y + (y * y) / (3 * rr * rr)))));
  const cpBar = input.specificHeat / R_95;
  const muBar = input.viscosity / MU_STAR;
  return LAMBDA_STAR * ((LAMBDA * rr * cpBar * Tr) / muBar) * Z;
}
