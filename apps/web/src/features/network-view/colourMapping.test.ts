import { describe, expect, it } from 'vitest';
import { clockLabel, colourOf, inSentence, tableRange, valueAt, viewQuantities } from './colourMapping';

describe('network view colour mapping', () => {
  const table = { times: 2, columns: 3, values: Float32Array.from([1, -4, 2, 3, 0.5, -1]) };

  it('reads an element at a time from the [times, elements] table', () => {
    expect(valueAt(table, 0, 1)).toBe(-4);
    expect(valueAt(table, 1, 2)).toBe(-1);
    expect(valueAt(table, 0, 1, true)).toBe(4);
  });

  it('takes the range over the whole run, of magnitudes for flows; a flat table still gets a range', () => {
    expect(tableRange(table)).toEqual({ min: -4, max: 3 });
    expect(tableRange(table, true)).toEqual({ min: 0.5, max: 4 });
    expect(tableRange({ times: 1, columns: 2, values: [7, 7] })).toEqual({ min: 6.5, max: 7.5 });
    expect(tableRange({ times: 1, columns: 2, values: [NaN, NaN] })).toEqual({ min: 0, max: 1 });
    expect(tableRange(table, false, (column) => column !== 1)).toEqual({ min: -1, max: 3 });
  });

  it('maps the range ends to the ends of viridis and clamps outside it', () => {
    const range = { min: 100_000, max: 300_000 };
    expect(colourOf(100_000, range)).toBe('rgb(68, 1, 84)');
    expect(colourOf(300_000, range)).toBe('rgb(253, 231, 37)');
    expect(colourOf(50_000, range)).toBe(colourOf(100_000, range));
    expect(colourOf(1e9, range)).toBe(colourOf(300_000, range));
    expect(colourOf(200_000, range)).not.toBe(colourOf(100_000, range));
    expect(colourOf(NaN, range)).toBe('#9e9e9e');
  });

  it('offers the quantities the run has, pressure first; flow by magnitude', () => {
    const field = (name: string, unit = 'SI') => ({ name, unit, label: name });
    const quantities = viewQuantities([field('network_link_velocity'), field('network_node_pressure'), field('network_link_flow'), field('temperature')]);
    expect(quantities.map((q) => [q.name, q.elements, q.magnitude, q.unit])).toEqual([
      ['network_node_pressure', 'node', false, 'Pa'],
      ['network_link_flow', 'link', true, 'm³/s'],
      ['network_link_velocity', 'link', false, 'm/s'],
    ]);
  });

  it('takes water quality’s unit and name from the field, as they change with the run', () => {
    const chlorine = viewQuantities([
      { name: 'network_link_quality', unit: 'mg/L', label: 'Chlorine in the links' },
      { name: 'network_node_pressure', unit: 'Pa', label: 'Pressure at the nodes' },
      { name: 'network_node_quality', unit: 'mg/L', label: 'Chlorine at the nodes' },
    ]);
    expect(chlorine.map((q) => [q.name, q.label, q.valueLabel, q.unit, q.elements, q.axis])).toEqual([
      ['network_node_pressure', 'Pressure', 'Pressure', 'Pa', 'node', 'pressure'],
      ['network_node_quality', 'Chlorine at the nodes', 'Chlorine', 'mg/L', 'node', 'quality'],
      ['network_link_quality', 'Chlorine in the links', 'Chlorine', 'mg/L', 'link', 'quality'],
    ]);
    const [age] = viewQuantities([{ name: 'network_node_quality', unit: 's', label: 'Water age at the nodes' }]);
    expect([age!.label, age!.valueLabel, age!.unit, age!.magnitude]).toEqual(['Water age at the nodes', 'Water age', 's', false]);
    expect(['Chlorine', 'Water from R1', 'THM', 'Hydraulic head'].map(inSentence)).toEqual(['chlorine', 'water from R1', 'THM', 'hydraulic head']);
    // A field without a label still gets a name.
    expect(viewQuantities([{ name: 'network_link_quality', unit: '%', label: '' }])[0]).toMatchObject({ label: 'Water quality in the links', unit: '%' });
  });

  it('labels reporting times as clock times', () => {
    expect(clockLabel(0)).toBe('00:00');
    expect(clockLabel(23_400)).toBe('06:30');
    expect(clockLabel(86_400 + 7200)).toBe('1 d 02:00');
  });
});
