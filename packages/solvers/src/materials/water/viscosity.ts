// Viscosity of water, IAPWS R12-08, "Release on the IAPWS Formulation 2008 for the Viscosity of
// Ordinary Water Substance" (Huber et al., J. Phys. Chem. Ref. Data 38 (2009) 101), Eqs. (10)-(12),
// coefficients Tables 1 and 2. The critical enhancement mu_2 is set to 1, as the release recommends
// for industrial use (Section 3.2: it matters only within a few kelvin and kg/m³ of the critical
// point; at 0-180 °C liquid it is 1 to far better than 1e-4).
// Checked against the release's Table 4 in water.test.ts.

const T_STAR = 647.096; // K
const RHO_STAR = 322; // kg/m³
const MU_STAR = 1e-6; // Pa s

const H0 = [1.67752, 2.20462, 0.6366564, -0.241605] as const;

// Table 2: [i, j, H_ij] for the terms (1/T̄ - 1)^i (ρ̄ - 1)^j; all other H_ij are zero.
const H1: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 5.20094e-1],
  [1, 0, 8.50895e-2],
  [2, 0, -1.08374],
  [3, 0, -2.89555e-1],
  [0, 1, 2.22531e-1],
  [1, 1, 9.99115e-1],
  [2, 1, 1.88797],
  [3, 1, 1.26613],
  [5, 1, 1.20573e-1],
  [0, 2, -2.81378e-1],
  [1, 2, -9.06851e-1],
  [2, 2, -7.72479e-1],
  [3, 2, -4.89837e-1],
  [4, 2, -2.5704e-1],
  [0, 3, 1.61913e-1],
  [1, 3, 2.57399e-1],
  [0, 4, -3.25372e-2],
  [3, 4, 6.98452e-2],
  [4, 5, 8.72102e-3],
  [3, 6, -4.35673e-3],
  [5, 6, -5.93264e-4],
];

/** Dynamic viscosity (Pa s) at density (kg/m³) and temperature (K), without critical enhancement. */
export function waterViscosity(density: number, temperature: number): number {
  const Tr = temperature / T_STAR;
  const rr = density / RHO_STAR;
  let sum0 = 0;
  for (let i = 0; i < H0.length; i++) sum0 += H0[i]! / Tr ** i;
  const mu0 = (100 * Math.sqrt(Tr)) / sum0;
  const x = 1 / Tr - 1;
  const y = rr - 1;
  let sum1 = 0;
  for (const [i, j, h] of H1) sum1 += h * x ** i * y ** j;
  const mu1 = Math.exp(rr * sum1);
  return MU_STAR * mu0 * mu1;
}
