// The G–R solidification map of the melt pool: the solver's (G, R) points on the trailing liquidus
// isotherm over the columnar-to-equiaxed transition lines of Hunt's criterion in the simplified form
// of Gäumann et al.:
//
//   G^n / R = a · [ (−4π N0 / (3 ln(1 − φ)))^(1/3) / (n + 1) ]^n
//
// φ the equiaxed volume fraction: φ ≤ 0.0066 fully columnar, φ ≥ 0.49 fully equiaxed (Hunt, J.D.,
// "Steady state columnar and equiaxed growth of dendrites and eutectic", Mater. Sci. Eng. 65 (1984)
// 75–83). Constants a = 1.25e6 K^3.4/(m·s), n = 3.4, N0 = 2e15 m⁻³ for the nickel superalloy
// CMSX-4 (Gäumann, M., Bezençon, C., Canalis, P., Kurz, W., "Single-crystal laser deposition of
// superalloys: processing–microstructure maps", Acta Mater. 49 (2001) 1051–1062), which give the
// published columnar limit G^3.4/R = 2.7e24 K^3.4/(m^4.4·s) (checked in the test). [RECALLED]: the
// constants are quoted from memory. Only that alloy's constants are known here: the lines (and so a
// columnar/equiaxed classification) are drawn only when the run names an alloy whose constants are in
// HUNT_CONSTANTS; another alloy's map shows the points and the cooling-rate lines only (another
// alloy's constants would classify it wrongly: the lines move by decades with a and N0).
// Lines of constant cooling rate G·R are exact for every material.
import type { Series } from '@simforge/contracts';
import { logTick } from '../../simulations/plots/chartLayout';
import type { XYCurve, XYSpec } from '../shared/charts/xyOption';

export interface HuntConstants {
  /** K^n/(m·s) */
  a: number;
  n: number;
  /** Nucleation sites, 1/m³. */
  n0: number;
  source: string;
}

export const CMSX4_GAUMANN_2001: HuntConstants = { a: 1.25e6, n: 3.4, n0: 2e15, source: 'Gäumann et al. 2001, CMSX-4' };
/** The alloys whose own Hunt constants are known, by the name the solver reports in `solidification_regions`. */
export const HUNT_CONSTANTS: Readonly<Record<string, HuntConstants>> = { 'CMSX-4': CMSX4_GAUMANN_2001 };

export const COLUMNAR_FRACTION = 0.0066;
export const EQUIAXED_FRACTION = 0.49;

/** K_φ in G^n / R = K_φ (SI: K^n/(m^(n+1)·s)). */
export function huntLimit(constants: HuntConstants, equiaxedFraction: number): number {
  const { a, n, n0 } = constants;
  const spacing = Math.cbrt((-4 * Math.PI * n0) / (3 * Math.log(1 - equiaxedFraction)));
  return a * (spacing / (n + 1)) ** n;
}

/** R on the line G^n / R = K at this G. */
export const rateOnLine = (constants: HuntConstants, limit: number, gradient: number) => gradient ** constants.n / limit;

/** log-spaced values from lo to hi. */
function logSpace(lo: number, hi: number, count: number): number[] {
  const a = Math.log10(lo);
  const b = Math.log10(hi);
  return Array.from({ length: count }, (_, k) => 10 ** (a + ((b - a) * k) / (count - 1)));
}

/** The decade-rounded box around the points, widened by a decade on each side. */
export function mapBox(points: readonly [number, number][]): { gMin: number; gMax: number; rMin: number; rMax: number } {
  const ok = points.filter(([g, r]) => g > 0 && r > 0 && Number.isFinite(g) && Number.isFinite(r));
  const gs = ok.map((p) => p[0]);
  const rs = ok.map((p) => p[1]);
  const floor = (v: number) => 10 ** Math.floor(Math.log10(v));
  const ceil = (v: number) => 10 ** Math.ceil(Math.log10(v));
  if (ok.length === 0) return { gMin: 1e4, gMax: 1e8, rMin: 1e-4, rMax: 10 };
  return { gMin: floor(Math.min(...gs)) / 10, gMax: ceil(Math.max(...gs)) * 10, rMin: floor(Math.min(...rs)) / 10, rMax: ceil(Math.max(...rs)) * 10 };
}

/** The G–R map; the columnar/equiaxed lines only with an alloy's own constants. */
export function solidificationSpec(series: Pick<Series, 'x' | 'y'>, constants?: HuntConstants): XYSpec {
  const points = series.x.values.map((g, i): [number, number] => [g, series.y[0]!.values[i]!]);
  const box = mapBox(points);
  const gs = logSpace(box.gMin, box.gMax, 40);
  const inBox = (pts: [number, number][]) => pts.filter(([, r]) => r >= box.rMin && r <= box.rMax);
  const huntLine = (constants: HuntConstants, fraction: number, name: string, endLabel: string): XYCurve => {
    const limit = huntLimit(constants, fraction);
    return { name, reference: true, dashed: false, colour: '#37424d', endLabel, points: inBox(gs.map((g): [number, number] => [g, rateOnLine(constants, limit, g)])) };
  };
  const curves: XYCurve[] = [{ name: 'Trailing liquidus isotherm (solver)', kind: 'scatter', points }];
  if (constants)
    curves.push(
      huntLine(constants, COLUMNAR_FRACTION, `Fully columnar below/right (φ < ${COLUMNAR_FRACTION})`, 'columnar | mixed'),
      huntLine(constants, EQUIAXED_FRACTION, `Fully equiaxed above/left (φ > ${EQUIAXED_FRACTION})`, 'mixed | equiaxed'),
    );
  for (let decade = Math.ceil(Math.log10(box.gMin * box.rMin)); decade <= Math.floor(Math.log10(box.gMax * box.rMax)); decade++) {
    const rate = 10 ** decade;
    // Labelled where the line leaves the map on the right, beside the plot; a line that leaves it
    // through the bottom would put its label on the G axis' tick labels.
    const endsOnTheRight = rate / box.gMax >= box.rMin;
    curves.push({
      name: `G·R = ${logTick(rate)} K/s`,
      reference: true,
      dashed: true,
      colour: '#9e9e9e',
      ...(endsOnTheRight ? { endLabel: `${logTick(rate)} K/s` } : {}),
      points: inBox(gs.map((g): [number, number] => [g, rate / g])),
    });
  }
  return {
    x: { label: 'Thermal gradient G', unit: 'K/m', log: true, min: box.gMin, max: box.gMax },
    y: { label: 'Solidification rate R', unit: 'm/s', log: true, min: box.rMin, max: box.rMax },
    curves,
    legend: false,
  };
}
