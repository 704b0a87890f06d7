import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { encodeFloat32, type FieldMeta } from '@simforge/contracts';
import { theme } from '../../../app/theme';
import { FieldCard, isoLinesFromSummary } from './FieldCard';

const SIM = '7d7c3b1e-0000-4000-8000-000000000001';
const RUN = '7d7c3b1e-0000-4000-8000-000000000002';
const meta: FieldMeta = {
  name: 'peak_temperature_cross_section',
  label: 'Peak temperature',
  unit: 'K',
  shape: [2, 2],
  grid: { axes: [{ name: 'z', unit: 'm', values: [0, 0.001] }, { name: 'y', unit: 'm', values: [0, 0.002] }] },
};

describe('FieldCard', () => {
  it('loads the binary field and draws it with a °C colour bar, lock range and iso-lines', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      expect(String(input)).toBe(`/api/v1/simulations/${SIM}/results/fields/peak_temperature_cross_section?run_id=${RUN}`);
      const bytes = encodeFloat32([293.15, 1273.15, 773.15, 1773.15]);
      return new Response(bytes.buffer.slice(0, bytes.byteLength) as ArrayBuffer, {
        headers: { 'content-type': 'application/octet-stream', 'x-field-dtype': 'float32-le', 'x-field-shape': '2,2', 'x-field-unit': 'K' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <FieldCard simulationId={SIM} runId={RUN} meta={meta} isoLines={[{ level: 1723.15, label: 'Fusion line' }]} />
        </QueryClientProvider>
      </ThemeProvider>,
    );
    expect(await screen.findByRole('img', { name: 'Peak temperature map' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('Peak temperature (°C)');
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
