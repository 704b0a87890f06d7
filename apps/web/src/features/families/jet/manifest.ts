// The jet family: its results view (flow maps, wall plots, particles) and its nozzle-and-target sketch.
import { lazy } from 'react';
import type { FamilyManifest } from '../shared/familyManifest';
import { JetSchematic } from './JetSchematic';

const JetResultsView = lazy(() => import('./JetResultsView').then((m) => ({ default: m.JetResultsView })));

export const jetManifest: FamilyManifest = {
  family: 'jet',
  results: {
    View: JetResultsView,
    claims: {
      series: /^(nusselt_number|pressure_coefficient|martin_average_nusselt|deposition|erosion|particle_track_\d+)$/,
      fields: /^(velocity_magnitude|axial_velocity|radial_velocity|temperature|pressure|turbulent_viscosity|streamfunction|solid)$/,
    },
  },
  schematic: { Sketch: JetSchematic },
};
