import { catalogueEntry, describeForm } from '@simforge/contracts';
import { describe, expect, it } from 'vitest';
import { significant } from '../format.js';
import { findParameters, parameterTable } from './parameters.js';

describe('parameter knowledge (from the contracts schemas)', () => {
  it('travel speed of a butt weld: label, unit, range and default as the form shows them', () => {
    const [found] = findParameters('What does travel speed mean and what range is allowed?', 'BUTT_WELD');
    expect(found).toMatchObject({ type: 'BUTT_WELD', path: 'process.travel_speed', label: 'Travel speed' });
    const field = describeForm(catalogueEntry('BUTT_WELD')!.parameters!).fields.find((f) => f.path === 'process.travel_speed')!;
    expect(field.kind).toBe('number');
    if (field.kind !== 'number') return;
    expect(found!.markdown).toContain('Unit: mm/s');
    expect(found!.markdown).toContain(`Allowed range: ${field.displayMin} to ${field.displayMax} mm/s`);
    expect(found!.markdown).toContain(`Default: ${significant(field.displayDefault)} mm/s`);
  });

  it('an enumeration lists its choices; a dotted path is found exactly', () => {
    const [material] = findParameters('material', 'T_JOINT_FILLET_WELD');
    expect(material!.markdown).toMatch(/Choices: .*`S355`/);
    const [byPath] = findParameters('what is process.efficiency?', 'BUTT_WELD');
    expect(byPath!.path).toBe('process.efficiency');
    expect(byPath!.markdown).toContain('EN 1011-1');
  });

  it('nothing that is not a parameter; the whole table on request', () => {
    expect(findParameters('what is the meaning of life', 'BUTT_WELD')).toEqual([]);
    expect(parameterTable('BUTT_WELD')).toMatch(/\| Welding current \| `process.current` \| A \| 10 – 1000 \| 325 \|/);
  });
});
