// The patterns, curves and controls below the canvas as a user drives them: add, edit with messages
// beside the fields, pick a pattern in a junction's panel and a curve in a pump's, undo and redo; and
// an export and import through the server's own `.inp` writer and parser that keeps all of them.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exampleNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import { addLink } from '../model/editing';
import { PipeDiagramEditor } from '../PipeDiagramEditor';
import { mockFlowLayout, stubRealConversions } from '../testSupport';
import { choose, region, typeInto } from './panelTestSupport';

beforeEach(() => mockFlowLayout());

const button = (name: string | RegExp, inside: HTMLElement = document.body) => within(inside).getByRole('button', { name });

describe('patterns, curves and controls in the diagram editor', () => {
  it('adds a pattern, edits its multipliers with messages beside them, renames it, undoes and redoes', async () => {
    const changes: NetworkDocument[] = [];
    // The example without its pattern (one table of 24 rows is enough to draw in jsdom).
    const start = exampleNetworkDocument();
    render(<PipeDiagramEditor initial={{ ...start, patterns: [], junctions: start.junctions.map((j) => ({ ...j, demands: j.demands.map((d) => ({ base: d.base })) })) }} onChange={(network) => changes.push(network)} />);
    fireEvent.click(within(region()).getByRole('tab', { name: 'Patterns (0)' }));
    expect(within(region()).getByText('No patterns: demands stay constant.')).toBeTruthy();

    fireEvent.click(button('Add pattern', region()));
    const editor = await screen.findByRole('group', { name: 'Pattern PAT1' });
    expect(changes.at(-1)!.patterns).toEqual([{ id: 'PAT1', multipliers: Array.from({ length: 24 }, () => 1) }]);
    const third = within(editor).getByLabelText('Multiplier 3');
    typeInto(third, 'x');
    expect(within(editor).getByText('This field must be between -1000 and 1000')).toBeTruthy();
    typeInto(third, '2.5');
    expect(changes.at(-1)!.patterns[0]!.multipliers.slice(0, 4)).toEqual([1, 1, 2.5, 1]);
    fireEvent.click(button('Remove last step', editor));
    expect(changes.at(-1)!.patterns[0]!.multipliers).toHaveLength(23);
    expect(within(editor).getAllByTestId('pattern-bar')).toHaveLength(23);
    typeInto(within(editor).getByLabelText('ID'), 'NIGHT');
    await screen.findByRole('group', { name: 'Pattern NIGHT' });
    expect(changes.at(-1)!.patterns.map((p) => p.id)).toEqual(['NIGHT']);
    fireEvent.click(button('Undo'));
    expect(changes.at(-1)!.patterns.map((p) => p.id)).toEqual(['PAT1']);
    fireEvent.click(button('Redo'));
    expect(changes.at(-1)!.patterns.map((p) => p.id)).toEqual(['NIGHT']);
  });

  it('a junction picks a pattern in its panel; undo takes it back', async () => {
    const changes: NetworkDocument[] = [];
    const start = exampleNetworkDocument();
    render(<PipeDiagramEditor initial={{ ...start, patterns: [...start.patterns, { id: 'NIGHT', multipliers: [1.4, 0.3] }] }} onChange={(network) => changes.push(network)} />);
    fireEvent.click(within(region()).getByRole('tab', { name: 'Patterns (2)' }));
    fireEvent.click(within(screen.getByRole('list', { name: 'Patterns' })).getByText('NIGHT'));
    expect(within(await screen.findByRole('group', { name: 'Pattern NIGHT' })).getAllByTestId('pattern-bar')).toHaveLength(2);
    // J6 picks it in its own panel.
    fireEvent.click(screen.getByTestId('diagram-node-J6'));
    const j6 = await screen.findByRole('group', { name: 'Junction J6 properties' });
    await choose(j6, 'Demand pattern', 'NIGHT');
    expect(changes.at(-1)!.junctions[5]!.demands[0]!.pattern).toBe('NIGHT');
    expect(within(screen.getByRole('group', { name: 'Pattern NIGHT' })).getByText(/Used by junction J6\./)).toBeTruthy();

    fireEvent.click(button('Undo'));
    expect(changes.at(-1)!.junctions[5]!.demands[0]!.pattern).toBe('DAILY');
  });

  it('adds a pump curve of three points in L/s and m, refuses rising heads, and gives it to a pump', async () => {
    const changes: NetworkDocument[] = [];
    const pumped = addLink(exampleNetworkDocument(), 'pump', 'J3', 'J6')!.network;
    render(<PipeDiagramEditor initial={pumped} onChange={(network) => changes.push(network)} />);
    fireEvent.click(within(region()).getByRole('tab', { name: /Curves/ }));
    fireEvent.click(button('Add pump curve', region()));
    const curve = await screen.findByRole('group', { name: 'Curve C1' });
    // Unused it may be saved (the file records its kind); the panel says where to pick it.
    expect(within(curve).getByText(/^Not used yet: pick it in a pump/)).toBeTruthy();
    fireEvent.click(button('Add point', curve));
    fireEvent.click(button('Add point', curve));
    expect(changes.at(-1)!.curves[1]!.points).toEqual([
      [0.01, 20],
      [0.02, 10],
      [0.03, 5],
    ]);
    typeInto(within(curve).getByLabelText('Head 2'), '25');
    expect(within(curve).getByText('Heads must fall as the flow rises')).toBeTruthy();
    typeInto(within(curve).getByLabelText('Head 2'), '15');
    typeInto(within(curve).getByLabelText('Flow 3'), '40');
    expect(changes.at(-1)!.curves[1]!.points).toEqual([
      [0.01, 20],
      [0.02, 15],
      [0.04, 5],
    ]);
    expect(within(curve).getAllByTestId('curve-point')).toHaveLength(3);

    fireEvent.click(screen.getByTestId('diagram-link-PU1'));
    const pump = await screen.findByRole('group', { name: 'Pump PU1 properties' });
    await choose(pump, 'Head curve', 'C1');
    expect(changes.at(-1)!.pumps[0]!.headCurve).toBe('C1');
    // A curve of three points has no design-point fields.
    expect(within(pump).queryByLabelText('Design head')).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Curve C1' })).queryByText(/^Not used/)).toBeNull();
  });

  it('adds a control and sets link, action, node and value; the row reads as its EPANET line', async () => {
    const changes: NetworkDocument[] = [];
    render(<PipeDiagramEditor initial={exampleNetworkDocument()} onChange={(network) => changes.push(network)} />);
    fireEvent.click(within(region()).getByRole('tab', { name: /Controls/ }));
    fireEvent.click(button('Add control', region()));
    const row = await screen.findByRole('group', { name: 'Control 1' });
    expect(within(row).getByTestId('control-line').textContent).toBe('1. LINK P1 CLOSED AT TIME 1:00');
    await choose(row, 'Link', 'P9 (pipe)');
    await choose(row, 'When', 'A node’s value');
    await choose(row, 'Node', 'T1 (tank)');
    await choose(row, 'Is', 'Below');
    typeInto(within(row).getByLabelText('Level'), '2000');
    expect(within(row).getByText('This field must be between 0 and 1000')).toBeTruthy();
    typeInto(within(row).getByLabelText('Level'), '1.5');
    await choose(row, 'Action', 'Open');
    expect(within(row).getByTestId('control-line').textContent).toBe('1. LINK P9 OPEN IF NODE T1 BELOW 1.5 m');
    expect(changes.at(-1)!.controls).toEqual([{ link: 'P9', action: { status: 'open' }, condition: { kind: 'node', node: 'T1', comparison: 'below', value: 1.5 }, enabled: true }]);

    // A junction's pressure in kPa, a time of day as h:mm.
    fireEvent.click(button('Add control', region()));
    const second = await screen.findByRole('group', { name: 'Control 2' });
    await choose(second, 'When', 'At a time of day');
    typeInto(within(second).getByLabelText('Time of day'), '25:00');
    expect(within(second).getByText('A time of day before 24:00')).toBeTruthy();
    typeInto(within(second).getByLabelText('Time of day'), '6:30');
    expect(changes.at(-1)!.controls[1]!.condition).toEqual({ kind: 'clocktime', time: 23_400 });
    fireEvent.click(button('Delete control 1', region()));
    expect(changes.at(-1)!.controls.map((c) => c.condition.kind)).toEqual(['clocktime']);
    fireEvent.click(button('Undo'));
    expect(changes.at(-1)!.controls).toHaveLength(2);
  });

  it('keeps patterns, curves and controls through an .inp export and import (the server’s writer and parser)', async () => {
    const calls = await stubRealConversions();
    let exported: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((exported = blob), 'blob:network'), revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    const base = addLink(exampleNetworkDocument(), 'pump', 'J3', 'J6')!.network;
    const start: NetworkDocument = {
      ...base,
      patterns: [...base.patterns, { id: 'NIGHT', multipliers: [1.4, 0.3, 0.25, 1.1] }],
      junctions: base.junctions.map((j) => (j.id === 'J6' ? { ...j, demands: [{ ...j.demands[0]!, pattern: 'NIGHT' }] } : j)),
      // PU1 replaced by a three-point curve (EPANET fits h = a - b·Q^c through it).
      curves: [
        { id: 'PU1', kind: 'pump', points: [[0, 30], [0.01, 25], [0.02, 12]] },
        { id: 'TANKSHAPE', kind: 'volume', points: [[0, 0], [3, 300], [6, 700]] },
      ],
      tanks: base.tanks.map((t) => ({ ...t, volumeCurve: 'TANKSHAPE' })),
      controls: [
        { link: 'P9', action: { status: 'closed' }, condition: { kind: 'node', node: 'T1', comparison: 'above', value: 5.5 }, enabled: true },
        { link: 'PU1', action: { setting: 0.9 }, condition: { kind: 'node', node: 'J3', comparison: 'below', value: 150_000 }, enabled: true },
        { link: 'P7', action: { status: 'open' }, condition: { kind: 'clocktime', time: 23_400 }, enabled: false },
      ],
    };
    const changes: NetworkDocument[] = [];
    render(<PipeDiagramEditor initial={start} onChange={(network) => changes.push(network)} />);
    expect(within(screen.getByRole('complementary', { name: 'Properties' })).getByText(/No problems found/)).toBeTruthy();

    fireEvent.click(button('Export .inp'));
    await waitFor(() => expect(exported).not.toBeNull());
    const text = await exported!.text();
    expect(text).toMatch(/\n NIGHT\t1\.4\t0\.3\t0\.25\t1\.1\n/);
    expect(text).toMatch(/LINK PU1 0\.9 IF NODE J3 BELOW 15\.\d+\n/);
    expect(text).toContain('LINK P7 OPEN AT CLOCKTIME 6:30:00 DISABLED');

    fireEvent.change(screen.getByTestId('diagram-import-file'), { target: { files: [new File([text], 'network.inp')] } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/networks/from-inp')).toHaveLength(1));
    await waitFor(() => expect(changes.length).toBeGreaterThan(0));
    const back = changes.at(-1)!;
    expect(back.patterns).toEqual(start.patterns);
    expect(back.junctions[5]!.demands[0]!.pattern).toBe('NIGHT');
    expect(back.tanks[0]!.volumeCurve).toBe('TANKSHAPE');
    expect(back.pumps[0]!.headCurve).toBe('PU1');
    // SI through the file's L/s and metres (and kPa-free METERS pressure): equal to 12 digits.
    for (const [i, curve] of start.curves.entries()) {
      expect(back.curves[i]!.id).toBe(curve.id);
      expect(back.curves[i]!.kind).toBe(curve.kind);
      curve.points.forEach(([x, y], k) => {
        expect(back.curves[i]!.points[k]![0]).toBeCloseTo(x, 12);
        expect(back.curves[i]!.points[k]![1]).toBeCloseTo(y, 9);
      });
    }
    expect(back.controls.map((c) => ({ ...c, condition: c.condition.kind === 'node' ? { ...c.condition, value: Number(c.condition.value.toPrecision(12)) } : c.condition }))).toEqual(start.controls);
    // The imported network is one undo step.
    fireEvent.click(button('Undo'));
    expect(changes.at(-1)).toEqual(start);
  });
});
