// IAPWS-IF97, the Industrial Formulation 1997 for the thermodynamic properties of water and steam:
// IAPWS R7-97(2012), "Revised Release on the IAPWS Industrial Formulation 1997 for the Thermodynamic
// Properties of Water and Steam", www.iapws.org/relguide/IF97-Rev.html.
//   Region 1 (compressed liquid): Gibbs free energy, Eq. (7), coefficients Table 2, properties
//   Table 3 (c_v and the isothermal compressibility from the same derivatives), valid 273.15 K <= T <= 623.15 K, p_s(T) <= p <= 100 MPa.
//   Region 4 (saturation line): Eq. (30), coefficients Table 34.
// Checked against the release's computer-program verification values (Tables 5 and 35) in
// if97.test.ts. SI units throughout (Pa, K, J/kg).

/** Specific gas constant of water used by IF97, Eq. (1): 0.461526 kJ/(kg K). */
export const R_IF97 = 461.526;

const P_STAR_REGION1 = 16.53e6; // Pa
const T_STAR_REGION1 = 1386; // K

// Table 2: [I_i, J_i, n_i], i = 1..34.
const REGION1_TERMS: ReadonlyArray<readonly [number, number, number]> = [
  [0, -2, 0.14632971213167],
  [0, -1, -0.84548187169114],
  [0, 0, -0.3756360367204e1],
  [0, 1, 0.33855169168385e1],
  [0, 2, -0.95791963387872],
  [0, 3, 0.15772038513228],
  [0, 4, -0.16616417199501e-1],
  [0, 5, 0.81214629983568e-3],
  [1, -9, 0.28319080123804e-3],
  [1, -7, -0.60706301565874e-3],
  [1, -1, -0.18990068218419e-1],
  [1, 0, -0.32529748770505e-1],
  [1, 1, -0.21841717175414e-1],
  [1, 3, -0.5283835796993e-4],
  [2, -3, -0.47184321073267e-3],
  [2, 0, -0.30001780793026e-3],
  [2, 1, 0.47661393906987e-4],
  [2, 3, -0.44141845330846e-5],
  [2, 17, -0.72694996297594e-15],
  [3, -4, -0.31679644845054e-4],
  [3, 0, -0.28270797985312e-5],
  [3, 6, -0.85205128120103e-9],
  [4, -5, -0.22425281908e-5],
  [4, -2, -0.65171222895601e-6],
  [4, 10, -0.14341729937924e-12],
  [5, -8, -0.40516996860117e-6],
  [8, -11, -0.12734301741641e-8],
  [8, -6, -0.17424871230634e-9],
  [21, -29, -0.68762131295531e-18],
  [23, -31, 0.14478307828521e-19],
  [29, -38, 0.26335781662795e-22],
  [30, -39, -0.11947622640071e-22],
  [31, -40, 0.18228094581404e-23],
  [32, -41, -0.93537087292458e-25],
];

export interface Region1State {
  /** Specific volume, m³/kg. */
  specificVolume: number;
  density: number;
  /** Specific enthalpy, J/kg (IF97 reference: u = s = 0 for saturated liquid at the triple point). */
  enthalpy: number;
  /** Specific isobaric heat capacity, J/(kg K). */
  specificHeat: number;
  /** Specific entropy, J/(kg K). */
  entropy: number;
  /** Speed of sound, m/s. */
  speedOfSound: number;
  /** Specific isochoric heat capacity, J/(kg K). */
  isochoricHeat: number;
  /** Isothermal compressibility -(1/v)(dv/dp)_T, 1/Pa. */
  isothermalCompressibility: number;
}

/** Region 1 properties at pressure p (Pa) and temperature T (K); no range check (see waterRegion1Range). */
export function region1(pressure: number, temperature: number): Region1State {
  const pi = pressure / P_STAR_REGION1;
  const tau = T_STAR_REGION1 / temperature;
  const a = 7.1 - pi;
  const b = tau - 1.222;
  let gamma = 0;
  let gammaPi = 0;
  let gammaPiPi = 0;
  let gammaTau = 0;
  let gammaTauTau = 0;
  let gammaPiTau = 0;
  for (const [I, J, n] of REGION1_TERMS) {
    // Two powers per term; the neighbouring ones follow by one multiplication or division.
    const aI1 = a ** (I - 1);
    const bJ1 = b ** (J - 1);
    const aI = aI1 * a;
    const bJ = bJ1 * b;
    gamma += n * aI * bJ;
    gammaPi -= n * I * aI1 * bJ;
    gammaPiPi += n * I * (I - 1) * (aI1 / a) * bJ;
    gammaTau += n * aI * J * bJ1;
    gammaTauTau += n * aI * J * (J - 1) * (bJ1 / b);
    gammaPiTau -= n * I * aI1 * J * bJ1;
  }
  const RT = R_IF97 * temperature;
  const specificVolume = (pi * gammaPi * RT) / pressure;
  const w2 = (RT * gammaPi * gammaPi) / ((gammaPi - tau * gammaPiTau) ** 2 / (tau * tau * gammaTauTau) - gammaPiPi);
  return {
    specificVolume,
    density: 1 / specificVolume,
    enthalpy: tau * gammaTau * RT,
    specificHeat: -tau * tau * gammaTauTau * R_IF97,
    entropy: R_IF97 * (tau * gammaTau - gamma),
    speedOfSound: Math.sqrt(w2),
    isochoricHeat: R_IF97 * (-tau * tau * gammaTauTau + (gammaPi - tau * gammaPiTau) ** 2 / gammaPiPi),
    isothermalCompressibility: -gammaPiPi / (gammaPi * P_STAR_REGION1),
  };
}

// Table 34: n_1 .. n_10 of the saturation equation.
const N4 = [
  0.11670521452767e4, -0.72421316703206e6, -0.17073846940092e2, 0.1202082470247e5, -0.32325550322333e7,
  0.1491510861353e2, -0.48232657361591e4, 0.40511340542057e6, -0.23855557567849, 0.65017534844798e3,
] as const;

/** Saturation pressure (Pa) at temperature T (K), IF97 Eq. (30); valid 273.15 K <= T <= 647.096 K. */
export function saturationPressure(temperature: number): number {
  const theta = temperature + N4[8] / (temperature - N4[9]);
  const A = theta * theta + N4[0] * theta + N4[1];
  const B = N4[2] * theta * theta + N4[3] * theta + N4[4];
  const C = N4[5] * theta * theta + N4[6] * theta + N4[7];
  const x = (2 * C) / (-B + Math.sqrt(B * B - 4 * A * C));
  return x ** 4 * 1e6;
}
