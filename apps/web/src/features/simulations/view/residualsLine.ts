import { formatNumber } from '../../../lib/displayUnits';

/** The residuals of one iteration in a line, as the live progress and the finished run's history both show them. */
export function residualsLine(residuals: { iteration: number; values: Record<string, number> }): string {
  const values = Object.entries(residuals.values).map(([name, value]) => `${name} ${formatNumber(value, 3)}`);
  return `Iteration ${residuals.iteration}: ${values.join(', ')}`;
}
