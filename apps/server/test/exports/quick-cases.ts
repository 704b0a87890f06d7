// The fastest real case of every simulation type: its default parameters with only the size of the
// problem cut (coarse mesh presets, a shorter weld or track, a smaller jet domain, a shorter period),
// never the model, so a run produces every summary value, series and field its default does.
// Measured on the development machine (CPU time, one after the other): 0.01-2.7 s each, 20 s for
// all 24 cases; the defaults would take about 450 s (their own run-time estimates), too long for
// npm test.

import { parameterDefaults, solverTypes } from '@simforge/solvers';

type Parameters = Record<string, unknown>;

/** A group of parameters (`geometry`, `laser`), to change in place. */
const group = (p: Parameters, name: string) => p[name] as Parameters;

const welding = (p: Parameters) => {
  group(p, 'geometry').length = 0.03;
  p.cooling_time = 20;
  p.interpass_time = 20;
};

const meltPool = (p: Parameters) => {
  Object.assign(group(p, 'laser'), { track_length: 0.0005, spot_radius: 0.0001 });
  Object.assign(group(p, 'plate'), { width: 0.004, length: 0.004, thickness: 0.001 });
};

// Three nozzle diameters is the smallest domain the jet solver accepts.
const jet = (p: Parameters) => {
  const diameter = group(p, 'nozzle').diameter as number;
  p.domain_radius = 3 * diameter;
  p.average_radius = diameter;
};

const cuts: Record<string, (p: Parameters) => void> = {
  GEOTHERMAL_PLANT_TES: (p) => {
    p.duration = 30 * 86_400;
  },
};

function cutOf(type: string): ((p: Parameters) => void) | undefined {
  if (cuts[type]) return cuts[type];
  if (type.startsWith('LASER_')) return meltPool;
  if (type.startsWith('JET_')) return jet;
  if (type.endsWith('_WELD') || type.endsWith('_JOINT')) return welding;
  return undefined;
}

/** The type's default case, made as small as its model allows. */
export function quickCase(type: string): Parameters {
  const p = parameterDefaults(type) as Parameters;
  if ('mesh_size' in p) p.mesh_size = 'coarse';
  cutOf(type)?.(p);
  return p;
}

/** Every type a solver exists for, each with its quick case (and CIRCULAR_PIPE with each of its models). */
export function quickCases(): { type: string; label: string; parameters: Parameters }[] {
  return solverTypes().flatMap((type) =>
    type === 'CIRCULAR_PIPE'
      ? ['developing', 'one_dimensional'].map((model) => ({ type, label: `${type} (${model})`, parameters: { ...quickCase(type), model } as Parameters }))
      : [{ type, label: type, parameters: quickCase(type) }],
  );
}
