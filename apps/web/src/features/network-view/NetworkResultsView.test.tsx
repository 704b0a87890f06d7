// The network view on a stubbed API answering as the server does: the example network drawn from its
// coordinates and coloured by pressure (the reservoir left out of the range), the time slider moving
// the colours, another quantity colouring the links, a click showing the element's series.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { encodeFloat32, exampleNetworkDocument, type FieldMeta } from '@simforge/contracts';
import { theme } from '../../app/theme';
import { NetworkResultsView } from './NetworkResultsView';

const SIM = '7d7c3b1e-0000-4000-8000-000000000011';
const RUN = '7d7c3b1e-0000-4000-8000-000000000012';
const TIMES = [0, 3600];
// Columns: J1..J6, R1, T1 (pressures in Pa; R1 0 by definition) and P1..P9 (flows in m³/s).
const PRESSURE = [
  [300_000, 250_000, 200_000, 260_000, 220_000, 210_000, 0, 29_400],
  [310_000, 240_000, 150_000, 250_000, 230_000, 200_000, 0, 30_000],
];
const FLOW = [
  [0.01, 0.003, -0.001, 0.006, 0.002, 0.001, 0.001, 0.001, -0.004],
  [0.012, 0.004, -0.002, 0.007, 0.003, 0.001, 0.002, 0.001, -0.005],
];

function table(name: string, label: string, unit: string, rows: number[][], element: string): FieldMeta & { byte_length: number } {
  return { name, label, unit, shape: [rows.length, rows[0]!.length], grid: { axes: [{ name: 'time', unit: 's', values: TIMES }, { name: element, unit: '', values: rows[0]!.map((_, j) => j) }] }, byte_length: rows.length * rows[0]!.length * 4 };
}

function stubApi() {
  const fields = [table('network_node_pressure', 'Pressure at the nodes', 'Pa', PRESSURE, 'node'), table('network_link_flow', 'Flow in the links', 'm³/s', FLOW, 'link')];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = decodeURIComponent(String(input));
      calls.push(url);
      const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (url.startsWith(`/api/v1/simulations/${SIM}/results/fields/`)) {
        const rows = url.includes('network_node_pressure') ? PRESSURE : FLOW;
        const bytes = encodeFloat32(rows.flat());
        return new Response(bytes.buffer.slice(0, bytes.byteLength) as ArrayBuffer, { headers: { 'content-type': 'application/octet-stream', 'x-field-dtype': 'float32-le', 'x-field-shape': `${rows.length},${rows[0]!.length}` } });
      }
      if (url.startsWith(`/api/v1/simulations/${SIM}/results/series/node:J3`)) {
        return json({ name: 'node:J3', run_id: RUN, label: 'Junction J3', x: { name: 'time', unit: 's', label: 'Time', values: TIMES }, y: [{ name: 'pressure', unit: 'Pa', label: 'Pressure', values: [200_000, 150_000] }] });
      }
      if (url.startsWith(`/api/v1/simulations/${SIM}/results`)) {
        return json({
          simulation_id: SIM,
          run_id: RUN,
          solver_version: 'network-gga 1.0.0',
          summary: {},
          // As the server answers: the per-element series counted, not listed.
          series: [{ name: 'totals', label: 'Network totals', x: { name: 'time', unit: 's', label: 'Time' }, y: [{ name: 'total_demand', unit: 'm³/s', label: 'Total junction demand' }], length: 2 }],
          element_series: { nodes: 8, links: 9, length: 2 },
          fields,
        });
      }
      if (url === '/api/v1/networks/from-inp') return json({ network: exampleNetworkDocument(), warnings: [] });
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

describe('NetworkResultsView', () => {
  it('colours the nodes by pressure at the chosen time, links by flow, and shows a clicked element over time', async () => {
    const calls = stubApi();
    render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <NetworkResultsView simulationId={SIM} inp="[JUNCTIONS] ..." documentKey="k" />
        </QueryClientProvider>
      </ThemeProvider>,
    );
    const map = await screen.findByRole('img', { name: 'Network map' }, { timeout: 10_000 });
    const fill = (id: string) => within(map).getByTestId(`network-node-${id}`).getAttribute('fill');
    // Range over the junctions and the tank, not the reservoir's 0: 29 400 Pa (T1 at 0 h) .. 310 000 Pa (J1 at 1 h).
    await waitFor(() => expect(fill('T1')).toBe('rgb(68, 1, 84)'));
    expect(fill('J1')).not.toBe(fill('J3'));
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('bar');
    const j3Before = fill('J3');
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Reporting time' }), { key: 'ArrowRight' });
    expect(screen.getByTestId('network-time').textContent).toBe('01:00');
    expect(fill('J1')).toBe('rgb(253, 231, 37)');
    expect(fill('J3')).not.toBe(j3Before);

    fireEvent.click(within(map).getByTestId('network-node-J3'));
    expect(within(screen.getByTestId('network-selection')).getByText(/^J3: pressure 1\.5 bar at 01:00$/)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.includes('/results/series/node:J3'))).toBe(true));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Colour by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Flow (magnitude)' }));
    await waitFor(() => expect(within(map).getByTestId('network-link-P1').getAttribute('stroke')).toBe('rgb(253, 231, 37)'));
    expect(fill('J1')).toBe('#eceff1');
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('L/s');
  });
});
