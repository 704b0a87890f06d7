// Collects the live residual events the view's stream hands over into a history for the plot:
// useSimulationLive applies them in batches, each with every iteration reported since the last.
import { useEffect, useState } from 'react';
import type { LiveResiduals } from '../../../simulations/view/useSimulationLive';
import { appendResiduals, emptyHistory, type ResidualHistory } from './residualHistory';

export function useResidualHistory(residuals: LiveResiduals | null): ResidualHistory {
  const [history, setHistory] = useState<ResidualHistory>(emptyHistory);
  useEffect(() => {
    if (!residuals) return;
    const points = residuals.points ?? [{ iteration: residuals.iteration, values: residuals.values }];
    setHistory((h) => points.reduce((history, point) => appendResiduals(history, residuals.runId, point), h));
  }, [residuals]);
  return history;
}
