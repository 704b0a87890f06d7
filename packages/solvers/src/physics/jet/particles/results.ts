// The particle results as summary entries and series (simulations.md, "jet": stokes_number,
// impaction_efficiency, max_erosion_rate; deposition and erosion maps per unit plan area of the plate,
// sampled tracks).

import type { ScalarResult, Series, SeriesAxis } from '../../../run/types.js';
import type { ParticleResult } from './tracking.js';

const axis = (name: string, unit: string, label: string, values: ArrayLike<number>): SeriesAxis => ({ name, unit, label, values: Array.from(values) });

export function particleSummary(result: ParticleResult): Record<string, ScalarResult> {
  return {
    stokes_number: { value: result.stokesNumber, unit: '', label: 'Stokes number ρ_p d² C_c U / (9 μ D)' },
    impaction_efficiency: { value: result.impactionEfficiency, unit: '', label: 'Impaction efficiency (mass share of the particles that hit the target)' },
    max_erosion_rate: { value: result.maxErosionRate, unit: 'm/s', label: 'Largest erosion rate (surface recession, Finnie 1960)' },
    capture_efficiency: { value: result.captureEfficiency, unit: '', label: 'Capture efficiency (mass share deposited on the target)' },
    escaped_fraction: { value: result.escapedFraction, unit: '', label: 'Mass share carried out of the domain' },
    particle_response_time: { value: result.responseTime, unit: 's', label: 'Particle response time τ_p (Stokes drag with slip)' },
    slip_correction: { value: result.slip, unit: '', label: 'Cunningham slip correction' },
    mean_impact_speed: { value: result.meanImpactSpeed, unit: 'm/s', label: 'Mean speed at the first impact' },
    mean_impact_angle: { value: result.meanImpactAngle, unit: 'rad', label: 'Mean angle to the surface at the first impact' },
  };
}

export function particleSeries(result: ParticleResult, round: boolean): Record<string, Series> {
  const s = axis('s', 'm', round ? 'Radius r from the jet axis' : 'Distance from the jet mid-plane across the plate', result.binCentres);
  const series: Record<string, Series> = {
    deposition: { label: 'Deposition rate per unit plan area', x: s, y: [axis('deposition_rate', 'kg/(m²·s)', 'Deposited particle mass flux', result.deposition)] },
    erosion: { label: 'Erosion rate (Finnie 1960) per unit plan area', x: s, y: [axis('erosion_rate', 'm/s', 'Surface recession rate', result.erosion)] },
  };
  result.tracks.forEach((track, k) => {
    series[`particle_track_${k + 1}`] = {
      label: `Particle track ${k + 1} (${track.fate})`,
      x: axis('x', 'm', 'Distance from the nozzle exit', track.x),
      y: [axis(round ? 'r' : 'y', 'm', round ? 'Radius' : 'Distance from the mid-plane', track.y)],
    };
  });
  return series;
}
