// The four melt-pool types (simulations.md, "melt-pool", "Parameters (core)"): a laser track on a
// plate, with a plasma arc for LASER_PLASMA_* and edge supports for the flexible plates. Values SI
// (m, m/s, W, A, V, K); the form shows µm, mm, mm/s, °C. The names are the solver's
// (@simforge/solvers physics/melt-pool/model/parameters.ts), whose defaults equal these bit for bit.

import type { z } from 'zod';
import { simulationTypesByFamily } from '../../catalogue.js';
import { enumParameter, numberParameter, parameterGroup, parameterObject } from '../parameters.js';
import { alloyOption, meshSizeParameter } from './shared-fields.js';

export const meltPoolTypes = simulationTypesByFamily['melt-pool'];
export type MeltPoolType = (typeof meltPoolTypes)[number];

export const meltPoolHasPlasma = (type: MeltPoolType): boolean => type.startsWith('LASER_PLASMA_');
export const meltPoolIsFlexible = (type: MeltPoolType): boolean => type.endsWith('_FLEXIBLE_PLATE');

const micrometres = (label: string, min: number, max: number, defaultValue: number, description?: string) =>
  numberParameter({ label, quantity: 'length', unit: 'm', displayUnit: 'µm', min: min / 1e6, max: max / 1e6, default: defaultValue / 1e6, step: 1, ...(description ? { description } : {}) });
const millimetres = (label: string, min: number, max: number, defaultValue: number, description?: string) =>
  numberParameter({ label, quantity: 'length', unit: 'm', displayUnit: 'mm', min: min / 1000, max: max / 1000, default: defaultValue / 1000, step: 0.1, ...(description ? { description } : {}) });
const ratio = (label: string, min: number, max: number, defaultValue: number, description: string) =>
  numberParameter({ label, quantity: 'dimensionless', unit: '', displayUnit: '', min, max, default: defaultValue, step: 0.01, description });

function laserGroup() {
  return parameterGroup(
    { label: 'Laser' },
    {
      power: numberParameter({ label: 'Laser power', quantity: 'power', unit: 'W', displayUnit: 'W', min: 1, max: 20_000, default: 200, step: 1 }),
      spot_radius: micrometres('Spot radius (1/e²)', 10, 2000, 60, 'Radius where the Gaussian intensity falls to 1/e² of its peak (half the D4σ diameter).'),
      absorptivity: ratio(
        'Absorptivity',
        0.01,
        1,
        0.35,
        'Share of the laser power absorbed. Not a material constant: about 0.3-0.4 for flat steel and nickel alloys in conduction mode, 0.6-0.8 in a keyhole, below 0.1 for polished aluminium.',
      ),
      scan_speed: numberParameter({ label: 'Scan speed', quantity: 'velocity', unit: 'm/s', displayUnit: 'mm/s', min: 0.001, max: 5, default: 1, step: 1 }),
      track_length: millimetres('Track length', 0.5, 50, 1.5, 'Length of the straight track, centred on the plate.'),
    },
  );
}

function plasmaGroup() {
  return parameterGroup(
    { label: 'Plasma arc', description: 'A second Gaussian surface source moving with the laser. A current of 0 switches it off (the answer then equals the laser-only case).' },
    {
      current: numberParameter({ label: 'Arc current', quantity: 'electric_current', unit: 'A', displayUnit: 'A', min: 0, max: 500, default: 10, step: 1 }),
      voltage: numberParameter({ label: 'Arc voltage', quantity: 'electric_potential', unit: 'V', displayUnit: 'V', min: 5, max: 60, default: 15, step: 0.1 }),
      efficiency: ratio('Arc efficiency', 0.1, 1, 0.4, 'Share of the arc power entering the plate (plasma arcs about 0.4-0.7).'),
      radius: millimetres('Arc radius (1/e²)', 0.1, 20, 0.5, 'Radius where the Gaussian arc flux falls to 1/e² of its peak.'),
      offset: millimetres('Offset from the laser', -20, 20, 0.5, 'Distance of the arc centre from the laser spot along the track: positive ahead of the laser (leading arc), negative behind it.'),
    },
  );
}

function plateGroup(flexible: boolean) {
  const shape = {
    thickness: millimetres('Plate thickness', 0.2, 50, 2),
    width: millimetres('Plate width', 1, 500, 10, 'Across the track.'),
    length: millimetres('Plate length', 1, 500, 10, 'Along the track; at least the track length.'),
  };
  if (!flexible) return parameterGroup({ label: 'Plate', description: 'Held in place (rigid): only the thermal field is computed.' }, shape);
  return parameterGroup(
    { label: 'Plate', description: 'Bends under the thermal moments while heated and keeps a residual shape (inherent strain).' },
    {
      ...shape,
      support: enumParameter({
        label: 'Edge support',
        options: [
          { value: 'free', label: 'Free' },
          { value: 'simply_supported', label: 'Simply supported (all four edges)' },
          { value: 'clamped', label: 'Clamped (all four edges)' },
        ],
        default: 'simply_supported',
      }),
    },
  );
}

function meltPoolSchema(type: MeltPoolType) {
  const plasma = meltPoolHasPlasma(type);
  return parameterObject({
    material: enumParameter({
      label: 'Material',
      options: [alloyOption('316L'), alloyOption('IN625'), alloyOption('Ti6Al4V'), alloyOption('S355'), alloyOption('AA6061', 'low absorptivity: about 0.05-0.1 when polished')],
      default: '316L',
      description: 'Properties from the cited library, with solidus, liquidus, latent heat, and the boiling point and heat of evaporation whose loss bounds the peak temperature.',
    }),
    laser: laserGroup(),
    ...(plasma ? { plasma: plasmaGroup() } : {}),
    plate: plateGroup(meltPoolIsFlexible(type)),
    preheat_temperature: numberParameter({ label: 'Preheat temperature', quantity: 'temperature', unit: 'K', displayUnit: '°C', min: 273.15 - 20, max: 273.15 + 1000, default: 293.15, step: 1 }),
    marangoni: parameterGroup(
      {
        label: 'Marangoni convection',
        advanced: true,
        description:
          'Melt flow represented by multiplying the liquid conductivity (anisotropic enhanced-conductivity approach of Lampa et al. 1997 and Safdar et al. 2013). 1 switches it off.',
      },
      {
        in_plane_factor: ratio('Liquid conductivity factor, along the surface', 1, 10, 2.5, 'Multiplies the liquid conductivity along the track and across it (outward surface flow widens the pool).'),
        depth_factor: ratio('Liquid conductivity factor, in depth', 1, 10, 2.5, 'Multiplies the liquid conductivity through the depth (the melt also circulates downward under the beam and in a keyhole).'),
      },
    ),
    mesh_size: meshSizeParameter('Cell size at the track: spot radius / 6 (coarse), / 8 (default), / 12 (fine), three times longer along the track, graded to coarse cells away from it.'),
  });
}

export const meltPoolParameters: Readonly<Record<MeltPoolType, ReturnType<typeof meltPoolSchema>>> = Object.fromEntries(
  meltPoolTypes.map((type) => [type, meltPoolSchema(type)]),
) as Record<MeltPoolType, ReturnType<typeof meltPoolSchema>>;

export type MeltPoolParameters = z.infer<ReturnType<typeof meltPoolSchema>>;
