// The energy table from a run's summary as the solver writes it: a row per pump in the network's
// order, fractions in %, energy per volume and power in the unit system's units, then the totals.
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import type { ScalarResult } from '@simforge/contracts';
import { DEFAULT_UNIT_SYSTEM, setActiveUnitSystem } from '../../lib/unitSystems';
import { NetworkEnergyTable, pumpEnergyRows } from './NetworkEnergyTable';

const r = (value: number, unit = ''): ScalarResult => ({ value, unit, label: 'from the solver' });
const pump = (id: string, [utilisation, efficiency, kwhPerM3, averageKw, peakKw, cost]: number[]) => ({
  [`pump_energy:${id}:utilisation`]: r(utilisation!),
  [`pump_energy:${id}:average_efficiency`]: r(efficiency!),
  [`pump_energy:${id}:energy_per_volume`]: r(kwhPerM3! * 3.6e6, 'J/m³'),
  [`pump_energy:${id}:average_power`]: r(averageKw! * 1000, 'W'),
  [`pump_energy:${id}:peak_power`]: r(peakKw! * 1000, 'W'),
  [`pump_energy:${id}:cost_per_day`]: r(cost!),
});
const summary: Record<string, ScalarResult> = {
  min_pressure: r(150_000, 'Pa'),
  ...pump('PU2', [0.5, 0.6, 0.3, 12, 15, 3.6]),
  ...pump('PU1', [1, 0.75, 0.22, 77.23, 84.41, 0]),
  peak_pumping_power: r(99_410, 'W'),
  demand_charge: r(1.25),
  pumping_cost: r(4.85),
};

const rows = () => within(screen.getByRole('table', { name: 'Pumping energy' })).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent).filter(Boolean).join(' | '));

afterEach(() => setActiveUnitSystem(DEFAULT_UNIT_SYSTEM, { persist: false }));

describe('the network energy table', () => {
  it('gathers each pump’s figures, in the network’s pump order', () => {
    expect(pumpEnergyRows(summary, ['PU1', 'PU2']).map((row) => [row.pump, Object.keys(row.values).length])).toEqual([
      ['PU1', 6],
      ['PU2', 6],
    ]);
    // Pumps the order does not list (no drawing) come after it, by id.
    expect(pumpEnergyRows(summary, ['PU2']).map((row) => row.pump)).toEqual(['PU2', 'PU1']);
    expect(pumpEnergyRows({ min_pressure: r(1, 'Pa') })).toEqual([]);
  });

  it('shows a row per pump with units, then the peak power, the demand charge and the total', () => {
    setActiveUnitSystem('metric', { persist: false });
    render(<NetworkEnergyTable summary={summary} pumpOrder={['PU1', 'PU2']} />);
    expect(rows()).toEqual([
      'Pump | Utilisation | Average efficiency | Energy per volume | Average power | Peak power | Cost per day',
      'PU1 | 100 % | 75 % | 0.22 kWh/m³ | 77.23 kW | 84.41 kW | 0',
      'PU2 | 50 % | 60 % | 0.3 kWh/m³ | 12 kW | 15 kW | 3.6',
      'Peak total power | 99.41 kW',
      'Demand charge | 1.25',
      'Total cost | 4.85',
    ]);
    // The total stands in the cost column, under the pumps' costs.
    const total = screen.getByRole('row', { name: /Total cost/ });
    expect(total.querySelectorAll('td')).toHaveLength(1);
    expect((total.querySelector('th') as HTMLTableCellElement).colSpan).toBe(6);

    act(() => setActiveUnitSystem('us', { persist: false }));
    expect(rows()[1]).toBe('PU1 | 100 % | 75 % | 832.79 kWh/Mgal | 77.23 kW | 84.41 kW | 0');
    act(() => setActiveUnitSystem('si', { persist: false }));
    expect(rows()[1]).toBe('PU1 | 100 % | 75 % | 792,000 J/m³ | 77,230 W | 84,410 W | 0');
  });

  it('is not drawn for a run without pumps', () => {
    const { container } = render(<NetworkEnergyTable summary={{ min_pressure: r(150_000, 'Pa'), peak_pumping_power: r(0, 'W') }} />);
    expect(container.textContent).toBe('');
  });
});
