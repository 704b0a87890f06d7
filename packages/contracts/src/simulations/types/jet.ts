// The four jet types (simulations.md, "jet"): a turbulent (or laminar) jet from a round or slot
// nozzle onto a flat plate or a ridge, with or without particles. Values SI (m, m/s, K, kg/m³, Pa,
// rad); the form shows mm, µm, °C, °, MPa. The parameter names are the solver's
// (@simforge/solvers physics/jet/model/parameters.ts), which also checks the relations between fields
// (H/D, the domain against the nozzle, the averaging radius inside the domain, the ridge inside the
// gap, temperatures inside the fluid's property range) and names the offending field.
//
// Ridge types are planar (a slot nozzle over a ridge running along the slot): their nozzle offers the
// slot only. `ridge.polygon` (optional) is a cross-section [s, z] in m (s across the plate from the jet
// axis, z up from the plate), mirrored about the jet axis; it replaces the triangle of height and apex angle.

import { z } from 'zod';
import { simulationTypesByFamily } from '../../catalogue.js';
import { customParameter, enumParameter, numberParameter, parameterGroup, parameterObject } from '../parameters.js';
import { meshSizeParameter } from './shared-fields.js';

export const jetTypes = simulationTypesByFamily.jet;
export type JetType = (typeof jetTypes)[number];

export const jetHasRidge = (type: JetType): boolean => type === 'JET_IMPINGING_RIDGE' || type === 'JET_WITH_PARTICLES_IMPINGING_RIDGE';
export const jetHasParticles = (type: JetType): boolean => type === 'JET_WITH_PARTICLES_IMPINGING_SURFACE' || type === 'JET_WITH_PARTICLES_IMPINGING_RIDGE';

const degrees = (d: number) => (d * Math.PI) / 180;
const mm = (label: string, minMm: number, maxMm: number, defaultMm: number, description?: string) =>
  numberParameter({ label, quantity: 'length', unit: 'm', displayUnit: 'mm', min: minMm / 1000, max: maxMm / 1000, default: defaultMm / 1000, step: 0.1, ...(description ? { description } : {}) });
const celsius = (label: string, defaultC: number, description?: string) =>
  numberParameter({ label, quantity: 'temperature', unit: 'K', displayUnit: '°C', min: 253.15, max: 773.15, default: defaultC + 273.15, step: 1, ...(description ? { description } : {}) });

/** Limits of a drawn ridge polygon. */
export const ridgePolygonLimits = { maxPoints: 500, maxCoordinate: 5 } as const;
const polygonMessage = `This field must be a list of at least 3 points [s, z] in m, each coordinate within ±${ridgePolygonLimits.maxCoordinate} m`;
const coordinate = z.number({ error: polygonMessage }).min(-ridgePolygonLimits.maxCoordinate, { error: polygonMessage }).max(ridgePolygonLimits.maxCoordinate, { error: polygonMessage });
export const ridgePolygon = z
  .array(z.tuple([coordinate, coordinate], { error: polygonMessage }), { error: polygonMessage })
  .min(3, { error: 'This field needs at least 3 points' })
  .max(ridgePolygonLimits.maxPoints, { error: `At most ${ridgePolygonLimits.maxPoints} points` });

function nozzleGroup(type: JetType) {
  const ridge = jetHasRidge(type);
  return parameterGroup(
    { label: 'Nozzle' },
    {
      shape: ridge
        ? enumParameter({ label: 'Nozzle shape', options: [{ value: 'slot', label: 'Slot (planar jet)' }], default: 'slot', description: 'A ridge is a planar case: a slot nozzle parallel to the ridge.' })
        : enumParameter({
            label: 'Nozzle shape',
            options: [
              { value: 'round', label: 'Round (axisymmetric jet)' },
              { value: 'slot', label: 'Slot (planar jet)' },
            ],
            default: 'round',
          }),
      diameter: mm('Diameter (round) or slot width', 1, 200, 20, 'The nozzle exit: a fully developed pipe or channel profile.'),
    },
  );
}

function ridgeGroup() {
  return parameterGroup(
    { label: 'Ridge', description: 'A ridge on the plate under the jet, symmetric about the jet axis.' },
    {
      height: mm('Ridge height', 0.1, 500, 10, 'Height above the plate; less than the nozzle-to-plate distance.'),
      apex_angle: numberParameter({
        label: 'Apex angle',
        quantity: 'angle',
        unit: 'rad',
        displayUnit: '°',
        min: degrees(20),
        max: degrees(180),
        default: degrees(90),
        step: 1,
        description: 'Included angle at the top of the ridge; 180° fills the plate up to the ridge height (a flat plate moved closer).',
      }),
      polygon: customParameter(
        { label: 'Ridge cross-section', widget: 'polygon', description: 'A drawn cross-section [s, z] (m, s across from the jet axis, z above the plate), mirrored about the axis; replaces height and apex angle.' },
        ridgePolygon,
      ),
    },
  );
}

function particlesGroup() {
  return parameterGroup(
    { label: 'Particles', description: 'One-way coupled Lagrangian tracking through the converged flow.' },
    {
      diameter: numberParameter({ label: 'Particle diameter', quantity: 'length', unit: 'm', displayUnit: 'µm', min: 1e-7, max: 1e-3, default: 1e-5, step: 0.1 }),
      density: numberParameter({ label: 'Particle density', quantity: 'density', unit: 'kg/m³', displayUnit: 'kg/m³', min: 100, max: 20_000, default: 2500, step: 10 }),
      mass_loading: numberParameter({
        label: 'Mass loading',
        quantity: 'dimensionless',
        unit: '',
        displayUnit: '',
        min: 0,
        max: 1,
        default: 0.01,
        step: 0.001,
        description: 'Particle mass flow per unit fluid mass flow of the jet (one-way coupling: sets the deposition and erosion rates, not the flow).',
      }),
      count: numberParameter({ label: 'Tracked particles', quantity: 'dimensionless', unit: '', displayUnit: '', min: 10, max: 20_000, default: 400, step: 1, integer: true }),
      restitution: numberParameter({
        label: 'Restitution coefficient',
        quantity: 'dimensionless',
        unit: '',
        displayUnit: '',
        min: 0,
        max: 1,
        default: 0,
        step: 0.05,
        description: 'Normal rebound speed over impact speed: 0 captures a particle at its first impact.',
      }),
      dispersion: enumParameter({
        label: 'Turbulent dispersion',
        options: [
          { value: 'off', label: 'Off (mean flow only)' },
          { value: 'random_walk', label: 'Discrete random walk (fixed seed)' },
        ],
        default: 'off',
      }),
      seed: numberParameter({ label: 'Random seed', quantity: 'dimensionless', unit: '', displayUnit: '', min: 0, max: 2_147_483_647, default: 1, step: 1, integer: true, advanced: true }),
      gravity: enumParameter({
        label: 'Gravity',
        options: [
          { value: 'along_jet', label: 'Along the jet (nozzle above the plate)' },
          { value: 'against_jet', label: 'Against the jet (nozzle below the plate)' },
          { value: 'off', label: 'Off' },
        ],
        default: 'along_jet',
      }),
      target_flow_stress: numberParameter({
        label: 'Target flow stress',
        quantity: 'pressure',
        unit: 'Pa',
        displayUnit: 'MPa',
        min: 1e7,
        max: 1e10,
        default: 1e9,
        step: 10,
        description: "Plastic flow stress of the target in Finnie's erosion model (ductile metals; about the Vickers hardness).",
      }),
    },
  );
}

function jetSchema(type: JetType) {
  return parameterObject({
    fluid: enumParameter({
      label: 'Fluid',
      options: [
        { value: 'air', label: 'Air (ideal gas)' },
        { value: 'water', label: 'Water (IAPWS-IF97, 0-180 °C)' },
      ],
      default: 'air',
      description: 'Constant properties at the film temperature (mean of jet and surface).',
    }),
    nozzle: nozzleGroup(type),
    nozzle_to_plate_distance: mm('Nozzle-to-plate distance H', 1, 2000, 40, 'From the nozzle exit to the plate; 0.5 to 12 nozzle diameters.'),
    flow_input: enumParameter({
      label: 'Jet flow given as',
      options: [
        { value: 'reynolds_number', label: 'Reynolds number' },
        { value: 'jet_velocity', label: 'Mean jet velocity' },
      ],
      default: 'reynolds_number',
    }),
    reynolds_number: numberParameter({
      label: 'Reynolds number',
      quantity: 'dimensionless',
      unit: '',
      displayUnit: '',
      min: 100,
      max: 100_000,
      default: 23_000,
      step: 100,
      description: 'Mean exit velocity × nozzle diameter (or slot width) / kinematic viscosity.',
      visibleWhen: { field: 'flow_input', equals: 'reynolds_number' },
      defaultWhenVisible: true,
    }),
    jet_velocity: numberParameter({
      label: 'Mean jet velocity',
      quantity: 'velocity',
      unit: 'm/s',
      displayUnit: 'm/s',
      min: 0.001,
      max: 300,
      default: 20,
      step: 0.1,
      visibleWhen: { field: 'flow_input', equals: 'jet_velocity' },
      defaultWhenVisible: true,
    }),
    jet_temperature: celsius('Jet temperature', 20),
    surface_temperature: celsius('Surface temperature', 60, 'The plate (and ridge) is held at this temperature.'),
    domain_radius: mm('Domain radius', 5, 10_000, 160, 'From the jet axis to where the wall jet leaves; at least 3 nozzle diameters.'),
    average_radius: mm('Averaging radius', 0.5, 10_000, 50, 'The average Nusselt number is the area average over r ≤ this (2.5 nozzle diameters for the default nozzle).'),
    flow_model: enumParameter({
      label: 'Flow model',
      options: [
        { value: 'auto', label: 'Automatic (laminar below Re 2 300)' },
        { value: 'laminar', label: 'Laminar' },
        { value: 'turbulent', label: 'Turbulent (k-ω SST)' },
      ],
      default: 'auto',
      advanced: true,
    }),
    ...(jetHasRidge(type) ? { ridge: ridgeGroup() } : {}),
    ...(jetHasParticles(type) ? { particles: particlesGroup() } : {}),
    mesh_size: meshSizeParameter('Wall-resolved grid (first cell y+ below 1), refined across the nozzle shear layer.'),
  });
}

export const jetParameters: Readonly<Record<JetType, ReturnType<typeof jetSchema>>> = Object.fromEntries(jetTypes.map((type) => [type, jetSchema(type)])) as Record<JetType, ReturnType<typeof jetSchema>>;

export type JetParameters = z.infer<ReturnType<typeof jetSchema>>;
