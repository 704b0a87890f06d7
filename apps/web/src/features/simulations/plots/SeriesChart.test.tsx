import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material';
import type { Series } from '@simforge/contracts';
import { theme } from '../../../app/theme';
import { activeUnitSystem, DEFAULT_UNIT_SYSTEM, setActiveUnitSystem } from '../../../lib/unitSystems';
import SeriesChart from './SeriesChart';

const temperature: Series = {
  label: 'Temperature along the pipe',
  x: { name: 'position', unit: 'm', label: 'Distance from the inlet', values: [0, 5, 10] },
  y: [{ name: 'bulk_temperature', unit: 'K', label: 'Bulk temperature', values: [293.15, 303.15, 313.15] }],
};

/** The axis names echarts drew (its SVG renderer works in jsdom once the box has a size). */
const drawnText = () => [...screen.getByTestId('series-chart').querySelectorAll('text')].map((t) => t.textContent ?? '');

afterEach(() => setActiveUnitSystem(DEFAULT_UNIT_SYSTEM, { persist: false }));

describe('the series chart', () => {
  it('redraws its axes and values at once when the unit system is switched', async () => {
    setActiveUnitSystem('metric', { persist: false });
    // jsdom lays nothing out: give the chart's box a size so echarts draws. It has no canvas either:
    // without a 2-D context zrender estimates text widths, quietly.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 300 });
    try {
      render(
        <ThemeProvider theme={theme}>
          <SeriesChart series={temperature} label="Temperature plot" />
        </ThemeProvider>,
      );
      await waitFor(() => expect(drawnText()).toContain('Distance from the inlet [m]'));
      expect(drawnText()).toContain('Bulk temperature [°C]');

      act(() => setActiveUnitSystem('us', { persist: false }));
      expect(activeUnitSystem()).toBe('us');
      // No other re-render: the switch alone must redraw (10 m = 32.8 ft, 40 °C = 104 °F).
      await waitFor(() => expect(drawnText()).toContain('Distance from the inlet [ft]'));
      expect(drawnText()).toContain('Bulk temperature [°F]');
      expect(screen.getByTestId('series-chart').getAttribute('data-x-unit')).toBe('ft');
      expect(Number(screen.getByTestId('series-chart').getAttribute('data-y-max'))).toBeCloseTo(104, 9);

      act(() => setActiveUnitSystem('si', { persist: false }));
      await waitFor(() => expect(drawnText()).toContain('Bulk temperature [K]'));
      expect(Number(screen.getByTestId('series-chart').getAttribute('data-y-max'))).toBeCloseTo(313.15, 9);
    } finally {
      // The own properties shadowed Element's getters; removing them restores jsdom's zeros.
      delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
      delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    }
  });
});
