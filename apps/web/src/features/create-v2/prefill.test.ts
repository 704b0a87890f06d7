import { describe, expect, it } from 'vitest';
import { catalogueEntry, describeForm } from '@simforge/contracts';
import { mergeParameters, prefillFromQuery, queryForParameters } from './prefill';
import { resolveCreateV2 } from './resolve';

const form = describeForm(catalogueEntry('CIRCULAR_PIPE')!.parameters!);

describe('prefill from the address', () => {
  it('reads SI values at dotted paths and reports what is not a parameter', () => {
    const prefill = prefillFromQuery(form, new URLSearchParams('diameter=0.05&wall.condition=heat_flux&title=Loop%20A&colour=red&fluid=lava'));
    expect(prefill.parameters).toEqual({ diameter: 0.05, wall: { condition: 'heat_flux' } });
    expect(prefill.title).toBe('Loop A');
    expect(prefill.ignored).toEqual(['colour', 'fluid']);
  });

  it('layers defaults, a cloned simulation and the query', () => {
    expect(mergeParameters({ a: 1, g: { x: 1, y: 2 } }, { g: { y: 3 } }, { a: 2 })).toEqual({ a: 2, g: { x: 1, y: 3 } });
    const section = { parts: [{ points: [[0, 0]] }] };
    expect(mergeParameters({ cross_section: section })).toEqual({ cross_section: section });
  });

  it('writes a query create-v2 reads back', () => {
    const parameters = { diameter: 0.05, wall: { condition: 'temperature', temperature: 350 } };
    const back = prefillFromQuery(form, new URLSearchParams(queryForParameters(form, parameters)));
    expect(back.parameters).toEqual(parameters);
  });
});

describe('what a create-v2 address names', () => {
  it('accepts families and types in either case', () => {
    expect(resolveCreateV2('PIPE', undefined)).toMatchObject({ kind: 'family', family: 'pipe' });
    expect(resolveCreateV2('circular_pipe', undefined)).toMatchObject({ kind: 'type', family: 'pipe' });
    expect(resolveCreateV2('Melt-Pool', 'laser_rigid_plate')).toMatchObject({ kind: 'type', family: 'melt-pool' });
  });

  it('explains unknown names and mismatched pairs', () => {
    expect(resolveCreateV2('plasma', undefined)).toMatchObject({ kind: 'unknown', message: 'Unknown simulation family or type: plasma. Choose one from the catalogue.' });
    expect(resolveCreateV2('pipe', 'BUTT_WELD')).toMatchObject({ kind: 'unknown', family: 'pipe', message: expect.stringContaining('BUTT_WELD is not a type of the pipe family') });
    expect(resolveCreateV2('pipe', 'PIPE_NETWORK_2')).toMatchObject({ kind: 'type', family: 'pipe', entry: { type: 'PIPE_NETWORK_2' } });
    expect(resolveCreateV2('jet', 'pipe_network_2')).toMatchObject({ kind: 'unknown', message: expect.not.stringContaining('belongs to unknown') });
    expect(resolveCreateV2('jet', 'NOPE')).toMatchObject({ kind: 'unknown', message: 'Unknown simulation type: NOPE. Choose one from the catalogue.' });
  });
});
