// A pump's link series as the solver writes it (flow, velocity, head loss, status, quality, power,
// efficiency): every quantity's value at the slider's time with its unit, the efficiency in %, and
// the chosen quantities plotted.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import type { Series } from '@simforge/contracts';
import { theme } from '../../app/theme';
import { ElementSeries } from './ElementSeries';
import { plottedAxes, timeIndex, toggledAxes, viewedSeries, withAxes } from './plottedSeries';

const SIM = '7d7c3b1e-0000-4000-8000-000000000021';
const RUN = '7d7c3b1e-0000-4000-8000-000000000022';
const axis = (name: string, unit: string, label: string, values: number[]) => ({ name, unit, label, values });
const pump: Series = {
  label: 'Pump 9',
  x: axis('time', 's', 'Time', [0, 3600, 7200]),
  y: [
    axis('flow', 'm³/s', 'Flow', [0.1, 0.11, 0.12]),
    axis('velocity', 'm/s', 'Velocity', [0, 0, 0]),
    axis('headloss', 'm', 'Head loss', [-60, -58, -57]),
    axis('status', '', 'Status (0 closed, 1 open, 2 active)', [1, 1, 1]),
    axis('quality', 'mg/L', 'Chlorine', [1, 0.98, 0.97]),
    axis('power', 'W', 'Power drawn', [77_230, 76_000, 75_500]),
    axis('efficiency', '', 'Efficiency (fraction)', [0.75, 0.74, 0.73]),
  ],
};

describe('what the view plots of an element', () => {
  it('reads efficiency in %, plots the coloured quantity until others are chosen, and finds the slider’s time', () => {
    const viewed = viewedSeries(pump);
    expect(viewed.y.at(-1)).toEqual({ name: 'efficiency', unit: '%', label: 'Efficiency', values: [75, 74, 73] });
    expect(viewed.y[3]).toBe(pump.y[3]);
    expect(plottedAxes(viewed, null, 'flow')).toEqual(['flow']);
    expect(plottedAxes(viewed, null, 'pressure')).toEqual(['flow']);
    expect(plottedAxes(viewed, ['power', 'efficiency', 'temperature'], 'flow')).toEqual(['power', 'efficiency']);
    expect(plottedAxes(viewed, [], 'quality')).toEqual(['quality']);
    expect(withAxes(viewed, ['efficiency', 'power']).y.map((a) => a.name)).toEqual(['power', 'efficiency']);
    expect([timeIndex(pump, 3600), timeIndex(pump, 5000), timeIndex(pump, 1e9)]).toEqual([1, 1, 2]);
  });

  it('plots at most two units, dropping the earliest chosen of another unit', () => {
    const viewed = viewedSeries(pump);
    expect(toggledAxes(viewed, ['quality'], 'power')).toEqual(['quality', 'power']);
    expect(toggledAxes(viewed, ['quality', 'power'], 'efficiency')).toEqual(['power', 'efficiency']);
    // Head loss and flow are m and m³/s; velocity a third unit: flow, the earliest, goes.
    expect(toggledAxes(viewed, ['flow', 'headloss'], 'velocity')).toEqual(['headloss', 'velocity']);
    expect(toggledAxes(viewed, ['power', 'efficiency'], 'power')).toEqual(['efficiency']);
  });

  it('shows a pump’s power, efficiency and chlorine with their units and plots the chosen ones', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = decodeURIComponent(String(input));
        if (url.startsWith(`/api/v1/simulations/${SIM}/results/series/link:9`)) return new Response(JSON.stringify({ name: 'link:9', run_id: RUN, ...pump }), { headers: { 'content-type': 'application/json' } });
        return new Response('{}', { status: 404 });
      }),
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ElementSeries simulationId={SIM} runId={RUN} selection={{ elements: 'link', id: '9' }} hasSeries fallback={null} coloured="quality" time={3600} />
        </QueryClientProvider>
      </ThemeProvider>,
    );
    const chips = await screen.findByRole('group', { name: 'Quantities to plot' });
    expect(within(chips).getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Flow: 110 L/s',
      'Velocity: 0 m/s',
      'Head loss: −58 m',
      'Status (0 closed, 1 open, 2 active): 1',
      'Chlorine: 0.98 mg/L',
      'Power drawn: 76 kW',
      'Efficiency: 74 %',
    ]);
    const chart = () => screen.getByTestId('series-chart');
    await waitFor(() => expect(chart().getAttribute('data-y-units')).toBe('mg/L'));
    fireEvent.click(within(chips).getByRole('button', { name: 'Power drawn: 76 kW' }));
    await waitFor(() => expect(chart().getAttribute('data-y-units')).toBe('mg/L,kW'));
    // A third unit: chlorine, chosen first, makes way so that each curve keeps an axis in its unit.
    fireEvent.click(within(chips).getByRole('button', { name: 'Efficiency: 74 %' }));
    await waitFor(() => expect(chart().getAttribute('data-y-units')).toBe('kW,%'));
    expect(within(chips).getByRole('button', { name: 'Chlorine: 0.98 mg/L' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(chips).getByRole('button', { name: 'Efficiency: 74 %' }).getAttribute('aria-pressed')).toBe('true');
  });
});
