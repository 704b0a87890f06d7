// The network view on a stubbed API answering as the server does: the example network drawn from its
// coordinates and coloured by pressure (the reservoir left out of the range), the time slider moving
// the colours, another quantity colouring the links, a click showing the element's series; water
// quality coloured in the field's own unit and downloaded as CSV; a large table read one time at a
// time; the pumps' energy table.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { encodeFloat32, exampleNetworkDocument, type FieldMeta } from '@simforge/contracts';
import { theme } from '../../app/theme';
import { NetworkResultsView, TABLE_SLICE_BYTES } from './NetworkResultsView';

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

// Chlorine at J1..J6, R1, T1 (mg/L), and water age (s) for the unit ladder.
const CHLORINE = [
  [1, 0.9, 0.35, 0.8, 0.6, 0.5, 1, 0.7],
  [1, 0.85, 0.3, 0.75, 0.55, 0.45, 1, 0.65],
];
const AGE = [
  [0, 3600, 36_000, 7200, 18_000, 21_600, 0, 54_000],
  [0, 3600, 39_600, 7200, 19_800, 25_200, 0, 57_600],
];
const LINK_CHLORINE = [Array.from({ length: 9 }, () => 0.8), Array.from({ length: 9 }, () => 0.7)];

interface Stub {
  quality?: { unit: string; label: string; rows: number[][] };
  /** The index reports the tables as larger than the view reads whole. */
  large?: boolean;
  summary?: Record<string, { value: number; unit: string; label: string }>;
}

/** Holds the answers for reporting times after the first while it is pending (a slow slice). */
let sliceGate: Promise<void> = Promise.resolve();

function stubApi({ quality, summary = {}, large = false }: Stub = {}) {
  const tables: Record<string, { label: string; unit: string; rows: number[][]; element: string }> = {
    network_node_pressure: { label: 'Pressure at the nodes', unit: 'Pa', rows: PRESSURE, element: 'node' },
    network_link_flow: { label: 'Flow in the links', unit: 'm³/s', rows: FLOW, element: 'link' },
    ...(quality
      ? {
          network_node_quality: { label: `${quality.label} at the nodes`, unit: quality.unit, rows: quality.rows, element: 'node' },
          network_link_quality: { label: `${quality.label} in the links`, unit: quality.unit, rows: LINK_CHLORINE, element: 'link' },
        }
      : {}),
  };
  const fields = Object.entries(tables).map(([name, t]) => ({ ...table(name, t.label, t.unit, t.rows, t.element), ...(large ? { byte_length: TABLE_SLICE_BYTES + 4 } : {}) }));
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = decodeURIComponent(String(input));
      calls.push(url);
      const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      const field = /\/results\/fields\/([a-z_]+)/.exec(url)?.[1];
      if (url.startsWith(`/api/v1/simulations/${SIM}/results/fields/`) && field && tables[field]) {
        const at = /[?&]index=(\d+)/.exec(url)?.[1];
        if (at !== undefined && at !== '0') await sliceGate;
        const rows = at === undefined ? tables[field]!.rows : [tables[field]!.rows[Number(at)]!];
        const bytes = encodeFloat32(rows.flat());
        return new Response(bytes.buffer.slice(0, bytes.byteLength) as ArrayBuffer, { headers: { 'content-type': 'application/octet-stream', 'x-field-dtype': 'float32-le', 'x-field-shape': `${rows.length},${rows[0]!.length}` } });
      }
      if (url.startsWith(`/api/v1/simulations/${SIM}/results/series/node:J3`)) {
        const y = [{ name: 'pressure', unit: 'Pa', label: 'Pressure', values: [200_000, 150_000] }];
        if (quality) y.push({ name: 'quality', unit: quality.unit, label: quality.label, values: quality.rows.map((row) => row[2]!) });
        return json({ name: 'node:J3', run_id: RUN, label: 'Junction J3', x: { name: 'time', unit: 's', label: 'Time', values: TIMES }, y });
      }
      if (url.startsWith(`/api/v1/simulations/${SIM}/results`)) {
        return json({
          simulation_id: SIM,
          run_id: RUN,
          solver_version: 'network-gga 1.0.0',
          summary,
          // As the server answers: the per-element series counted, not listed.
          series: [{ name: 'totals', label: 'Network totals', x: { name: 'time', unit: 's', label: 'Time' }, y: [{ name: 'total_demand', unit: 'm³/s', label: 'Total junction demand' }], length: 2 }],
          // A network large enough to slice its tables keeps no per-element series (the solver's limit is lower).
          element_series: large ? { nodes: 0, links: 0, length: 2 } : { nodes: 8, links: 9, length: 2 },
          fields,
        });
      }
      if (url === `/api/v1/simulations/${SIM}/network`) return json({ network: exampleNetworkDocument(), warnings: [] });
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

function renderView() {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NetworkResultsView simulationId={SIM} documentKey="k" />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return screen.findByRole('img', { name: 'Network map' }, { timeout: 10_000 });
}

async function colourBy(option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Colour by' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('NetworkResultsView', () => {
  it('colours the nodes by pressure at the chosen time, links by flow, and shows a clicked element over time', async () => {
    const calls = stubApi();
    const map = await renderView();
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

    await colourBy('Flow (magnitude)');
    await waitFor(() => expect(within(map).getByTestId('network-link-P1').getAttribute('stroke')).toBe('rgb(253, 231, 37)'));
    expect(fill('J1')).toBe('#eceff1');
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('L/s');
    // No pumps, no energy table.
    expect(screen.queryByRole('table', { name: 'Pumping energy' })).toBeNull();
  });

  it('plays through the reporting times from the first, and a hand on the slider stops it', async () => {
    stubApi();
    const map = await renderView();
    const fill = (id: string) => within(map).getByTestId(`network-node-${id}`).getAttribute('fill');
    await waitFor(() => expect(fill('T1')).toBe('rgb(68, 1, 84)'));
    const j1AtFirst = fill('J1');
    fireEvent.click(screen.getByRole('button', { name: 'Play through the reporting times' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('network-time').textContent).toBe('01:00'), { timeout: 3_000 });
    expect(fill('J1')).not.toBe(j1AtFirst);
    // The last time reached: playing stops.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play through the reporting times' })).toBeTruthy());
    // Play at the last time starts again from the first; the slider moved by hand pauses it.
    fireEvent.click(screen.getByRole('button', { name: 'Play through the reporting times' }));
    expect(screen.getByTestId('network-time').textContent).toBe('00:00');
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Reporting time' }), { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Play through the reporting times' })).toBeTruthy();
    expect(screen.getByTestId('network-time').textContent).toBe('01:00');
  });

  it('colours the nodes by chlorine in the field’s unit, shows it over time at a node and downloads it as CSV', async () => {
    stubApi({ quality: { unit: 'mg/L', label: 'Chlorine', rows: CHLORINE } });
    // jsdom has no canvas: without a 2-D context the chart estimates text widths, quietly.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const map = await renderView();
    const fill = (id: string) => within(map).getByTestId(`network-node-${id}`).getAttribute('fill');
    await colourBy('Chlorine at the nodes');
    // Range 0.3 (J3 at 1 h) .. 1 mg/L (J1, R1): at 0 h J1 is the top of the scale.
    await waitFor(() => expect(fill('J1')).toBe('rgb(253, 231, 37)'));
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('mg/L');
    expect(screen.getByRole('img', { name: 'Colour bar: Chlorine at the nodes (mg/L)' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Reporting time' }), { key: 'ArrowRight' });
    expect(fill('J3')).toBe('rgb(68, 1, 84)');

    fireEvent.click(within(map).getByTestId('network-node-J3'));
    const selected = screen.getByTestId('network-selection');
    expect(within(selected).getByText(/^J3: chlorine 0\.3 mg\/L at 01:00$/)).toBeTruthy();
    // The node's series: a chip per quantity with its value at 01:00; the coloured one plotted.
    const chlorine = await within(selected).findByRole('button', { name: 'Chlorine: 0.3 mg/L' });
    expect(chlorine.getAttribute('aria-pressed')).toBe('true');
    expect(within(selected).getByRole('button', { name: 'Pressure: 1.5 bar' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(within(selected).getByTestId('series-chart').getAttribute('data-y-units')).toBe('mg/L'));
    fireEvent.click(within(selected).getByRole('button', { name: 'Pressure: 1.5 bar' }));
    await waitFor(() => expect(within(selected).getByTestId('series-chart').getAttribute('data-y-units')).toBe('bar,mg/L'));

    let saved: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((saved = blob), 'blob:csv'), revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Download chlorine at every node as CSV' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect((await saved!.text()).split('\n')).toEqual([
      '"time [h]","J1 [mg/L]","J2 [mg/L]","J3 [mg/L]","J4 [mg/L]","J5 [mg/L]","J6 [mg/L]","R1 [mg/L]","T1 [mg/L]"',
      '0,1,0.9,0.35,0.8,0.6,0.5,1,0.7',
      '1,1,0.85,0.3,0.75,0.55,0.45,1,0.65',
      '',
    ]);

    await colourBy('Chlorine in the links');
    await waitFor(() => expect(within(map).getByTestId('network-link-P1').getAttribute('stroke')).not.toBe('#b0bec5'));
    expect(fill('J1')).toBe('#eceff1');
  });

  it('reads water age on the hour ladder', async () => {
    stubApi({ quality: { unit: 's', label: 'Water age', rows: AGE } });
    const map = await renderView();
    await colourBy('Water age at the nodes');
    await waitFor(() => expect(screen.getByTestId('colour-bar-title').textContent).toBe('h'));
    fireEvent.click(within(map).getByTestId('network-node-J3'));
    expect(within(screen.getByTestId('network-selection')).getByText(/^J3: water age 10 h at 00:00$/)).toBeTruthy();
  });

  it('reads a large table one reporting time at a time: the slider fetches that time, the colours span that time', async () => {
    const calls = stubApi({ large: true });
    const map = await renderView();
    const fill = (id: string) => within(map).getByTestId(`network-node-${id}`).getAttribute('fill');
    const pressureCalls = () => calls.filter((c) => c.includes('/results/fields/network_node_pressure'));
    // At 0 h the range is that time's: T1 29 400 Pa .. J1 300 000 Pa.
    await waitFor(() => expect(fill('J1')).toBe('rgb(253, 231, 37)'));
    expect(fill('T1')).toBe('rgb(68, 1, 84)');
    expect(screen.getByRole('img', { name: /^Colour bar: Pressure.* \(range at this time\) \(bar\)$/ })).toBeTruthy();
    expect(pressureCalls()).toEqual([expect.stringMatching(/index=0$/)]);
    let release = () => undefined as void;
    sliceGate = new Promise<void>((resolve) => (release = resolve));
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Reporting time' }), { key: 'ArrowRight' });
    expect(screen.getByTestId('network-time').textContent).toBe('01:00');
    await waitFor(() => expect(pressureCalls()).toEqual([expect.stringMatching(/index=0$/), expect.stringMatching(/index=1$/)]));
    // Until 01:00 arrives the map keeps 00:00's colours, and the readout says they are 00:00's.
    expect(screen.getByRole('progressbar', { name: 'Loading the results at this time' })).toBeTruthy();
    fireEvent.click(within(map).getByTestId('network-node-J3'));
    expect(within(screen.getByTestId('network-selection')).getByText(/^J3: pressure 2 bar at 00:00$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download pressure at every node at this time as CSV' }).hasAttribute('disabled')).toBe(true);
    release();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading the results at this time' })).toBeNull());
    // At 1 h J3 (150 000 Pa) is near the bottom of that hour's range 30 000 .. 310 000 Pa.
    await waitFor(() => expect(within(map).getByTestId('network-node-J3').getAttribute('fill')).not.toBe(fill('J2')));
    fireEvent.click(within(map).getByTestId('network-node-J3'));
    const selected = screen.getByTestId('network-selection');
    expect(within(selected).getByText(/^J3: pressure 1\.5 bar at 01:00$/)).toBeTruthy();
    expect(within(selected).getByText(/read one reporting time at a time/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download pressure at every node at this time as CSV' })).toBeTruthy();
  });

  it('shows the pumps’ energy from the summary below the map', async () => {
    stubApi({
      summary: {
        'pump_energy:PU1:utilisation': { value: 0.5, unit: '', label: 'Pump PU1: share of the run it ran (fraction)' },
        'pump_energy:PU1:peak_power': { value: 15_000, unit: 'W', label: 'Pump PU1: peak power' },
        peak_pumping_power: { value: 15_000, unit: 'W', label: 'Largest total pumping power' },
        pumping_cost: { value: 2.5, unit: '', label: 'Pumping cost per day plus the demand charge (EPANET total cost)' },
      },
    });
    await renderView();
    const table = screen.getByRole('table', { name: 'Pumping energy' });
    expect(within(table).getByRole('row', { name: /^PU1/ }).textContent).toBe('PU150 %———15 kW—');
    expect(within(table).getByRole('row', { name: /Total cost/ }).textContent).toBe('Total cost2.5');
  });
});
