// The types of the particle tracking (tracking.ts): what a tracking is given, and what it returns.

import type { Fate } from './tally.js';

export interface TrackingSettings {
  /** m, kg/m³ */
  diameter: number;
  density: number;
  restitution: number;
  dispersion: boolean;
  seed: number;
  /** m/s² along +x (towards the plate). */
  gravity: number;
  count: number;
  /** Particle mass flow through the nozzle (kg/s; per metre of slot for the planar half domain). */
  massFlow: number;
  /** Pa */
  flowStress: number;
  /** Gas mean free path (m); 0 in a liquid. */
  freePath: number;
  /** Stokes drag without the Reynolds correction (the impactor theory's assumption; verification only). */
  stokesDrag?: boolean;
  /** Step as a fraction of the local cell crossing time (default 0.1). */
  stepFraction?: number;
}

export interface TrackingGeometry {
  /** Nozzle radius or half-width (m), the plate's x (m), the domain edge (m). */
  nozzleHalfWidth: number;
  plateX: number;
  edge: number;
  axisymmetric: boolean;
  /** Mean jet velocity (m/s) and nozzle diameter or width (m), for the Stokes number. */
  velocity: number;
  nozzle: number;
  /** The ridge's cross-section [s, z] (mirrored about s = 0), if any. */
  ridge?: readonly (readonly [number, number])[];
}

export interface ParticleTrack {
  x: number[];
  y: number[];
  fate: Fate;
}

export interface ParticleResult {
  stokesNumber: number;
  slip: number;
  /** Stokes-regime response time (s). */
  responseTime: number;
  count: number;
  impactionEfficiency: number;
  captureEfficiency: number;
  escapedFraction: number;
  /** Mass share still airborne after the step limit. */
  lostFraction: number;
  /** Bins across the plate: edges and centres (m), and the rates per unit plan area. */
  binEdges: number[];
  binCentres: number[];
  /** kg/(m²·s) */
  deposition: number[];
  /** Surface recession rate (m/s). */
  erosion: number[];
  maxErosionRate: number;
  /** Mass-weighted mean impact speed (m/s) and angle from the surface (rad) at first impacts. */
  meanImpactSpeed: number;
  meanImpactAngle: number;
  tracks: ParticleTrack[];
  axisymmetric: boolean;
}

/** A jet case's tracking: where the particles are released and what they are. */
export interface JetTracking {
  geometry: TrackingGeometry;
  settings: TrackingSettings;
}

/**
 * Two threads for one tracking: the records of every particle, shared with a helper thread, and the
 * commands that start its part of the particles and wait for it (threads/team.ts).
 */
export interface ParticleSplit {
  records: Float64Array;
  post(): void;
  join(): void;
}
