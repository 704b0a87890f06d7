// The geothermal plant with its thermal store: a type of the pipe family with a view of its own, the
// store's temperature map. The power plot stays with the generic cards.
import { lazy } from 'react';
import type { FamilyManifest } from '../shared/familyManifest';

const GeothermalResultsView = lazy(() => import('./GeothermalResultsView').then((m) => ({ default: m.GeothermalResultsView })));

export const geothermalManifest: FamilyManifest = {
  family: 'pipe',
  types: ['GEOTHERMAL_PLANT_TES'],
  results: { View: GeothermalResultsView, claims: { series: /^$/, fields: /^tank_temperature$/ } },
};
