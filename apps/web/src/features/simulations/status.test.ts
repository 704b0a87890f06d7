import { describe, expect, it } from 'vitest';
import { simulationStatuses } from '@simforge/contracts';
import { allowedActions, runLabel, statusMeta } from './status';

describe('status -> allowed actions', () => {
  it('follows the lifecycle: run and edit when idle, abort while queued or running', () => {
    const table = Object.fromEntries(simulationStatuses.map((s) => [s, allowedActions(s)]));
    expect(table).toEqual({
      draft: { run: true, abort: false, edit: true, clone: true, delete: true },
      queued: { run: false, abort: true, edit: false, clone: true, delete: true },
      running: { run: false, abort: true, edit: false, clone: true, delete: true },
      completed: { run: true, abort: false, edit: true, clone: true, delete: true },
      failed: { run: true, abort: false, edit: true, clone: true, delete: true },
      aborting: { run: false, abort: false, edit: false, clone: true, delete: false },
      aborted: { run: true, abort: false, edit: true, clone: true, delete: true },
    });
  });

  it('every status has a label and a colour; a finished one runs again', () => {
    for (const s of simulationStatuses) expect(statusMeta[s].label).toBeTruthy();
    expect(statusMeta.failed.color).toBe('error');
    expect(statusMeta.completed.color).toBe('success');
    expect(runLabel('draft')).toBe('Run');
    expect(runLabel('completed')).toBe('Run again');
  });
});
