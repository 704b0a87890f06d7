// The editor's document edits, checks and undo history, on the example network and on networks built
// from nothing: what a user does in the diagram, without the canvas.
import { describe, expect, it } from 'vitest';
import { emptyNetworkDocument, exampleNetworkDocument } from '@simforge/contracts';
import { addLink, addNode, deleteElements, moveNodes, nextId, placeUnpositioned, updateElement, updateMany } from './editing';
import { historyPush, historyRedo, historyStart, historyUndo } from './history';
import { parseDisplay, propertiesOf, toDisplay, type ChoiceProperty, type NumberProperty } from './properties';
import { DISCONNECTED, NO_JUNCTION, NO_SOURCE, validateNetwork } from './validation';

describe('editing a network document', () => {
  it('adds nodes with fresh ids and links between existing, different nodes; a pump brings its own curve', () => {
    let net = emptyNetworkDocument();
    ({ network: net } = addNode(net, 'reservoir', { x: 0, y: 0 }));
    ({ network: net } = addNode(net, 'junction', { x: 100, y: 0 }));
    ({ network: net } = addNode(net, 'junction', { x: 200, y: 0 }));
    expect(net.junctions.map((j) => j.id)).toEqual(['J1', 'J2']);
    expect(addLink(net, 'pipe', 'J1', 'J1')).toBeNull();
    expect(addLink(net, 'pipe', 'J1', 'J9')).toBeNull();
    const pipe = addLink(net, 'pipe', 'R1', 'J1')!;
    expect(pipe.id).toBe('P1');
    const pump = addLink(pipe.network, 'pump', 'J1', 'J2')!;
    expect(pump.network.pumps[0]).toMatchObject({ id: 'PU1', from: 'J1', to: 'J2', headCurve: 'PU1' });
    expect(pump.network.curves).toEqual([{ id: 'PU1', kind: 'pump', points: [[0.01, 20]] }]);
    expect(nextId(pump.network, 'pipe')).toBe('P2');
  });

  it('deletes a node with its links, the pump curve and the controls that named them', () => {
    const base = exampleNetworkDocument();
    const withControl = { ...base, controls: [{ link: 'P9', action: { status: 'closed' as const }, condition: { kind: 'node' as const, node: 'T1', comparison: 'above' as const, value: 5 }, enabled: true }] };
    const after = deleteElements(withControl, [{ kind: 'tank', id: 'T1' }]);
    expect(after.tanks).toEqual([]);
    expect(after.pipes.map((p) => p.id)).not.toContain('P9');
    expect(after.controls).toEqual([]);
    const pumped = addLink(base, 'pump', 'J3', 'J6')!.network;
    expect(deleteElements(pumped, [{ kind: 'pump', id: 'PU1' }]).curves).toEqual([]);
  });

  it('renames a node everywhere it is named and sets one value on many elements', () => {
    const renamed = updateElement(exampleNetworkDocument(), { kind: 'junction', id: 'J1' }, { id: 'HUB' });
    expect(renamed.junctions[0]!.id).toBe('HUB');
    expect(renamed.pipes.filter((p) => p.from === 'HUB' || p.to === 'HUB').map((p) => p.id)).toEqual(['P1', 'P2', 'P4']);
    const bulk = updateMany(renamed, 'pipe', ['P6', 'P7', 'P8'], { diameter: 0.125 });
    expect(bulk.pipes.map((p) => p.diameter)).toEqual([0.2, 0.2, 0.15, 0.2, 0.15, 0.125, 0.125, 0.125, 0.2]);
  });

  it('moves nodes and places those without coordinates right of the drawing', () => {
    const moved = moveNodes(exampleNetworkDocument(), new Map([['J6', { x: 1100, y: 520 }]]));
    expect(moved.junctions[5]!.position).toEqual({ x: 1100, y: 520 });
    const unplaced = { ...moved, junctions: moved.junctions.map((j) => (j.id === 'J3' ? { ...j, position: undefined } : j)) };
    expect(placeUnpositioned(unplaced).junctions[2]!.position).toEqual({ x: 1200, y: 650 });
  });
});

describe('checks before saving', () => {
  it('passes the example network', () => {
    expect(validateNetwork(exampleNetworkDocument())).toEqual([]);
  });

  it('names a missing source, an empty network and junctions cut off from every reservoir and tank', () => {
    expect(validateNetwork(emptyNetworkDocument()).map((i) => i.message)).toEqual([NO_JUNCTION, NO_SOURCE]);
    // Without P2, P3 and P7 nothing joins J2 to the rest.
    const cut = deleteElements(exampleNetworkDocument(), [{ kind: 'pipe', id: 'P3' }, { kind: 'pipe', id: 'P7' }, { kind: 'pipe', id: 'P2' }]);
    expect(validateNetwork(cut)).toEqual([{ element: { kind: 'junction', id: 'J2' }, message: DISCONNECTED }]);
    const noSource = deleteElements(exampleNetworkDocument(), [{ kind: 'reservoir', id: 'R1' }, { kind: 'tank', id: 'T1' }]);
    expect(validateNetwork(noSource).map((i) => i.message)).toEqual([NO_SOURCE]);
  });

  it('names links to missing nodes, pumps without a curve and tank levels out of order', () => {
    const base = exampleNetworkDocument();
    const bad = {
      ...base,
      pipes: [...base.pipes, { ...base.pipes[0]!, id: 'PX', to: 'NOPE' }],
      pumps: [{ id: 'PU1', from: 'J1', to: 'J2', speed: 1, status: 'open' as const }],
      tanks: [{ ...base.tanks[0]!, initialLevel: 9 }],
    };
    expect(validateNetwork(bad).map((i) => `${i.element?.kind} ${i.element?.id}: ${i.message}`)).toEqual([
      'pipe PX: Connects to node NOPE, which does not exist',
      'pump PU1: Needs a head curve or a power',
      'tank T1: The initial level must lie between the minimum and maximum levels',
    ]);
  });
});

describe('undo history', () => {
  it('undoes and redoes edits; a new edit drops what could be redone', () => {
    let h = historyStart(1);
    h = historyPush(h, 2);
    h = historyPush(h, 3);
    h = historyUndo(historyUndo(h));
    expect(h.present).toBe(1);
    h = historyRedo(h);
    expect(h.present).toBe(2);
    h = historyPush(h, 7);
    expect(h).toEqual({ past: [1, 2], present: 7, future: [] });
    expect(historyUndo(historyStart(5)).present).toBe(5);
  });
});

describe('properties with units and ranges', () => {
  const net = exampleNetworkDocument();
  const pipeProps = propertiesOf('pipe', net.pipes[0]!, net);
  const diameter = pipeProps.find((p) => p.key === 'diameter') as NumberProperty;

  it('shows SI values in display units and reads typed values back to SI, with the form’s range message', () => {
    expect(toDisplay(diameter, 0.2)).toBe(200);
    expect(parseDisplay(diameter, '125')).toEqual({ si: 0.125 });
    expect(parseDisplay(diameter, '0')).toEqual({ error: 'This field must be between 1 and 10000' });
    expect(parseDisplay(diameter, '')).toEqual({ error: 'This field is required' });
    const demand = propertiesOf('junction', net.junctions[1]!, net).find((p) => p.key === 'demand') as NumberProperty;
    expect(toDisplay(demand, demand.read(net.junctions[1]!, net)!)).toBeCloseTo(3, 4);
    const written = demand.write(net, { kind: 'junction', id: 'J2' }, 0.005);
    expect(written.junctions[1]!.demands).toEqual([{ base: 0.005, pattern: 'DAILY' }]);
  });

  it('edits a pipe’s leakage (EPANET 2.3): 0 on a tight pipe, the value written into the document', () => {
    const area = pipeProps.find((p) => p.key === 'leakArea') as NumberProperty;
    const expansion = pipeProps.find((p) => p.key === 'leakExpansion') as NumberProperty;
    expect(area.label).toBe('Leak area (mm²/100 m)');
    expect(area.read(net.pipes[0]!, net)).toBe(0);
    const written = expansion.write(area.write(net, { kind: 'pipe', id: net.pipes[0]!.id }, 2.5), { kind: 'pipe', id: net.pipes[0]!.id }, 0.4);
    expect(written.pipes[0]).toMatchObject({ leakArea: 2.5, leakExpansion: 0.4 });
    expect(parseDisplay(area, '-1')).toEqual({ error: 'This field must be between 0 and 1000000' });
  });

  it('sets what a full tank does (EPANET 2.3 overflow): closes its inflow unless told to overflow', () => {
    const tank = net.tanks[0]!;
    const whenFull = propertiesOf('tank', tank, net).find((p) => p.key === 'overflow') as ChoiceProperty;
    expect(whenFull.read(tank)).toBe('closes');
    const spilling = whenFull.write(net, { kind: 'tank', id: tank.id }, 'overflows');
    expect(spilling.tanks[0]!.overflow).toBe(true);
    expect(whenFull.read(spilling.tanks[0]!)).toBe('overflows');
    expect('overflow' in whenFull.write(spilling, { kind: 'tank', id: tank.id }, 'closes').tanks[0]!).toBe(false);
  });

  it('reads roughness in the terms of the head-loss formula', () => {
    expect(pipeProps.find((p) => p.key === 'roughness')).toMatchObject({ label: 'Hazen-Williams C', unit: '' });
    const dw = { ...net, options: { ...net.options, headloss: 'D-W' as const } };
    expect(propertiesOf('pipe', net.pipes[0]!, dw).find((p) => p.key === 'roughness')).toMatchObject({ label: 'Roughness (absolute)', unit: 'mm' });
  });
});
