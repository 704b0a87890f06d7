import { describe, expect, it } from 'vitest';
import { parseSimulationEvent, SimulationEvent } from './events.js';
import { decodeFloat32, encodeFloat32 } from './results.js';
import { canAbort, canEdit, canRun, canTransition, simulationStatuses, simulationTransitions, SimulationCreate, SimulationListQuery } from './simulation.js';

describe('simulation statuses', () => {
  it('follow the product decisions: draft -> queued -> running -> completed | failed; abort through aborting', () => {
    expect(canTransition('draft', 'queued')).toBe(true);
    expect(canTransition('queued', 'running')).toBe(true);
    expect(canTransition('running', 'completed')).toBe(true);
    expect(canTransition('running', 'failed')).toBe(true);
    expect(canTransition('running', 'aborting')).toBe(true);
    expect(canTransition('aborting', 'aborted')).toBe(true);
    expect(canTransition('queued', 'aborted')).toBe(true);
    expect(canTransition('completed', 'queued')).toBe(true);
    expect(canTransition('completed', 'draft')).toBe(true);
    expect(canTransition('draft', 'running')).toBe(false);
    expect(canTransition('aborting', 'completed')).toBe(false);
    for (const status of simulationStatuses) for (const to of simulationTransitions[status]) expect(simulationStatuses).toContain(to);
    expect(simulationStatuses.filter(canRun)).toEqual(['draft', 'completed', 'failed', 'aborted']);
    expect(simulationStatuses.filter(canEdit)).toEqual(['draft', 'completed', 'failed', 'aborted']);
    expect(simulationStatuses.filter(canAbort)).toEqual(['queued', 'running']);
  });
});

describe('bodies and queries', () => {
  it('requires a title of at most 200 characters', () => {
    expect(SimulationCreate.safeParse({ type: 'CIRCULAR_PIPE' }).error?.issues[0]).toMatchObject({ path: ['title'], message: 'This field is required' });
    expect(SimulationCreate.safeParse({ title: '  ', type: 'CIRCULAR_PIPE' }).error?.issues[0]).toMatchObject({ message: 'This field is required' });
    expect(SimulationCreate.safeParse({ title: 'x'.repeat(201), type: 'CIRCULAR_PIPE' }).error?.issues[0]).toMatchObject({ message: 'At most 200 characters' });
  });

  it('parses list queries: comma-separated statuses, sort with a sign, defaults', () => {
    expect(SimulationListQuery.parse({})).toEqual({ skip: 0, limit: 100, sort: '-updated_at' });
    expect(SimulationListQuery.parse({ status: 'queued,running', sort: 'title', skip: '5' })).toMatchObject({ status: ['queued', 'running'], sort: 'title', skip: 5 });
    expect(SimulationListQuery.safeParse({ status: 'sleeping' }).success).toBe(false);
    expect(SimulationListQuery.safeParse({ sort: 'owner' }).success).toBe(false);
  });
});

describe('events and results', () => {
  it('parses each event of the union', () => {
    const base = { id: 7, simulation_id: '00000000-0000-4000-8000-000000000001', run_id: null, at: new Date(0).toISOString() };
    const events = [
      { ...base, type: 'status', status: 'running', progress: 0.5, error: null },
      { ...base, type: 'progress', fraction: 0.25, eta_seconds: 3, phase: 'march' },
      { ...base, type: 'log', seq: 1, t: 0.01, level: 'info', message: 'hello' },
      { ...base, type: 'residuals', iteration: 3, values: { colebrook: 1e-12 } },
      { ...base, type: 'result', summary: { pressure_drop: { value: 12, unit: 'Pa', label: 'Pressure drop' } } },
    ];
    for (const event of events) expect(parseSimulationEvent(JSON.stringify(event))).toEqual(event);
    expect(SimulationEvent.safeParse({ ...base, type: 'party' }).success).toBe(false);
  });

  it('encodes fields as little-endian Float32', () => {
    const bytes = encodeFloat32([1, -2.5, 3e6]);
    expect(Array.from(bytes.slice(0, 4))).toEqual([0, 0, 0x80, 0x3f]);
    expect(Array.from(decodeFloat32(bytes.buffer as ArrayBuffer))).toEqual([1, -2.5, 3e6]);
  });
});
