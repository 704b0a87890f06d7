import { describe, expect, it } from 'vitest';
import { parameterDefaults } from '../../src/index.js';
import { constantLiquid, fakeClock, runPipe } from '../helpers.js';

describe('determinism', () => {
  it.each([
    ['water, default case', parameterDefaults('CIRCULAR_PIPE') as Record<string, unknown>],
    [
      'air, heat flux, rising pipe',
      { fluid: 'air', diameter: 0.03, length: 20, roughness: 1e-5, flow_rate: 0.02, inlet_temperature: 290, inlet_pressure: 3e5, elevation_change: 5, wall: { condition: 'heat_flux', heat_flux: 800 } },
    ],
    [
      'user fluid, transitional',
      { fluid: { ...constantLiquid, viscosity: [[280, 2e-3], [400, 1e-3]] }, diameter: 0.01, length: 3, flow_rate: 4e-5, inlet_temperature: 300, inlet_pressure: 2e5, wall: { condition: 'temperature', temperature: 360 } },
    ],
  ])('%s: the same input gives the identical output, log included', async (_name, parameters) => {
    const first = await runPipe(parameters, { now: fakeClock(1) });
    const second = await runPipe(structuredClone(parameters), { now: fakeClock(1) });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    // Without an injected clock only the log times (and the reported run time) may differ.
    const third = await runPipe(parameters);
    const timeless = (r: typeof first): string =>
      JSON.stringify({ ...r, log: r.log.map((l) => l.message).filter((m) => !m.startsWith('completed in')) });
    expect(timeless(third)).toBe(timeless(first));
  });
});
