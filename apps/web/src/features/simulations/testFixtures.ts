// Answers of the simulation API for component tests (shapes from @simforge/contracts).
import { defaultParametersOf, type SimulationRun, type Simulation } from '@simforge/contracts';
import { aUser, pathOf, type StubbedCall, type StubResponse } from '../../test/fetchStub';

export const SIM_ID = '6d1c1f38-3a0e-4f43-9d6b-3c8d3d2b1a01';
export const RUN_1 = '7080de5d-2bef-4b59-9f82-c5942c8db345';
export const RUN_2 = '00b759ec-193e-4bf8-8f17-079a0caf193f';

export const pipeSummary = {
  pressure_drop: { value: 5874.574466451597, unit: 'Pa', label: 'Pressure drop (inlet minus outlet)' },
  outlet_temperature: { value: 293.15, unit: 'K', label: 'Outlet bulk temperature' },
  reynolds_number: { value: 25382.440058318836, unit: '', label: 'Reynolds number (inlet)' },
  flow_regime: { value: 'turbulent', unit: '', label: 'Flow regime (inlet)' },
};

export function aSimulation(patch: Partial<Simulation> = {}): Simulation {
  return {
    id: SIM_ID,
    owner_id: aUser.id,
    owner_email: aUser.email,
    title: 'Cooling water line',
    description: 'DN25 supply',
    family: 'pipe',
    type: 'CIRCULAR_PIPE',
    parameters: defaultParametersOf('CIRCULAR_PIPE')!,
    status: 'completed',
    progress: 1,
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:02.000Z',
    started_at: '2026-01-02T10:00:00.500Z',
    finished_at: '2026-01-02T10:00:02.000Z',
    error: null,
    summary: pipeSummary,
    solver_version: '@simforge/solvers 0.1.0, duct-1d 1.0.0',
    revision: 4,
    current_run_id: RUN_1,
    ...patch,
  };
}

export function aRun(patch: Partial<SimulationRun> = {}): SimulationRun {
  return {
    id: RUN_1,
    simulation_id: SIM_ID,
    number: 1,
    status: 'completed',
    parameters: defaultParametersOf('CIRCULAR_PIPE')!,
    solver_version: '@simforge/solvers 0.1.0, duct-1d 1.0.0',
    queued_at: '2026-01-02T10:00:00.000Z',
    started_at: '2026-01-02T10:00:00.500Z',
    finished_at: '2026-01-02T10:00:02.000Z',
    duration_seconds: 1.394,
    summary: pipeSummary,
    error: null,
    ...patch,
  };
}

export const anEstimate = {
  type: 'CIRCULAR_PIPE',
  model: 'metamodel_estimate_v2: Colebrook-White, fully developed',
  results: {
    pressure_drop: { value: 5874.56, unit: 'Pa', label: 'Pressure drop (friction and elevation)' },
    outlet_temperature: { value: 293.15, unit: 'K', label: 'Outlet bulk temperature' },
  },
  validity: [
    { quantity: 'reynolds_number', min: 4000, max: 100000000, value: 25382.44, inside: true },
    { quantity: 'outlet_temperature', min: 273.15, max: 453.15, value: 293.15, inside: true },
  ],
  inside_validity: true,
  expected_runtime_seconds: 0.07,
  elapsed_ms: 6.6,
};

/**
 * What the editor meets after Save: the created draft (the posted fields over aSimulation, with the
 * given fields on top), then its empty run history and log. Undefined for any other call.
 */
export function savedDraftAnswer(call: StubbedCall, draft: Partial<Simulation> = {}): StubResponse | undefined {
  const path = pathOf(call);
  if (path === '/api/v1/simulations/' && call.method === 'POST') return { status: 201, json: aSimulation({ ...(call.body as object), ...draft, status: 'draft', summary: null }) };
  if (path === `/api/v1/simulations/${SIM_ID}/runs`) return { json: { data: [], count: 0 } };
  if (path === `/api/v1/simulations/${SIM_ID}/log`) return { json: { simulation_id: SIM_ID, run_id: null, lines: [] } };
  return undefined;
}
