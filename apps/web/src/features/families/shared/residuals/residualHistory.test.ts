import { describe, expect, it } from 'vitest';
import { appendResiduals, emptyHistory, historyFromSeries, MAX_LIVE_POINTS, residualSpec } from './residualHistory';

const RUN = 'run-1';

describe('residual history', () => {
  it('appends events in order, replaces a replayed iteration and restarts on a new run', () => {
    let h = emptyHistory;
    h = appendResiduals(h, RUN, { iteration: 1, values: { u: 1, p: 0.5 } });
    h = appendResiduals(h, RUN, { iteration: 3, values: { u: 0.1, p: 0.05 } });
    h = appendResiduals(h, RUN, { iteration: 2, values: { u: 0.3, p: 0.2 } });
    h = appendResiduals(h, RUN, { iteration: 3, values: { u: 0.09, p: 0.04 } });
    expect(h.points.map((p) => p.iteration)).toEqual([1, 2, 3]);
    expect(h.points[2]!.values.u).toBe(0.09);
    h = appendResiduals(h, 'run-2', { iteration: 1, values: { u: 1 } });
    expect(h).toEqual({ runId: 'run-2', points: [{ iteration: 1, values: { u: 1 } }] });
  });

  it('thins a long history but keeps the first and the latest point', () => {
    let h = emptyHistory;
    for (let i = 1; i <= MAX_LIVE_POINTS + 1; i++) h = appendResiduals(h, RUN, { iteration: i, values: { u: 1 / i } });
    expect(h.points.length).toBeLessThanOrEqual(MAX_LIVE_POINTS / 2 + 2);
    expect(h.points[0]!.iteration).toBe(1);
    expect(h.points[h.points.length - 1]!.iteration).toBe(MAX_LIVE_POINTS + 1);
  });

  it('draws every equation on a log axis and leaves out residuals a log axis cannot show', () => {
    const spec = residualSpec([
      { iteration: 1, values: { u: 1, k: 0 } },
      { iteration: 2, values: { u: 1e-3, k: 2e-2 } },
    ]);
    expect(spec.y.log).toBe(true);
    expect(spec.curves.map((c) => c.name)).toEqual(['u', 'k']);
    // the curve keeps the 0 (the option builder drops it: see xyOption.test)
    expect(spec.curves[1]!.points).toEqual([
      [1, 0],
      [2, 2e-2],
    ]);
  });

  it('reads the stored series (x: iteration, one y per equation)', () => {
    const points = historyFromSeries({
      x: { name: 'iteration', unit: '', label: 'Outer iteration', values: [10, 20] },
      y: [
        { name: 'continuity', unit: '', label: 'continuity', values: [0.1, 0.01] },
        { name: 'energy', unit: '', label: 'energy', values: [0.2, 0.02] },
      ],
    });
    expect(points).toEqual([
      { iteration: 10, values: { continuity: 0.1, energy: 0.2 } },
      { iteration: 20, values: { continuity: 0.01, energy: 0.02 } },
    ]);
  });
});
