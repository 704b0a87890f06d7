// Thermal conductivity of water, IAPWS R15-11, "Release on the IAPWS Formulation 2011 for the
// Thermal Conductivity of Ordinary Water Substance" (Huber et al., J. Phys. Chem. Ref. Data 41
// (2012) 033102), Eqs. (15)-(17), coefficients Tables 1 and 2: lambda = lambda_0 * lambda_1.
//
// The critical enhancement lambda_2 (Eq. 18) is left out. Justification: in the dense liquid it is
// negligible. The release's own check values show it: at 647.35 K (0.25 K above critical!) and
// 750 kg/m³ the full conductivity is 600.961346 mW/(m K) and lambda_0*lambda_1 alone gives the same
// digits, i.e. lambda_2 < 1e-6 relative; our liquid states (0-180 °C, 887-1000 kg/m³) are much
// farther from the critical point. The materials.md table (computed with lambda_2 included) is met
// by lambda_0*lambda_1 alone with a largest deviation of 0.02 % (water.test.ts), against a 1 %
// tolerance. Including lambda_2 would need (d rho/d p)_T from IAPWS-95 at the reference temperature
// 1.5 T_c and gains nothing here.
// Checked against the release's Table 4 (lambda_2 = 0 sample points) in water.test.ts.

const T_STAR = 647.096; // K
const RHO_STAR = 322; // kg/m³
const LAMBDA_STAR = 1e-3; // W/(m K)

const L0 = [2.443221e-3, 1.323095e-2, 6.770357e-3, -3.454586e-3, 4.096266e-4] as const;

// Table 2: L_ij for the terms (1/T̄ - 1)^i (ρ̄ - 1)^j, i = 0..4 (rows), j = 0..5 (columns).
const L1: ReadonlyArray<readonly number[]> = [
  [1.60397357, -0.646013523, 0.111443906, 0.102997357, -0.0504123634, 0.00609859258],
  [2.33771842, -2.78843778, 1.53616167, -0.463045512, 0.0832827019, -0.00719201245],
  [2.19650529, -4.54580785, 3.55777244, -1.40944978, 0.275418278, -0.0205938816],
  [-1.21051378, 1.60812989, -0.621178141, 0.0716373224, 0, 0],
  [-2.720337, 4.57586331, -3.18369245, 1.1168348, -0.19268305, 0.012913842],
];

/** Thermal conductivity (W/(m K)) at density (kg/m³) and temperature (K), lambda_0 * lambda_1. */
export function waterConductivity(density: number, temperature: number): number {
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
