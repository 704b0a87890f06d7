// Collects the live residual events the view's stream hands over (useSimulationLive keeps only the
// latest) into a history for the plot. Events that arrive in one render batch reach this hook as the
// last of them only: the live plot may skip such points; the stored series after the run is complete.
import { useEffect, useState } from 'react';
import type { LiveResiduals } from '../../../simulations/view/useSimulationLive';
import { appendResiduals, emptyHistory, type ResidualHistory } from './residualHistory';

export function useResidualHistory(residuals: LiveResiduals | null): ResidualHistory {
  const [history, setHistory] = useState<ResidualHistory>(emptyHistory);
  useEffect(() => {
    if (residuals) setHistory((h) => appendResiduals(h, residuals.runId, { iteration: residuals.iteration, values: residuals.values }));
  }, [residuals]);
  return history;
}
