// Water quality and energy in the diagram editor as a user drives them: the Water quality tab (what is
// simulated, reactions, time step) and the elements' panels (initial quality, sources, coefficients,
// tank mixing, a pump's energy) reach the .inp text the server writes (the solvers' writer behind the
// stub), in the file's units; bad values are refused naming their field; a deleted trace node keeps
// the network from being saved; and all of it survives an export and import.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exampleNetworkDocument, exampleNetworkInp, type NetworkDocument } from '@simforge/contracts';
import NetworkInpDiagram from '../NetworkInpDiagram';
import { PipeDiagramEditor } from '../PipeDiagramEditor';
import { mockFlowLayout, stubRealConversions } from '../testSupport';
import { choose, expectRefused, region, typeInto } from './panelTestSupport';

beforeEach(() => mockFlowLayout());

const qualityTab = () => within(region()).getByRole('group', { name: 'Water quality' });
const properties = (name: string) => screen.getByRole('group', { name: `${name} properties` });
const node = (id: string) => screen.getByTestId(`diagram-node-${id}`);

/** The exported file's text: the export's blob is caught instead of downloaded. */
function catchExport(): () => Promise<string> {
  let exported: Blob | null = null;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((exported = blob), 'blob:network'), revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Export .inp' }));
    await waitFor(() => expect(exported).not.toBeNull());
    return exported!.text();
  };
}

const fileValue = (text: string, pattern: RegExp) => Number(text.match(pattern)?.[1]);

describe('the Water quality tab', () => {
  it('a chemical’s name, units, reactions and time step reach the exported .inp in the file’s units; bad values are refused naming their field', async () => {
    await stubRealConversions();
    const exportText = catchExport();
    const base = exampleNetworkDocument();
    const changes: NetworkDocument[] = [];
    render(<PipeDiagramEditor initial={{ ...base, units: { flow: 'GPM', pressure: 'PSI' } }} onChange={(network) => changes.push(network)} />);
    fireEvent.click(within(region()).getByRole('tab', { name: /^Water quality/ }));
    await choose(qualityTab(), 'Simulated quality', 'A chemical');
    expect(changes.at(-1)!.quality).toEqual({ parameter: 'chemical', units: 'mg/L' });

    const tab = qualityTab();
    typeInto(within(tab).getByLabelText('Chemical name'), 'Agent');
    expect(within(tab).getByText('Chemical name must not begin with AGE (the .inp file would read it as that keyword)')).toBeTruthy();
    typeInto(within(tab).getByLabelText('Chemical name'), 'Chlorine');
    await choose(tab, 'Concentration units', 'µg/L');

    expectRefused(tab, changes, [
      ['Wall reaction order', '2', 'Wall reaction order must be 0 or 1'],
      ['Limiting concentration', '-1', 'Limiting concentration must be 0 or more'],
      ['Quality time step', '7200', 'Quality time step must be at most the hydraulic time step (3600 s)'],
    ]);

    // Zero-order wall reactions are a mass per area per day, in the chemical's mass unit.
    typeInto(within(tab).getByLabelText('Wall reaction order'), '0');
    expect(within(tab).getAllByText('µg/m²/day')).toHaveLength(2);
    typeInto(within(tab).getByLabelText('Wall reaction order'), '1');
    expect(within(tab).getAllByText('m/day')).toHaveLength(2);
    expect(within(tab).getByText('1/day')).toBeTruthy();
    typeInto(within(tab).getByLabelText('Global bulk coefficient'), '-0.5');
    typeInto(within(tab).getByLabelText('Global wall coefficient'), '-0.3048');
    typeInto(within(tab).getByLabelText('Limiting concentration'), '');
    typeInto(within(tab).getByLabelText('Quality time step'), '300');
    expect(within(tab).queryByText(/must/)).toBeNull();
    const last = changes.at(-1)!;
    expect(last.quality).toEqual({ parameter: 'chemical', chemical: 'Chlorine', units: 'ug/L', wallOrder: 1, globalBulk: -0.5, globalWall: -0.3048 });
    expect(last.times.qualityStep).toBe(300);

    const text = await exportText();
    expect(text).toMatch(/^ Quality\tChlorine\tug\/L$/m);
    expect(text).toMatch(/^ Quality Timestep\t0:05/m);
    expect(fileValue(text, /^ Global\tBulk\t(\S+)$/m)).toBe(-0.5);
    // A US-units file carries the wall coefficient in ft/day: 0.3048 m is 1 ft.
    expect(fileValue(text, /^ Global\tWall\t(\S+)$/m)).toBeCloseTo(-1, 12);
  });

  it('traces the node picked; deleting it keeps the network from being saved until another is picked', async () => {
    const changes: { network: NetworkDocument; problems: string[] }[] = [];
    render(<PipeDiagramEditor initial={exampleNetworkDocument()} onChange={(network, issues) => changes.push({ network, problems: issues.map((i) => i.message) })} />);
    fireEvent.click(within(region()).getByRole('tab', { name: /^Water quality/ }));
    await choose(qualityTab(), 'Simulated quality', 'Source trace');
    expect(within(qualityTab()).getByRole('combobox', { name: 'Trace node' }).textContent).toBe('R1');
    await choose(qualityTab(), 'Trace node', 'T1');
    expect(changes.at(-1)!.network.quality).toEqual({ parameter: 'trace', traceNode: 'T1' });

    fireEvent.click(node('T1'));
    await waitFor(() => expect(properties('Tank T1')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const required = 'Trace node is required: pick the node whose water is traced';
    expect(changes.at(-1)!.network.quality).toEqual({ parameter: 'trace' });
    expect(changes.at(-1)!.problems).toEqual([required]);
    expect(within(screen.getByRole('alert', { name: 'Water quality problems' })).getByText(required)).toBeTruthy();
    expect(within(region()).getByRole('tab', { name: /^Water quality/ }).textContent).toContain('1');

    await choose(qualityTab(), 'Trace node', 'J3');
    expect(changes.at(-1)!.problems).toEqual([]);
    expect(changes.at(-1)!.network.quality).toEqual({ parameter: 'trace', traceNode: 'J3' });
  });
});

describe('a document with water quality', () => {
  it('survives an .inp export and import (the server’s writer and parser)', async () => {
    const calls = await stubRealConversions();
    const exportText = catchExport();
    const base = exampleNetworkDocument();
    const quality: NonNullable<NetworkDocument['quality']> = {
      parameter: 'chemical',
      chemical: 'Chlorine',
      units: 'mg/L',
      diffusivity: 1.2e-9,
      tolerance: 0.005,
      bulkOrder: 1.5,
      wallOrder: 0,
      tankOrder: 1,
      globalBulk: -0.5,
      globalWall: -0.02,
      limitingConcentration: 0.1,
      roughnessCorrelation: 0.3,
      initial: { J1: 0.2, R1: 1, T1: 0.8 },
      sources: { R1: { type: 'concen', strength: 1.2, pattern: 'DAILY' }, J4: { type: 'flowpaced', strength: 0.3 } },
      bulk: { P1: -0.3, T1: -0.2 },
      wall: { P1: -0.05 },
      mixing: { T1: { model: '2comp', fraction: 0.4 } },
    };
    const start: NetworkDocument = { ...base, quality, times: { ...base.times, qualityStep: 300 } };
    const changes: NetworkDocument[] = [];
    render(<PipeDiagramEditor initial={start} onChange={(network) => changes.push(network)} />);
    const text = await exportText();
    fireEvent.change(screen.getByTestId('diagram-import-file'), { target: { files: [new File([text], 'network.inp')] } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/networks/from-inp')).toHaveLength(1));
    await waitFor(() => expect(changes.length).toBeGreaterThan(0));
    expect(changes.at(-1)!.quality).toEqual(quality);
    expect(changes.at(-1)!.times.qualityStep).toBe(300);
  });
});

describe('an element’s water quality', () => {
  it('a reservoir’s source, a tank’s mixing and a pipe’s coefficients reach the .inp text written by /to-inp', async () => {
    const calls = await stubRealConversions();
    const onInp = vi.fn();
    const { container } = render(<NetworkInpDiagram inp={exampleNetworkInp} onInpChange={onInp} onBlocked={() => undefined} variant="v1" />);
    await screen.findByTestId('diagram-node-J6', undefined, { timeout: 5000 });
    fireEvent.click(node('R1'));
    expect(within(properties('Reservoir R1')).getByText(/Water quality is not simulated/)).toBeTruthy();
    fireEvent.click(within(region()).getByRole('tab', { name: /^Water quality/ }));
    await choose(qualityTab(), 'Simulated quality', 'A chemical');
    typeInto(within(qualityTab()).getByLabelText('Global bulk coefficient'), '-0.5');

    const reservoir = within(properties('Reservoir R1'));
    typeInto(reservoir.getByLabelText('Initial quality'), '0.8');
    await choose(properties('Reservoir R1'), 'Source', 'Mass booster');
    expect(reservoir.getByText('mg/min')).toBeTruthy();
    await choose(properties('Reservoir R1'), 'Source', 'Concentration of the inflow');
    typeInto(reservoir.getByLabelText('Source strength'), '-1');
    expect(reservoir.getByText('Source strength must be 0 or more')).toBeTruthy();
    typeInto(reservoir.getByLabelText('Source strength'), '1.2');
    await choose(properties('Reservoir R1'), 'Source pattern', 'DAILY');

    fireEvent.click(node('T1'));
    await waitFor(() => expect(properties('Tank T1')).toBeTruthy());
    const tank = within(properties('Tank T1'));
    await choose(properties('Tank T1'), 'Mixing model', 'Two compartments');
    typeInto(tank.getByLabelText('Mixing zone fraction'), '1.5');
    expect(tank.getByText('Mixing zone fraction must be more than 0 and at most 1')).toBeTruthy();
    typeInto(tank.getByLabelText('Mixing zone fraction'), '0.3');
    typeInto(tank.getByLabelText('Bulk reaction coefficient'), '-0.2');

    fireEvent.click(container.querySelector('.react-flow__edge[data-id="l:P1"]')!);
    await waitFor(() => expect(properties('Pipe P1')).toBeTruthy());
    const pipe = within(properties('Pipe P1'));
    expect(pipe.getByText('Negative for decay; empty: the global one (−0.5)')).toBeTruthy();
    typeInto(pipe.getByLabelText('Bulk reaction coefficient'), '-0.3');
    typeInto(pipe.getByLabelText('Wall reaction coefficient'), '-0.05');

    // Edits are written after a pause: the last one's line says the text is complete.
    const written = () => (onInp.mock.lastCall?.[0] as string | undefined) ?? '';
    await waitFor(() => expect(written()).toMatch(/^ Wall\tP1\t-0\.05$/m));
    const text = written();
    expect(calls.filter((c) => c.path === '/networks/to-inp').length).toBeGreaterThan(0);
    expect(text).toMatch(/^ R1\t0\.8$/m);
    expect(text).toMatch(/^ R1\tCONCEN\t1\.2\tDAILY$/m);
    expect(text).toMatch(/^ T1\t2COMP\t0\.3$/m);
    expect(text).toMatch(/^ Tank\tT1\t-0\.2$/m);
    expect(text).toMatch(/^ Bulk\tP1\t-0\.3$/m);
    expect(text).toMatch(/^ Wall\tP1\t-0\.05$/m);

    // Emptied, the pipe's coefficient is the global one again.
    typeInto(pipe.getByLabelText('Bulk reaction coefficient'), '');
    await waitFor(() => expect(written()).not.toMatch(/^ Bulk\tP1/m));
    expect(written()).toMatch(/^ Wall\tP1\t-0\.05$/m);
  });
});

describe('energy in the side panel', () => {
  it('the network’s energy settings and a pump’s efficiency curve, price and pattern are refused out of range and survive export and import', async () => {
    const calls = await stubRealConversions();
    const exportText = catchExport();
    const base = exampleNetworkDocument();
    const start: NetworkDocument = {
      ...base,
      curves: [{ id: 'H1', kind: 'pump', points: [[0.01, 20]] }, { id: 'E1', kind: 'efficiency', points: [[0.005, 50], [0.01, 75], [0.015, 60]] }],
      pumps: [{ id: 'PU1', from: 'J3', to: 'J6', headCurve: 'H1', speed: 1, status: 'open' }],
    };
    const changes: NetworkDocument[] = [];
    render(<PipeDiagramEditor initial={start} onChange={(network) => changes.push(network)} />);
    const energy = within(screen.getByRole('group', { name: 'Energy' }));
    typeInto(energy.getByLabelText('Pump efficiency'), '120');
    expect(energy.getByText('Pump efficiency must be more than 0 % and at most 100 %')).toBeTruthy();
    typeInto(energy.getByLabelText('Pump efficiency'), '80');
    typeInto(energy.getByLabelText('Energy price'), '0.12');
    typeInto(energy.getByLabelText('Demand charge'), '5');
    await choose(screen.getByRole('group', { name: 'Energy' }), 'Price pattern', 'DAILY');
    expect(changes.at(-1)!.energy).toEqual({ efficiency: 80, price: 0.12, demandCharge: 5, pricePattern: 'DAILY' });

    fireEvent.click(document.querySelector('.react-flow__edge[data-id="l:PU1"]')!);
    await waitFor(() => expect(properties('Pump PU1')).toBeTruthy());
    const pumpEnergy = within(properties('Pump PU1')).getByRole('group', { name: 'Energy' });
    await choose(pumpEnergy, 'Efficiency curve', 'E1');
    typeInto(within(pumpEnergy).getByLabelText('Energy price'), '-2');
    expect(within(pumpEnergy).getByText('Energy price must be 0 or more')).toBeTruthy();
    typeInto(within(pumpEnergy).getByLabelText('Energy price'), '0.15');
    await choose(pumpEnergy, 'Price pattern', 'DAILY');
    const edited = changes.at(-1)!;
    expect(edited.pumps[0]).toMatchObject({ efficiencyCurve: 'E1', energyPrice: 0.15, pricePattern: 'DAILY' });

    const text = await exportText();
    expect(text).toMatch(/^ Pump\tPU1\tEfficiency\tE1$/m);
    fireEvent.change(screen.getByTestId('diagram-import-file'), { target: { files: [new File([text], 'network.inp')] } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/networks/from-inp')).toHaveLength(1));
    await waitFor(() => expect(changes.at(-1)).not.toBe(edited));
    const back = changes.at(-1)!;
    expect(back.energy).toEqual(edited.energy);
    expect(back.pumps[0]).toMatchObject({ efficiencyCurve: 'E1', energyPrice: 0.15, pricePattern: 'DAILY' });
    // The curve's flows go through the file's L/s and back: equal to the last digits.
    const points = back.curves.find((c) => c.id === 'E1')!.points;
    start.curves[1]!.points.forEach(([flow, efficiency], i) => {
      expect(points[i]![0]).toBeCloseTo(flow, 12);
      expect(points[i]![1]).toBe(efficiency);
    });
  });
});
