import { describe, expect, it } from 'vitest';
import { simulationTypesByFamily } from '@simforge/contracts';
import { claimsOf, manifestOf } from './manifest';
import { geothermalOutput } from './shared/fixtures/geothermal-output';
import { jetOutput } from './shared/fixtures/jet-output';
import { meltPoolOutput } from './shared/fixtures/melt-pool-output';
import { resultsIndexOf } from './shared/fixtures/serveResults';

type Index = Parameters<typeof claimsOf>[1] & { fields: readonly { name: string }[] };

const indexOf = (series: string[], fields: string[]) => ({ series: series.map((name) => ({ name })), fields: fields.map((name) => ({ name })) }) as unknown as Index;

function claimed(type: string, index: Index) {
  const claims = claimsOf(type, index);
  if (!claims) return null;
  return [...index.series.filter((s) => claims('series', s.name)), ...index.fields.filter((f) => claims('fields', f.name))].map((e) => e.name);
}

describe('family manifests', () => {
  it('find the manifest by the type’s family: every jet and melt-pool type, of the pipe family only the geothermal plant', () => {
    for (const type of simulationTypesByFamily.jet) expect(manifestOf(type)?.family).toBe('jet');
    for (const type of simulationTypesByFamily['melt-pool']) expect(manifestOf(type)?.family).toBe('melt-pool');
    expect(manifestOf('GEOTHERMAL_PLANT_TES')?.types).toEqual(['GEOTHERMAL_PLANT_TES']);
    for (const type of [...simulationTypesByFamily.cwm, 'CIRCULAR_PIPE', 'CIRCULAR_ANNULUS', 'PIPE_NETWORK', 'PIPE_NETWORK_2', 'NOT_A_TYPE']) expect(manifestOf(type)).toBeNull();
  });

  it('leave the generic cards what the family view does not draw', () => {
    const jet = claimed('JET_WITH_PARTICLES_IMPINGING_SURFACE', resultsIndexOf(jetOutput) as unknown as Index);
    expect(jet).toEqual(expect.arrayContaining(['nusselt_number', 'residuals', 'particle_track_1', 'velocity_magnitude', 'streamfunction']));
    expect(claimed('LASER_PLASMA_FLEXIBLE_PLATE', resultsIndexOf(meltPoolOutput) as unknown as Index)).toEqual(['solidification_map', 'top_temperature', 'cross_section_temperature']);
    expect(claimed('GEOTHERMAL_PLANT_TES', resultsIndexOf(geothermalOutput) as unknown as Index)).toEqual(['tank_temperature']);
  });

  it('claim nothing of a welding or pipe run, even a result named like one a family view draws', () => {
    expect(claimed('BUTT_WELD', indexOf(['thermal_cycle'], ['temperature', 'pressure']))).toBeNull();
    expect(claimed('CIRCULAR_PIPE', indexOf(['axial_profile'], ['temperature']))).toBeNull();
    expect(claimed('PIPE_NETWORK', indexOf(['tank_temperature'], []))).toBeNull();
  });

  it('always leave the residual series to the residual card', () => {
    expect(claimed('CIRCULAR_ANNULUS', indexOf(['residuals', 'profile'], []))).toEqual(['residuals']);
    expect(claimed('LASER_RIGID_PLATE', indexOf(['residuals', 'thermal_history'], []))).toEqual(['residuals']);
  });
});
