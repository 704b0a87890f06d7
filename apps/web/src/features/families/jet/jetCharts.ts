// The jet's plots as chart specs (pure): Nusselt number and pressure coefficient along the target
// against s/D with Martin's (1977) correlation for comparison, particle tracks over the domain and
// the deposition / erosion distributions. Series are the solver's (simulations.md, "jet").
import type { Series, SeriesAxis } from '@simforge/contracts';
import { chooseDisplayUnit, convertFromSI } from '../../../lib/displayUnits';
import type { XYCurve, XYSpec } from '../shared/charts/xyOption';

const MARTIN_COLOUR = '#d32f2f';

function curve(x: readonly number[], y: SeriesAxis, scaleX: (v: number) => number, unit: string): [number, number][] {
  return x.map((v, i): [number, number] => [scaleX(v), convertFromSI(y.values[i]!, y.unit, unit)]);
}

/** The estimate endpoint's Martin average: its value and the radius it is for (m). */
export interface MartinEstimate {
  value: number;
  radius: number;
}

export function sOverDAxisLabel(round: boolean): string {
  return round ? 'r / D' : 's / W';
}

export function nusseltSpec(options: { nusselt: Series; martin: Series | null; estimate: MartinEstimate | null; diameter: number; round: boolean }): XYSpec {
  const { diameter } = options;
  const byD = (v: number) => v / diameter;
  const curves: XYCurve[] = options.nusselt.y.map((y) => ({ name: y.label, points: curve(options.nusselt.x.values, y, byD, '') }));
  if (options.martin) {
    for (const y of options.martin.y) curves.push({ name: `${y.label} (solver's evaluation)`, points: curve(options.martin.x.values, y, byD, ''), dashed: true, colour: MARTIN_COLOUR });
  }
  if (options.estimate) {
    curves.push({ name: 'Martin (1977) estimate at the averaging radius', kind: 'scatter', colour: MARTIN_COLOUR, points: [[options.estimate.radius / diameter, options.estimate.value]] });
  }
  return { x: { label: sOverDAxisLabel(options.round), unit: '' }, y: { label: 'Nusselt number', unit: '' }, curves, legend: true };
}

export function pressureCoefficientSpec(options: { cp: Series; diameter: number; round: boolean }): XYSpec {
  const byD = (v: number) => v / options.diameter;
  return {
    x: { label: sOverDAxisLabel(options.round), unit: '' },
    y: { label: 'Pressure coefficient Cp', unit: '' },
    curves: options.cp.y.map((y) => ({ name: y.label, points: curve(options.cp.x.values, y, byD, '') })),
  };
}

/** A distribution along the target (deposition, erosion) against s/D in its display unit. */
export function distributionSpec(options: { series: Series; diameter: number; round: boolean }): XYSpec {
  const { series } = options;
  const y0 = series.y[0]!;
  const unit = chooseDisplayUnit(y0.unit, Math.max(0, ...y0.values.map(Math.abs).filter(Number.isFinite)));
  const byD = (v: number) => v / options.diameter;
  return {
    x: { label: sOverDAxisLabel(options.round), unit: '' },
    y: { label: y0.label, unit },
    curves: series.y.map((y) => ({ name: y.label, points: curve(series.x.values, y, byD, unit) })),
  };
}

const trackColour: Record<string, string> = { captured: '#2e7d32', escaped: '#1565c0', lost: '#ef6c00' };

/** `Particle track 3 (deposited)` → `deposited`. */
export function trackFate(label: string): string {
  return /\(([^)]+)\)\s*$/.exec(label)?.[1] ?? 'track';
}

/**
 * The sampled tracks in the view's frame: across (mm) and height above the plate z = H − x (mm),
 * coloured by fate, with the target surface (the plate, or the ridge's profile).
 */
export function tracksSpec(options: { tracks: Series[]; plate: number; target: Series | null }): XYSpec {
  const mm = (v: number) => v * 1000;
  const curves: XYCurve[] = options.tracks.map((t) => {
    const fate = trackFate(t.label);
    const across = t.y[0]!;
    return { name: t.label, colour: trackColour[fate], points: t.x.values.map((x, i): [number, number] => [mm(across.values[i]!), mm(options.plate - x)]) };
  });
  const reach = Math.max(0, ...options.tracks.flatMap((t) => t.y[0]!.values));
  const surface: [number, number][] = options.target
    ? options.target.x.values.map((s, i): [number, number] => [mm(s), mm(options.target!.y[0]!.values[i]!)])
    : [
        [0, 0],
        [mm(reach), 0],
      ];
  curves.push({ name: 'Target surface', points: surface, colour: '#37424d', reference: true });
  return { x: { label: 'Distance from the jet axis', unit: 'mm' }, y: { label: 'Height above the plate', unit: 'mm' }, curves, legend: false };
}

/** Counts of the sampled tracks by fate, for the caption. */
export function fateCounts(tracks: readonly Pick<Series, 'label'>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const t of tracks) counts[trackFate(t.label)] = (counts[trackFate(t.label)] ?? 0) + 1;
  return counts;
}
