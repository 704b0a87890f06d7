import { describe, expect, it } from 'vitest';
import type { Simulation } from '@simforge/contracts';
import { copyTitle, mergeSimulation } from './simulationsApi';

const base: Simulation = {
  id: '6d1c1f38-3a0e-4f43-9d6b-3c8d3d2b1a01',
  owner_id: '0b5b3c1e-6c9a-4c53-9a1e-2a8f0f4e6d11',
  owner_email: 'ada@simforge.test',
  title: 'Line 1',
  description: null,
  family: 'pipe',
  type: 'CIRCULAR_PIPE',
  parameters: {},
  status: 'running',
  progress: 0.4,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:01.000Z',
  started_at: null,
  finished_at: null,
  error: null,
  summary: null,
  solver_version: null,
  revision: 3,
  current_run_id: '7080de5d-2bef-4b59-9f82-c5942c8db345',
};

describe('mergeSimulation', () => {
  it('never moves the status of a run back (a late "queued" answer after a live "running")', () => {
    const late = { ...base, status: 'queued' as const, progress: 0 };
    expect(mergeSimulation(base, late)).toMatchObject({ status: 'running', progress: 0.4 });
  });

  it('takes newer states, other runs and edits', () => {
    expect(mergeSimulation(base, { ...base, status: 'completed', progress: 1 }).status).toBe('completed');
    expect(mergeSimulation({ ...base, status: 'completed' }, { ...base, status: 'draft' }).status).toBe('draft');
    expect(mergeSimulation({ ...base, status: 'completed' }, { ...base, status: 'queued', current_run_id: '00b759ec-193e-4bf8-8f17-079a0caf193f' }).status).toBe('queued');
    expect(mergeSimulation(undefined, base)).toBe(base);
  });
});

describe('copyTitle', () => {
  it('prefixes Copy of and stays within the title limit', () => {
    expect(copyTitle('Line 1')).toBe('Copy of Line 1');
    expect(copyTitle('x'.repeat(200)).length).toBe(200);
  });
});
