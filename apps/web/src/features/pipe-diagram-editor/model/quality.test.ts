// Water quality and energy in the document as the editor changes it: deletes and renames of elements,
// patterns and curves carry to the quality entries and energy fields (so the written .inp never names
// a missing element — the solvers' own writer says when it has to leave one out), and the checks name
// what the .inp reader or the engine would refuse, by the field's label.
import { describe, expect, it } from 'vitest';
import { exampleNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import { writeInp } from '../../../../../../packages/solvers/src/physics/network/inp/write';
import { deleteElements, updateElement } from './editing';
import { setEnergyField, setPumpEnergy } from './energy';
import { setMixingModel, setQualityEntry, setQualityField, setQualityParameter, setSourceType, type Quality } from './quality';
import { bulkUnit, wallUnit } from './qualityFields';
import { deleteCurve, deletePattern, renameCurve, renamePattern } from './schedules';
import { validateNetwork } from './validation';

const chlorine: Quality = {
  parameter: 'chemical',
  chemical: 'Chlorine',
  units: 'mg/L',
  globalBulk: -0.5,
  globalWall: -0.1,
  initial: { J1: 0.2, R1: 1, T1: 0.8 },
  sources: { R1: { type: 'concen', strength: 1.2, pattern: 'DAILY' }, J4: { type: 'mass', strength: 30 } },
  bulk: { P1: -0.3, P9: -0.4, T1: -0.2 },
  wall: { P1: -0.05, P9: -0.2 },
  mixing: { T1: { model: '2comp', fraction: 0.4 } },
};

const withChlorine = (): NetworkDocument => ({ ...exampleNetworkDocument(), quality: structuredClone(chlorine) });
const settingMessages = (network: NetworkDocument) => validateNetwork(network).filter((i) => i.setting === 'quality').map((i) => i.message);

describe('water quality follows element deletes and renames', () => {
  it('deleting a tank drops its initial quality, bulk coefficient and mixing, and the coefficients of the pipe that went with it', () => {
    const after = deleteElements(withChlorine(), [{ kind: 'tank', id: 'T1' }]);
    expect(after.quality).toEqual({
      ...chlorine,
      initial: { J1: 0.2, R1: 1 },
      bulk: { P1: -0.3 },
      wall: { P1: -0.05 },
      mixing: undefined,
    });
    expect(after.quality).not.toHaveProperty('mixing');
    expect(writeInp(after).warnings).toEqual([]);
    // The writer would have had to leave them out (and say so) without the delete's cleaning.
    expect(writeInp({ ...after, quality: withChlorine().quality }).warnings).toContain("mixing model of 'T1' left out: there is no such element");
  });

  it('deleting a junction or a pipe drops its source and coefficients; a trace loses its node and the checks ask for another', () => {
    const noJ4 = deleteElements(withChlorine(), [{ kind: 'junction', id: 'J4' }, { kind: 'pipe', id: 'P1' }]);
    expect(noJ4.quality?.sources).toEqual({ R1: chlorine.sources!['R1'] });
    expect(noJ4.quality?.bulk).toEqual({ T1: -0.2 });
    expect(noJ4.quality).not.toHaveProperty('wall');
    expect(writeInp(noJ4).warnings).toEqual([]);

    const trace = setQualityParameter(exampleNetworkDocument(), 'trace');
    expect(trace.quality).toEqual({ parameter: 'trace', traceNode: 'R1' });
    expect(settingMessages(trace)).toEqual([]);
    const gone = deleteElements(trace, [{ kind: 'reservoir', id: 'R1' }]);
    expect(gone.quality).toEqual({ parameter: 'trace' });
    expect(settingMessages(gone)).toEqual(['Trace node is required: pick the node whose water is traced']);
  });

  it('renaming a node, a tank or a pipe moves its entries under the new id, in place', () => {
    let net = updateElement(withChlorine(), { kind: 'reservoir', id: 'R1' }, { id: 'SOURCE' });
    net = updateElement(net, { kind: 'tank', id: 'T1' }, { id: 'TOWER' });
    net = updateElement(net, { kind: 'pipe', id: 'P9' }, { id: 'RISER' });
    const q = net.quality!;
    expect(Object.keys(q.initial!)).toEqual(['J1', 'SOURCE', 'TOWER']);
    expect(q.sources!['SOURCE']).toEqual(chlorine.sources!['R1']);
    expect(q.bulk).toEqual({ P1: -0.3, RISER: -0.4, TOWER: -0.2 });
    expect(q.wall).toEqual({ P1: -0.05, RISER: -0.2 });
    expect(q.mixing).toEqual({ TOWER: { model: '2comp', fraction: 0.4 } });
    expect(writeInp(net).warnings).toEqual([]);

    const traced = updateElement(setQualityField(setQualityParameter(exampleNetworkDocument(), 'trace'), 'traceNode', 'J3'), { kind: 'junction', id: 'J3' }, { id: 'HILL' });
    expect(traced.quality?.traceNode).toBe('HILL');
  });

  it('renaming or deleting a pattern or curve carries to the sources, energy price patterns and efficiency curves', () => {
    let net = withChlorine();
    net = setEnergyField(net, 'pricePattern', 'DAILY');
    net = { ...net, curves: [{ id: 'E1', kind: 'efficiency', points: [[0.01, 75]] }, { id: 'H1', kind: 'pump', points: [[0.01, 20]] }] };
    net = { ...net, pumps: [{ id: 'PU1', from: 'J3', to: 'J6', headCurve: 'H1', speed: 1, status: 'open', efficiencyCurve: 'E1', pricePattern: 'DAILY' }] };
    const renamed = renameCurve(renamePattern(net, 'DAILY', 'DAY'), 'E1', 'EFF');
    expect(renamed.quality?.sources?.['R1']?.pattern).toBe('DAY');
    expect(renamed.energy).toEqual({ pricePattern: 'DAY' });
    expect(renamed.pumps[0]).toMatchObject({ pricePattern: 'DAY', efficiencyCurve: 'EFF', headCurve: 'H1' });
    const deleted = deleteCurve(deletePattern(renamed, 'DAY'), 'EFF');
    expect(deleted.quality?.sources?.['R1']).toEqual({ type: 'concen', strength: 1.2 });
    expect(deleted).not.toHaveProperty('energy.pricePattern');
    expect(deleted.pumps[0]).not.toHaveProperty('pricePattern');
    expect(deleted.pumps[0]).not.toHaveProperty('efficiencyCurve');
    expect(deleted.pumps[0]!.headCurve).toBe('H1');
  });
});

describe('quality edits and checks', () => {
  it('nothing simulated and nothing set leaves no quality in the document; sources and mixing start where EPANET does', () => {
    const start = exampleNetworkDocument();
    const chemical = setQualityParameter(start, 'chemical');
    expect(chemical.quality).toEqual({ parameter: 'chemical', units: 'mg/L' });
    expect(setQualityParameter(chemical, 'none')).toEqual(start);
    const sourced = setSourceType(chemical, 'R1', 'setpoint');
    expect(sourced.quality?.sources).toEqual({ R1: { type: 'setpoint', strength: 0 } });
    expect(setSourceType(setSourceType(sourced, 'R1', 'mass'), 'R1', 'none').quality).not.toHaveProperty('sources');
    expect(setMixingModel(chemical, 'T1', '2comp').quality?.mixing).toEqual({ T1: { model: '2comp', fraction: 1 } });
    expect(setMixingModel(setMixingModel(chemical, 'T1', 'fifo'), 'T1', 'mixed').quality).not.toHaveProperty('mixing');
  });

  it('units follow the reaction orders and the chemical’s units', () => {
    expect(bulkUnit({ parameter: 'chemical' }, 1)).toBe('1/day');
    expect(bulkUnit({ parameter: 'chemical', units: 'ug/L' }, 0)).toBe('µg/L/day');
    expect(bulkUnit({ parameter: 'chemical' }, 2)).toBe('(mg/L)^(−1)/day');
    expect(wallUnit({ parameter: 'chemical' })).toBe('m/day');
    expect(wallUnit({ parameter: 'chemical', wallOrder: 0, units: 'ug/L' })).toBe('µg/m²/day');
  });

  it('names what the .inp reader or the engine would refuse, by label and element', () => {
    let net = withChlorine();
    net = setQualityField(net, 'chemical', 'Agent X');
    net = { ...net, times: { ...net.times, qualityStep: 7200 } };
    net = setQualityEntry(net, 'mixing', 'T1', { model: '2comp', fraction: 1.5 });
    net = setQualityEntry(net, 'sources', 'J4', { type: 'mass', strength: 30, pattern: 'NOPE' });
    net = setPumpEnergy({ ...net, pumps: [{ id: 'PU1', from: 'J3', to: 'J6', power: 5000, speed: 1, status: 'open' }] }, 'PU1', 'efficiencyCurve', 'MISSING');
    net = setEnergyField(net, 'efficiency', 120);
    expect(validateNetwork(net).map((i) => `${i.element ? `${i.element.kind} ${i.element.id}` : i.setting}: ${i.message}`)).toEqual([
      'quality: Chemical name must not begin with AGE (the .inp file would read it as that keyword)',
      'quality: Quality time step must be at most the hydraulic time step (3600 s)',
      'junction J4: Source pattern NOPE does not exist',
      'tank T1: Mixing zone fraction must be more than 0 and at most 1',
      'energy: Pump efficiency must be more than 0 % and at most 100 %',
      'pump PU1: Efficiency curve MISSING does not exist',
    ]);
    expect(validateNetwork(withChlorine())).toEqual([]);
  });
});
