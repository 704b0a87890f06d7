// Key results leave each pump's energy figures to the network view's energy table (shown once), and
// keep the network's own energy totals.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { ScalarResult } from '@simforge/contracts';
import { SummaryCards } from './SummaryCards';

const r = (value: number, unit: string, label: string): ScalarResult => ({ value, unit, label });

describe('key results of a network run', () => {
  it('shows no per-pump energy card', () => {
    const { container } = render(
      <SummaryCards
        type="PIPE_NETWORK"
        summary={{
          min_pressure: r(150_000, 'Pa', 'Lowest junction pressure'),
          'pump_energy:9:utilisation': r(1, '', 'Pump 9: share of the run it ran (fraction)'),
          'pump_energy:9:peak_power': r(84_410, 'W', 'Pump 9: peak power'),
          peak_pumping_power: r(84_410, 'W', 'Largest total pumping power'),
          pumping_cost: r(0, '', 'Pumping cost per day plus the demand charge (EPANET total cost)'),
          max_quality: r(1.2, 'mg/L', 'Highest chlorine at a junction'),
        }}
      />,
    );
    const keys = [...container.querySelectorAll('[data-summary-key]')].map((card) => card.getAttribute('data-summary-key'));
    expect(keys).toEqual(['min_pressure', 'max_quality', 'peak_pumping_power', 'pumping_cost']);
    expect(container.querySelector('[data-summary-key="max_quality"]')!.textContent).toContain('1.2mg/L');
  });
});
