// The run's particles phase: a jet case's particles as a tracking (its release geometry and the
// particles' settings, plain data that a helper thread can take too) and the tracking itself, on one
// thread or, given a split, on two (threads/team.ts).

import type { RunContext } from '../../../run/context.js';
import type { JetCase } from '../model/parameters.js';
import type { FlowSolver } from '../solver.js';
import { jetFreePath } from './setup.js';
import { MAX_STEPS, ParticleTracker, STANDARD_GRAVITY } from './tracking.js';
import type { JetTracking, ParticleResult, ParticleSplit } from './types.js';

export type { JetTracking } from './types.js';

/** The tracking of a jet case with particles. */
export function jetTracking(jet: JetCase): JetTracking {
  const q = jet.particles!;
  const round = jet.nozzle === 'round';
  const fluidMassFlow = jet.properties.density * jet.velocity * (round ? (Math.PI * jet.diameter ** 2) / 4 : jet.diameter / 2);
  return {
    geometry: {
      nozzleHalfWidth: jet.diameter / 2,
      plateX: jet.distance,
      edge: jet.domainRadius,
      axisymmetric: round,
      velocity: jet.velocity,
      nozzle: jet.diameter,
      ...(jet.ridge ? { ridge: jet.ridge.polygon } : {}),
    },
    settings: {
      diameter: q.diameter,
      density: q.density,
      restitution: q.restitution,
      dispersion: q.dispersion === 'random_walk',
      seed: q.seed,
      gravity: q.gravity === 'off' ? 0 : q.gravity === 'along_jet' ? STANDARD_GRAVITY : -STANDARD_GRAVITY,
      count: q.count,
      massFlow: q.massLoading * fluidMassFlow,
      flowStress: q.targetFlowStress,
      freePath: jetFreePath(jet),
    },
  };
}

/** Tracks a jet case's particles through its converged flow (the run's particles phase). */
export async function trackParticles(options: { jet: JetCase; solver: FlowSolver; ctx?: RunContext; split?: ParticleSplit }): Promise<ParticleResult> {
  const { jet, solver, ctx, split } = options;
  const { geometry, settings } = jetTracking(jet);
  const tracker = new ParticleTracker(solver, geometry);
  if (settings.dispersion && !solver.sst) ctx?.info('turbulent dispersion needs the turbulence model: the laminar flow has none, particles follow the mean flow');
  if (split) ctx?.info('particles on 2 threads (a helper thread flies every other particle; the results are those of one thread)');
  const result = await tracker.track(settings, ctx, split);
  ctx?.info(
    `particles: ${settings.count} tracked, Stokes number ${result.stokesNumber.toPrecision(4)} (√Stk ${Math.sqrt(result.stokesNumber).toPrecision(4)}, slip correction ${result.slip.toPrecision(4)}); ` +
      `impaction efficiency ${(100 * result.impactionEfficiency).toFixed(2)} %, captured ${(100 * result.captureEfficiency).toFixed(2)} %, escaped ${(100 * result.escapedFraction).toFixed(2)} %` +
      (result.lostFraction > 0 ? `, ${(100 * result.lostFraction).toFixed(2)} % still airborne after ${MAX_STEPS} steps` : ''),
  );
  return result;
}
