import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { aRun, RUN_1, RUN_2 } from '../testFixtures';
import { RunHistory } from './RunHistory';

const durationOf = (runNumber: number): string => {
  const row = screen.getAllByRole('row').find((r) => r.getAttribute('data-run-number') === String(runNumber))!;
  return within(row).getAllByRole('cell')[3]!.textContent!;
};

describe('RunHistory', () => {
  it("counts a run's earlier attempts in its duration: final when finished, growing while it runs again", () => {
    // Run 2 was executed for 100 s by a process that died; its second attempt started 30 s ago.
    const started = new Date(Date.now() - 30_000).toISOString();
    const runs = [aRun({ id: RUN_2, number: 2, status: 'running', started_at: started, finished_at: null, duration_seconds: 100, summary: null }), aRun({ id: RUN_1, number: 1, duration_seconds: 130 })];
    render(<RunHistory type="CIRCULAR_PIPE" runs={runs} selectedRunId={null} currentRunId={RUN_2} onSelect={() => undefined} />);
    expect(durationOf(2)).toBe('2 min 10 s so far');
    expect(durationOf(1)).toBe('2 min 10 s');
  });
});
