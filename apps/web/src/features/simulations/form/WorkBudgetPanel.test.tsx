import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { WorkBudget } from '@simforge/contracts';
import { WorkBudgetPanel } from './WorkBudgetPanel';

const limits = { max_cells: 2_000_000, max_seconds: 3600, max_memory_bytes: 4096 * 2 ** 20 };
const plan = (cells: number, seconds: number, memory: number) => ({ cells, steps: 3069, memory_bytes: memory, seconds, cell_fields: [], step_fields: [] });

describe('work budget in the estimate panel', () => {
  it('shows cells, steps, memory and run time against the limits, and no message within them', () => {
    const budget: WorkBudget = { plan: plan(103_488, 10, 66e6), limits, within_limits: true, over: [], message: null };
    render(<WorkBudgetPanel budget={budget} />);
    const table = screen.getByRole('table', { name: 'Work of the run' });
    expect(within(table).getByText('103 k')).toBeTruthy();
    expect(within(table).getByText('2 M')).toBeTruthy();
    expect(within(table).getByText('4 GB')).toBeTruthy();
    expect(screen.queryByTestId('work-budget-message')).toBeNull();
  });

  it('shows the refusal create would answer when the case is over a limit', () => {
    const message = "With the Fine mesh this case needs 42.1 M cells (this server's limit: 2 M): lower Laser power or Track length";
    const budget: WorkBudget = { plan: plan(42_120_000, 8080, 23e9), limits, within_limits: false, over: ['cells', 'seconds', 'memory'], message };
    render(<WorkBudgetPanel budget={budget} />);
    expect(screen.getByTestId('work-budget-message').textContent).toBe(message);
    expect(screen.getByText('42.1 M')).toBeTruthy();
  });
});
