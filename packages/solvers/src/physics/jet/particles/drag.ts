// The drag of a small sphere in a gas or liquid:
//
//   response time      τ_p = ρ_p d² C_c / (18 μ f(Re_p))
//   Schiller–Naumann   f = 1 + 0.15 Re_p^0.687 (Re_p = ρ |u − v| d / μ ≤ 1000; Schiller & Naumann
//                      1933, as in Clift, Grace & Weber 1978, Table 5.2); 0.44 Re_p / 24 above
//   Cunningham slip    C_c = 1 + (λ/d) (2.34 + 1.05 exp(−0.39 d/λ))   (Allen & Raabe 1985, as
//                      quoted by Hinds, Aerosol Technology, 2nd ed., eq. 3.20) [RECALLED]
//   mean free path     λ = μ / (0.499 ρ c̄),  c̄ = √(8 R T / π)  (kinetic theory; Hinds eq. 2.26):
//                      air at 293 K and 1 atm: 0.066 µm. Liquids: C_c = 1.
//   Stokes number      Stk = τ_p(Re_p → 0) U / (D/2) = ρ_p d² C_c U / (9 μ D)  (Marple & Willeke
//                      1976: D the nozzle diameter or slot width, U the mean jet velocity)

export const SCHILLER_NAUMANN_LIMIT = 1000;

export function schillerNaumann(reynolds: number): number {
  return reynolds <= SCHILLER_NAUMANN_LIMIT ? 1 + 0.15 * reynolds ** 0.687 : (0.44 * reynolds) / 24;
}

/** Mean free path of a gas (m) from its viscosity, density, temperature and specific gas constant. */
export function meanFreePath(options: { viscosity: number; density: number; temperature: number; gasConstant: number }): number {
  const meanSpeed = Math.sqrt((8 * options.gasConstant * options.temperature) / Math.PI);
  return options.viscosity / (0.499 * options.density * meanSpeed);
}

/** Cunningham's slip correction for a particle of diameter d (m) in a gas of mean free path λ (m); 1 when λ = 0. */
export function cunningham(diameter: number, freePath: number): number {
  if (freePath <= 0) return 1;
  const ratio = freePath / diameter;
  return 1 + ratio * (2.34 + 1.05 * Math.exp(-0.39 / ratio));
}

/** Stokes-regime response time τ_p = ρ_p d² C_c / (18 μ) (s). */
export function responseTime(options: { particleDensity: number; diameter: number; slip: number; viscosity: number }): number {
  return (options.particleDensity * options.diameter ** 2 * options.slip) / (18 * options.viscosity);
}

/** Marple's Stokes number of an impactor jet: ρ_p d² C_c U / (9 μ D). */
export function stokesNumber(options: { particleDensity: number; diameter: number; slip: number; viscosity: number; velocity: number; nozzle: number }): number {
  return (2 * responseTime(options) * options.velocity) / options.nozzle;
}
