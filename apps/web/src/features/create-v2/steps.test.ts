import { describe, expect, it } from 'vitest';
import { catalogueEntry, describeForm, simulationCatalogue } from '@simforge/contracts';
import { stepDescription, stepOfPath, stepsOf } from './steps';

const formOf = (type: string) => describeForm(catalogueEntry(type)!.parameters!);
const keys = (type: string, step: 'geometry' | 'process' | 'settings') => stepDescription(formOf(type), step).nodes.map((n) => n.key);

describe('create-v2 steps from the schema', () => {
  it('puts a weld joint geometry, process and mesh in their steps', () => {
    expect(keys('BUTT_WELD', 'geometry')).toEqual(['geometry']);
    expect(keys('BUTT_WELD', 'process')).toEqual(expect.arrayContaining(['material', 'process', 'heat_source', 'preheat_temperature', 'chemistry']));
    expect(keys('BUTT_WELD', 'settings')).toEqual(['mesh_size', 'cooling_time']);
    // A folded-away group is shown unfolded in its step.
    expect(stepDescription(formOf('BUTT_WELD'), 'process').nodes.find((n) => n.key === 'heat_source')?.advanced).toBe(false);
    expect(stepDescription(formOf('BUTT_WELD'), 'geometry').custom.map((c) => c.path)).toEqual(['cross_section']);
  });

  it('puts a pipe dimensions in geometry and the model choice in run settings', () => {
    expect(keys('CIRCULAR_PIPE', 'geometry')).toEqual(['diameter', 'length', 'roughness', 'elevation_change']);
    expect(keys('CIRCULAR_PIPE', 'settings')).toEqual(['model', 'flow_model', 'n_segments']);
    expect(keys('CIRCULAR_PIPE', 'process')).toEqual(expect.arrayContaining(['fluid', 'flow_input', 'flow_rate', 'inlet_temperature', 'wall']));
  });

  it('gives the network file its geometry step and times their settings step', () => {
    const form = formOf('PIPE_NETWORK');
    expect(stepsOf(form)).toEqual(['geometry', 'process', 'settings']);
    expect(stepDescription(form, 'geometry').nodes).toEqual([]);
    expect(stepDescription(form, 'geometry').custom.map((c) => c.path)).toEqual(['inp']);
    expect(keys('PIPE_NETWORK', 'settings')).toEqual(expect.arrayContaining(['duration', 'hydraulic_step', 'convergence']));
    expect(stepOfPath(form, 'heat.supply_temperature')).toBe('process');
    expect(stepOfPath(form, 'inp')).toBe('geometry');
  });

  it('places every field of every available type in exactly one step', () => {
    for (const entry of simulationCatalogue.filter((e) => e.parameters)) {
      const form = describeForm(entry.parameters!);
      const placed = (['geometry', 'process', 'settings'] as const).flatMap((s) => stepDescription(form, s).fields.map((f) => f.path));
      expect(placed.sort(), entry.type).toEqual(form.fields.map((f) => f.path).sort());
    }
  });
});
