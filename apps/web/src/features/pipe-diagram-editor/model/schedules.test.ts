// Patterns, curves and controls as document edits and checks: references carried through renames and
// deletions, values kept in SI and shown in the panel's units, and the problems the engine would refuse.
import { describe, expect, it } from 'vitest';
import { exampleNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import { addLink, deleteElements } from './editing';
import { conditionSpec, controlProblems, describeControl, formatHours, parseHours, settingSpec, withConditionKind, withLink, withNode } from './controls';
import { NONE, propertiesOf, type ChoiceProperty } from './properties';
import { curveProblems, patternProblems, referenceIssues } from './scheduleChecks';
import {
  addControl,
  addCurve,
  addPattern,
  curveUses,
  deleteControl,
  deleteCurve,
  deletePattern,
  patternUses,
  renameCurve,
  renamePattern,
  setCurveKind,
  setJunctionPattern,
  updateControl,
  type Control,
} from './schedules';
import { validateNetwork } from './validation';

/** The example with a pump J3 -> J6 (its own one-point curve PU1) and a PRV J5 -> J6. */
function withPumpAndValve(): NetworkDocument {
  const pumped = addLink(exampleNetworkDocument(), 'pump', 'J3', 'J6')!.network;
  return addLink(pumped, 'valve', 'J5', 'J6')!.network;
}

describe('patterns', () => {
  it('adds a flat day, renames it everywhere it is named and deletes it leaving constant demands', () => {
    const { network: added, id } = addPattern(exampleNetworkDocument());
    expect(id).toBe('PAT1');
    expect(added.patterns[1]).toEqual({ id: 'PAT1', multipliers: Array.from({ length: 24 }, () => 1) });
    const assigned = setJunctionPattern(added, 'J1', 'PAT1');
    // J1 had no demand: it gets a zero one to carry the pattern (what EPANET writes and reads back).
    expect(assigned.junctions[0]!.demands).toEqual([{ base: 0, pattern: 'PAT1' }]);
    expect(patternUses(assigned, 'PAT1')).toEqual(['junction J1']);

    const renamed = renamePattern({ ...assigned, options: { ...assigned.options, defaultPattern: 'DAILY' } }, 'DAILY', 'WEEKDAY');
    expect(renamed.junctions.slice(1).map((j) => j.demands[0]!.pattern)).toEqual(['WEEKDAY', 'WEEKDAY', 'WEEKDAY', 'WEEKDAY', 'WEEKDAY']);
    expect(renamed.options.defaultPattern).toBe('WEEKDAY');

    const deleted = deletePattern(renamed, 'WEEKDAY');
    expect(deleted.patterns.map((p) => p.id)).toEqual(['PAT1']);
    expect(deleted.junctions[1]!.demands[0]).toEqual({ base: exampleNetworkDocument().junctions[1]!.demands[0]!.base });
    expect('pattern' in deleted.junctions[1]!.demands[0]!).toBe(false);
    expect(validateNetwork(deleted)).toEqual([]);
  });

  it('is picked in the junction’s panel (none means the default pattern when there is one)', () => {
    const net = exampleNetworkDocument();
    const choice = propertiesOf('junction', net.junctions[1]!, net).find((p) => p.key === 'pattern') as ChoiceProperty;
    expect(choice.read(net.junctions[1]!)).toBe('DAILY');
    expect(choice.options.map((o) => o.label)).toEqual(['None (constant)', 'DAILY']);
    const cleared = choice.write(net, { kind: 'junction', id: 'J2' }, NONE);
    expect(cleared.junctions[1]!.demands).toEqual([{ base: net.junctions[1]!.demands[0]!.base }]);
  });

  it('needs a multiplier; a junction naming a missing pattern is named by the checks', () => {
    expect(patternProblems({ id: 'P', multipliers: [] })).toEqual(['Needs at least one multiplier']);
    expect(patternProblems({ id: 'P', multipliers: [0.5, 1.5] })).toEqual([]);
    const net = exampleNetworkDocument();
    const dangling = { ...net, patterns: [] };
    expect(validateNetwork(dangling)[0]).toEqual({ element: { kind: 'junction', id: 'J2' }, message: 'Demand pattern DAILY does not exist' });
  });
});

describe('curves', () => {
  it('renames and deletes a curve with the pump naming it; the pump is then told it needs one', () => {
    const net = withPumpAndValve();
    expect(curveUses(net, 'PU1')).toEqual(['pump PU1']);
    const renamed = renameCurve(net, 'PU1', 'PUMPCURVE');
    expect(renamed.pumps[0]!.headCurve).toBe('PUMPCURVE');
    const deleted = deleteCurve(renamed, 'PUMPCURVE');
    expect(deleted.curves).toEqual([]);
    expect('headCurve' in deleted.pumps[0]!).toBe(false);
    expect(validateNetwork(deleted)).toEqual([{ element: { kind: 'pump', id: 'PU1' }, message: 'Needs a head curve or a power' }]);
  });

  it('a new curve may stay unused: the .inp file records its kind, so it keeps its units', () => {
    const { network, id } = addCurve(withPumpAndValve(), 'volume');
    expect(id).toBe('C1');
    expect(network.curves[1]!.points).toEqual([
      [0, 0],
      [6, 6 * Math.PI * 25],
    ]);
    expect(validateNetwork(network)).toEqual([]);
    const tank = propertiesOf('tank', network.tanks[0]!, network).find((p) => p.key === 'volumeCurve') as ChoiceProperty;
    expect(tank.options.map((o) => o.value)).toEqual([NONE, 'C1']);
    const used = tank.write(network, { kind: 'tank', id: 'T1' }, 'C1');
    expect(used.tanks[0]!.volumeCurve).toBe('C1');
    expect(validateNetwork(used)).toEqual([]);
    const unused = tank.write(used, { kind: 'tank', id: 'T1' }, NONE);
    expect('volumeCurve' in unused.tanks[0]!).toBe(false);
  });

  it('goes with the last element using it (a curve nothing uses could not be saved)', () => {
    const two = addLink(withPumpAndValve(), 'pump', 'J2', 'J6')!.network;
    const shared = { ...two, pumps: two.pumps.map((p) => ({ ...p, headCurve: 'PU1' })), curves: two.curves.filter((c) => c.id === 'PU1') };
    expect(deleteElements(shared, [{ kind: 'pump', id: 'PU1' }]).curves.map((c) => c.id)).toEqual(['PU1']);
    expect(deleteElements(shared, [{ kind: 'pump', id: 'PU1' }, { kind: 'pump', id: 'PU2' }]).curves).toEqual([]);
    const shaped = { ...shared, tanks: shared.tanks.map((t) => ({ ...t, volumeCurve: 'V' })), curves: [...shared.curves, { id: 'V', kind: 'volume' as const, points: [[0, 0], [6, 500]] as [number, number][] }] };
    expect(deleteElements(shaped, [{ kind: 'tank', id: 'T1' }]).curves.map((c) => c.id)).toEqual(['PU1']);
  });

  it('a kind change keeps the numbers shown and reads them in the new units (10 -> 10 L/s)', () => {
    const net = { ...exampleNetworkDocument(), curves: [{ id: 'G', kind: 'generic' as const, points: [[10, 30] as [number, number]] }] };
    expect(setCurveKind(net, 'G', 'pump').curves[0]).toEqual({ id: 'G', kind: 'pump', points: [[0.01, 30]] });
  });

  it('checks a pump curve as the engine fits it, and x values that must increase', () => {
    const net = withPumpAndValve();
    const pump = (points: [number, number][]) => curveProblems(net, { id: 'PU1', kind: 'pump', points });
    expect(pump([[0.01, 20]])).toEqual([]);
    expect(pump([[0, 20]])).toEqual(['The design point needs a flow and a head above 0']);
    expect(pump([[0, 30], [0.01, 25], [0.02, 15]])).toEqual([]);
    expect(pump([[0, 30], [0.01, 32], [0.02, 15]])).toEqual(['Heads must fall as the flow rises']);
    expect(pump([[0.02, 30], [0.01, 25]])).toEqual(['Flow values must increase from one point to the next']);
    expect(curveProblems(net, { id: 'V', kind: 'volume', points: [[0, 0]] })).toContain('A volume curve needs at least two points');
  });
});

describe('simple controls', () => {
  const net = withPumpAndValve();
  const control = (c: Partial<Control>): Control => ({ link: 'PU1', action: { status: 'closed' }, condition: { kind: 'time', time: 3600 }, enabled: true, ...c });

  it('adds one on the first link, edits and deletes it by position', () => {
    const added = addControl(net)!;
    expect(added.controls).toEqual([control({ link: 'P1' })]);
    const edited = updateControl(added, 0, control({ link: 'P9', condition: { kind: 'node', node: 'T1', comparison: 'above', value: 5.5 } }));
    expect(describeControl(edited, edited.controls[0]!)).toBe('LINK P9 CLOSED IF NODE T1 ABOVE 5.5 m');
    expect(deleteControl(edited, 0).controls).toEqual([]);
    expect(addControl({ ...net, pipes: [], pumps: [], valves: [] })).toBeNull();
  });

  it('reads settings in the link’s terms and node values in the node’s', () => {
    expect(settingSpec(net, 'PU1')).toMatchObject({ label: 'Relative speed', unit: '' });
    expect(settingSpec(net, 'V1')).toMatchObject({ label: 'Pressure setting', unit: 'kPa' });
    expect(settingSpec(net, 'P1')).toBeNull();
    expect(conditionSpec(net, 'J3')).toMatchObject({ label: 'Pressure', unit: 'kPa' });
    expect(conditionSpec(net, 'T1')).toMatchObject({ label: 'Level', unit: 'm' });
    const speed = control({ action: { setting: 1.2 }, condition: { kind: 'node', node: 'J3', comparison: 'below', value: 150_000 } });
    expect(describeControl(net, speed)).toBe('LINK PU1 1.2 IF NODE J3 BELOW 150 kPa');
    // Another link: the number shown stays (1.2 -> 1.2 kPa on the PRV); a pipe takes a status only.
    expect(withLink(net, speed, 'V1').action).toEqual({ setting: 1200 });
    expect(withLink(net, speed, 'P3').action).toEqual({ status: 'closed' });
    expect(withNode(net, speed, 'T1').condition).toEqual({ kind: 'node', node: 'T1', comparison: 'below', value: 150 });
    expect(withConditionKind(net, speed, 'clocktime').condition).toEqual({ kind: 'clocktime', time: 3600 });
    expect(withConditionKind(net, control({}), 'node').condition).toEqual({ kind: 'node', node: 'T1', comparison: 'above', value: 6 });
  });

  it('times are typed as hours or h:mm and written as EPANET does', () => {
    expect(parseHours('1.5')).toBe(5400);
    expect(parseHours('6:30')).toBe(23_400);
    expect(parseHours('0:00:20')).toBe(20);
    expect(parseHours('noon')).toBeNull();
    expect(formatHours(23_400)).toBe('6:30');
    expect(formatHours(90_000)).toBe('25:00');
  });

  it('names what the engine refuses: a check valve, a setting on a pipe, a missing node, a time of day past 24:00', () => {
    const cv = { ...net, pipes: net.pipes.map((p) => (p.id === 'P1' ? { ...p, status: 'cv' as const } : p)) };
    expect(controlProblems(cv, control({ link: 'P1' }))).toEqual(['Pipe P1 is a check valve and cannot be controlled']);
    expect(controlProblems(net, control({ link: 'P2', action: { setting: 1 } }))).toEqual(['A pipe takes OPEN or CLOSED only']);
    expect(controlProblems(net, control({ condition: { kind: 'node', node: 'NOPE', comparison: 'above', value: 1 } }))).toEqual(['Node NOPE does not exist']);
    expect(controlProblems(net, control({ condition: { kind: 'clocktime', time: 86_400 } }))).toEqual(['A time of day is before 24:00']);
    expect(validateNetwork({ ...net, controls: [control({ link: 'P2', action: { setting: 1 } })] })).toEqual([{ schedule: { kind: 'control', id: '0' }, message: 'A pipe takes OPEN or CLOSED only' }]);
  });
});

describe('a positional control valve (EPANET 2.3 PCV)', () => {
  it('is set by its opening, takes an opening curve that renames and deletions follow, and a wrong curve is named', () => {
    const net = withPumpAndValve();
    const valve = net.valves[0]!;
    const typeField = propertiesOf('valve', valve, net).find((p) => p.key === 'type') as ChoiceProperty;
    const pcvNet = typeField.write(net, { kind: 'valve', id: valve.id }, 'PCV');
    const { network: curved, id } = addCurve(pcvNet, 'valve');
    const pcv = curved.valves[0]!;
    const fields = propertiesOf('valve', pcv, curved);
    expect(fields.map((f) => f.label)).toEqual(expect.arrayContaining(['Opening (%)', 'Opening curve']));
    const curveField = fields.find((f) => f.key === 'valveCurve') as ChoiceProperty;
    const withCurve = curveField.write(curved, { kind: 'valve', id: valve.id }, id);
    expect(withCurve.valves[0]!.valveCurve).toBe(id);
    expect(curveUses(withCurve, id)).toEqual([`valve ${valve.id}`]);
    expect(renameCurve(withCurve, id, 'EQP').valves[0]!.valveCurve).toBe('EQP');
    expect('valveCurve' in deleteCurve(withCurve, id).valves[0]!).toBe(false);
    expect(settingSpec(withCurve, valve.id)).toMatchObject({ label: 'Opening (%)', min: 0, max: 100 });
    const wrongKind = { ...withCurve, curves: withCurve.curves.map((c) => (c.id === id ? { ...c, kind: 'volume' as const } : c)) };
    expect(referenceIssues(wrongKind).map((i) => i.message)).toContain(`Curve ${id} is not a valve opening curve`);
  });
});
