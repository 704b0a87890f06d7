import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { encodeFloat32, type FieldMeta } from '@simforge/contracts';
import { theme } from '../../../app/theme';
import { viewSlots } from '../../../routes/main/simulations/viewSlots';
import { SimulationSlotsProvider } from '../slots';
import { FieldCard, isoLinesFromSummary, uniformValue } from './FieldCard';
import { FRAME_INTERVAL_MS } from './FieldFrames';
import { DEFAULT_UNIT_SYSTEM, setActiveUnitSystem } from '../../../lib/unitSystems';

const SIM = '7d7c3b1e-0000-4000-8000-000000000001';
const RUN = '7d7c3b1e-0000-4000-8000-000000000002';
const meta: FieldMeta = {
  name: 'peak_temperature_cross_section',
  label: 'Peak temperature',
  unit: 'K',
  shape: [2, 2],
  grid: { axes: [{ name: 'z', unit: 'm', values: [0, 0.001] }, { name: 'y', unit: 'm', values: [0, 0.002] }] },
};

/** Answers every field request with these values (float32, little-endian) of a shape and unit; `seen` sees the address. */
function stubFieldValues(values: number[], shape = '2,2', unit = 'K', seen: (url: string) => void = () => undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      seen(String(input));
      const bytes = encodeFloat32(values);
      return new Response(bytes.buffer.slice(0, bytes.byteLength) as ArrayBuffer, {
        headers: { 'content-type': 'application/octet-stream', 'x-field-dtype': 'float32-le', 'x-field-shape': shape, 'x-field-unit': unit },
      });
    }),
  );
}

/** Serves a 2 × 2 temperature field (K) with these values. */
const stubPeakField = (values: number[] = [293.15, 1273.15, 773.15, 1773.15]) => stubFieldValues(values);

/** Renders the card in the app's theme with a query client of its own. */
function renderCard(props: ComponentProps<typeof FieldCard>) {
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SimulationSlotsProvider slots={viewSlots}>
          <FieldCard {...props} />
        </SimulationSlotsProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('FieldCard', () => {
  it('says a uniform field in words instead of drawing one colour (an adiabatic pipe at 20 °C)', async () => {
    stubPeakField([293.15, 293.15, 293.15, 293.15]);
    renderCard({ simulationId: SIM, runId: RUN, meta: { ...meta, label: 'Temperature' } });
    expect((await screen.findByRole('note', {}, { timeout: 10_000 })).textContent).toBe('Uniform: 20 °C everywhere (nothing to map).');
    expect(screen.queryByRole('img', { name: 'Temperature map' })).toBeNull();
    expect(uniformValue([1, 1 + 1e-9, 1])).not.toBeNull();
    expect(uniformValue([1, 1.001])).toBeNull();
  });

  it('redraws in the new unit system at once: colour bar, values, axes, and the typed lock range', async () => {
    setActiveUnitSystem('metric', { persist: false });
    stubPeakField();
    try {
      renderCard({ simulationId: SIM, runId: RUN, meta, isoLines: [{ level: 1723.15, label: 'Fusion line' }] });
      const map = await screen.findByRole('img', { name: 'Peak temperature map' }, { timeout: 10_000 });
      expect(map.textContent).toContain('z (mm)');
      fireEvent.click(screen.getByLabelText('Lock range'));
      expect(screen.getByLabelText('Maximum (°C)')).toHaveProperty('value', '1500');

      act(() => setActiveUnitSystem('us', { persist: false }));
      // 20 °C = 68 °F, 1500 °C = 2732 °F, 1450 °C = 2642 °F; 2 mm = 0.0787 in.
      expect(screen.getByTestId('colour-bar-title').textContent).toBe('°F');
      expect(screen.getByTestId('field-readout').textContent).toContain('68 – 2,732 °F');
      expect(screen.getByRole('list', { name: 'Iso-lines' }).textContent).toContain('Fusion line 2,642 °F');
      expect(screen.getByRole('img', { name: 'Peak temperature map' }).textContent).toContain('z (in)');
      expect(screen.getByLabelText('Minimum (°F)')).toHaveProperty('value', '68');
      expect(screen.getByLabelText('Maximum (°F)')).toHaveProperty('value', '2732');
    } finally {
      act(() => setActiveUnitSystem(DEFAULT_UNIT_SYSTEM, { persist: false }));
    }
  });

  it('loads the binary field and draws it with a °C colour bar, lock range and iso-lines', async () => {
    stubFieldValues([293.15, 1273.15, 773.15, 1773.15], '2,2', 'K', (url) => expect(url).toBe(`/api/v1/simulations/${SIM}/results/fields/peak_temperature_cross_section?run_id=${RUN}`));
    renderCard({ simulationId: SIM, runId: RUN, meta, isoLines: [{ level: 1723.15, label: 'Fusion line' }] });
    expect(await screen.findByRole('img', { name: 'Peak temperature map' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('°C');
    expect(screen.getByTestId('field-readout').textContent).toContain('20 – 1,500 °C');
    expect(screen.getByRole('list', { name: 'Iso-lines' }).textContent).toContain('Fusion line 1,450 °C');
    expect(screen.getByLabelText('Minimum (°C)')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('Lock range'));
    expect(screen.getByLabelText('Minimum (°C)')).toHaveProperty('value', '20');
    expect(screen.getByLabelText('Maximum (°C)')).toHaveProperty('value', '1500');
    fireEvent.change(screen.getByLabelText('Maximum (°C)'), { target: { value: '10' } });
    expect(screen.getByText('Must be above the minimum')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Peak temperature as CSV' })).toHaveProperty('disabled', false);
  });
});

/** Renders the card of a field whose values the (stubbed) API answers. */
function renderField(field: FieldMeta, values: number[]) {
  stubFieldValues(values, field.shape.join(','), field.unit);
  return renderCard({ simulationId: SIM, runId: RUN, meta: field });
}

describe('FieldCard: frames over time', () => {
  // 3 frames × x 2 × y 2; frame k at 1000 + 100·k K, one cell without metal (0 K) in the first.
  const frames: FieldMeta = {
    name: 'top_surface_temperature_frames',
    label: 'Top-surface temperature at 3 times',
    unit: 'K',
    shape: [3, 2, 2],
    grid: { axes: [{ name: 'time', unit: 's', values: [1.5, 3, 6] }, { name: 'x', unit: 'm', values: [0, 0.003] }, { name: 'y', unit: 'm', values: [-0.001, 0.001] }] },
  };
  const values = [0, 1, 2].flatMap((k) => [0, 1, 2, 3].map((i) => (k === 0 && i === 3 ? 0 : 1000 + 100 * k + i)));

  it('animates the map with one °C colour range, a time slider, play/pause and the CSV of the frame shown', async () => {
    const errors = vi.spyOn(console, 'error');
    renderField(frames, values);
    const figure = await screen.findByRole('figure', { name: 'Top-surface temperature at 3 times' });
    expect(await within(figure).findByRole('img', { name: 'Top-surface temperature at 3 times map' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('frame-time').textContent).toBe('t = 1.5 s (1 of 3)');
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('°C');
    // The colour range spans all frames (726.85 – 926.85 °C → ticks up to 900), not the first frame's.
    expect(screen.getByTestId('colour-bar').textContent).toContain('900');
    expect(screen.getByTestId('field-readout').textContent).toContain('726.85 – 728.85 °C');
    expect(screen.getByRole('button', { name: 'Download Top-surface temperature at 3 times as CSV' })).toHaveProperty('disabled', false);

    fireEvent.change(screen.getByRole('slider', { name: 'Time' }), { target: { value: 2 } });
    expect(screen.getByTestId('frame-time').textContent).toBe('t = 6 s (3 of 3)');
    expect(screen.getByTestId('field-readout').textContent).toContain('926.85 – 929.85 °C');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    act(() => vi.advanceTimersByTime(FRAME_INTERVAL_MS));
    expect(screen.getByTestId('frame-time').textContent).toBe('t = 1.5 s (1 of 3)');
    act(() => vi.advanceTimersByTime(FRAME_INTERVAL_MS));
    expect(screen.getByTestId('frame-time').textContent).toBe('t = 3 s (2 of 3)');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => vi.advanceTimersByTime(5 * FRAME_INTERVAL_MS));
    expect(screen.getByTestId('frame-time').textContent).toBe('t = 3 s (2 of 3)');
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('FieldCard: a 3-D field over time', () => {
  // 2 times × 2 × 1 × 1 cells: the second cell has no metal at the first time.
  const volume: FieldMeta = {
    name: 'temperature_3d',
    label: 'Temperature in the part at 2 times',
    unit: 'K',
    shape: [2, 2, 1, 1],
    grid: { axes: [{ name: 'time', unit: 's', values: [15, 90] }, { name: 'x', unit: 'm', values: [0.0015, 0.0045] }, { name: 'y', unit: 'm', values: [0] }, { name: 'z', unit: 'm', values: [0.005] }] },
  };

  it('offers the times, a °C colour bar and the CSV, and says so without WebGL (jsdom) instead of throwing', async () => {
    const errors = vi.spyOn(console, 'error');
    renderField(volume, [1773.15, 0, 373.15, 353.15]);
    expect(await screen.findByText(/needs WebGL 2/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('°C');
    // Starts at the hottest time, 1 of its 2 cells with metal.
    expect(screen.getByRole('button', { name: 't = 15 s' })).toHaveProperty('ariaPressed', 'true');
    expect(screen.getByTestId('part-view-readout').textContent).toMatch(/^t = 15 s: 1,500 – 1,500 °C · 1 of 2 cells with a value · 6 faces drawn/);
    fireEvent.click(screen.getByRole('button', { name: 't = 90 s' }));
    expect(screen.getByTestId('part-view-readout').textContent).toMatch(/^t = 90 s: 80 – 100 °C · 2 of 2 cells with a value · 10 faces drawn/);
    expect(screen.getByRole('button', { name: 'Download Temperature in the part at 2 times as CSV' })).toHaveProperty('disabled', false);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('isoLinesFromSummary', () => {
  it('takes the fusion and HAZ temperatures of a temperature field', () => {
    const summary = {
      solidus_temperature: { value: 1723, unit: 'K', label: 'Solidus' },
      haz_ac1_temperature: { value: 996, unit: 'K', label: 'Ac1' },
      heat_input: { value: 1e6, unit: 'J/m', label: 'Heat input' },
    };
    expect(isoLinesFromSummary('K', summary).map((l) => [l.label, l.level])).toEqual([
      ['Fusion line', 1723],
      ['HAZ boundary', 996],
    ]);
    expect(isoLinesFromSummary('W/m²', summary)).toEqual([]);
  });
});
