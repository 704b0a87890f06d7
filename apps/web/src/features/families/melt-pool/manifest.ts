// The melt-pool family: its results view (pool maps, G–R map, deflection) and the laser-over-plate
// sketch with the absorptivity guidance for the chosen material.
import { lazy } from 'react';
import type { FamilyManifest } from '../shared/familyManifest';
import { MeltPoolSchematic } from './MeltPoolSchematic';
import { absorptivityAdvice } from './meltPoolSketch';

const MeltPoolResultsView = lazy(() => import('./MeltPoolResultsView').then((m) => ({ default: m.MeltPoolResultsView })));

export const meltPoolManifest: FamilyManifest = {
  family: 'melt-pool',
  results: {
    View: MeltPoolResultsView,
    claims: { series: /^solidification_map$/, fields: /^(top_temperature|cross_section_temperature|longitudinal_temperature)$/ },
  },
  schematic: {
    Sketch: MeltPoolSchematic,
    advice: (parameters) => absorptivityAdvice(parameters['material'], (parameters['laser'] as Record<string, unknown> | undefined)?.['absorptivity']),
  },
};
