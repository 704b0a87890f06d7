// The shared run driver: types, progress, log, residuals, yielding and the result shape.

import { describe, expect, it } from 'vitest';
import { estimate, parameterDefaults, solve, solverTypes, UnknownTypeError, InvalidParametersError, type Progress } from '../../src/index.js';
import { RunContext } from '../../src/run/context.js';
import { DUCT_SUMMARY_KEYS, fakeClock, runPipe } from '../helpers.js';

const pipeCase = parameterDefaults('CIRCULAR_PIPE') as Record<string, unknown>;

describe('solve', () => {
  it('lists CIRCULAR_PIPE and answers an unknown type with UnknownTypeError', async () => {
    expect(solverTypes()).toContain('CIRCULAR_PIPE');
    await expect(solve({ type: 'WARP_DRIVE', parameters: {} })).rejects.toBeInstanceOf(UnknownTypeError);
    await expect(solve({ type: 'WARP_DRIVE', parameters: {} })).rejects.toMatchObject({ code: 'UNKNOWN_TYPE', type: 'WARP_DRIVE' });
    expect(() => estimate('WARP_DRIVE', {})).toThrow(UnknownTypeError);
  });

  it('refuses a malformed case with field paths', async () => {
    await expect(solve(null as never)).rejects.toBeInstanceOf(InvalidParametersError);
    await expect(solve({ parameters: {} } as never)).rejects.toMatchObject({ issues: [{ path: 'type' }] });
    await expect(solve({ type: 'CIRCULAR_PIPE', parameters: 3 } as never)).rejects.toMatchObject({ issues: [{ path: 'parameters' }] });
  });

  it('returns summary, series, fields, log and solver_version; the default case is valid', async () => {
    const result = await runPipe(pipeCase);
    for (const key of DUCT_SUMMARY_KEYS) {
      expect(result.summary[key], key).toMatchObject({ unit: expect.any(String), label: expect.any(String) });
    }
    expect(result.summary['flow_regime']).toMatchObject({ value: 'turbulent', unit: '' });
    expect(result.summary['pressure_drop']!.unit).toBe('Pa');
    expect(result.summary['mean_velocity']!.unit).toBe('m/s');
    expect(result.summary['entrance_length']!.unit).toBe('m');
    expect(result.summary['outlet_temperature']!.unit).toBe('K');
    expect(result.summary['heat_transfer_rate']!.unit).toBe('W');
    for (const name of ['pressure', 'temperature', 'heat_transfer_coefficient', 'nusselt_number']) {
      const series = result.series[name]!;
      expect(series.x).toMatchObject({ name: 'position', unit: 'm' });
      expect(series.x.values).toHaveLength(201);
      series.y.forEach((y) => expect(y.values).toHaveLength(201));
    }
    expect(result.fields).toEqual({});
    expect(result.solver_version).toBe('@simforge/solvers 0.1.0, duct-1d 1.0.0');
    expect(result.log.some((line) => line.message.startsWith('phase: march'))).toBe(true);
    expect(() => JSON.parse(JSON.stringify(result))).not.toThrow();
  });

  it('reports progress from 0 to 1, never decreasing, with phases and ETA; throttled by the clock', async () => {
    const seen: Progress[] = [];
    await runPipe(pipeCase, { onProgress: (p) => seen.push(p), now: fakeClock(1), progressIntervalMs: 0 });
    expect(seen.length).toBeGreaterThan(200);
    expect(seen[seen.length - 1]!.fraction).toBe(1);
    seen.slice(1).forEach((p, i) => expect(p.fraction).toBeGreaterThanOrEqual(seen[i]!.fraction));
    expect(new Set(seen.map((p) => p.phase))).toEqual(new Set(['inlet state', 'march', 'results']));
    expect(seen.some((p) => p.etaSeconds !== undefined && p.etaSeconds > 0)).toBe(true);

    const throttled: Progress[] = [];
    await runPipe(pipeCase, { onProgress: (p) => throttled.push(p), now: fakeClock(1), progressIntervalMs: 50 });
    expect(throttled.length).toBeLessThan(seen.length / 5);
    expect(throttled[throttled.length - 1]!.fraction).toBe(1);
  });

  it('streams log lines and Colebrook residuals', async () => {
    const lines: string[] = [];
    const residuals: number[] = [];
    const result = await runPipe(pipeCase, { onLog: (l) => lines.push(l.message), onResiduals: (r) => residuals.push(r.values['colebrook']!) });
    expect(lines).toEqual(result.log.map((l) => l.message));
    expect(residuals.length).toBeGreaterThan(0);
    expect(residuals[residuals.length - 1]).toBeLessThanOrEqual(1e-12);
  });

  it('asks the host whether a helper may keep its core, and logs each change of answer once', () => {
    const answers = [true, false, false, true, true, false];
    const ctx = new RunContext({ helperGranted: () => answers.shift()! });
    expect([0, 1, 2, 3, 4, 5].map(() => ctx.helperGranted())).toEqual([true, false, false, true, true, false]);
    expect(ctx.lines.map((l) => l.message)).toEqual([
      'helper thread: handed back, another run needs its core (one thread from here on; the results are the same)',
      'helper thread: its core is free again, two threads from here on',
      'helper thread: handed back, another run needs its core (one thread from here on; the results are the same)',
    ]);
    expect(new RunContext().helperGranted()).toBe(true);
  });

  it('yields to the host through the injected hook only', async () => {
    let yields = 0;
    await runPipe(pipeCase, {
      now: fakeClock(10),
      yieldIntervalMs: 50,
      yieldToEventLoop: async () => {
        yields++;
      },
    });
    expect(yields).toBeGreaterThan(10);
  });

  it('estimates in well under 50 ms with validity information', () => {
    const started = Date.now();
    const answer = estimate('CIRCULAR_PIPE', pipeCase);
    expect(Date.now() - started).toBeLessThan(50);
    expect(answer.model).toMatch(/Colebrook-White \+ Gnielinski/);
    expect(answer.results['outlet_temperature']!.unit).toBe('K');
    expect(answer.inside_validity).toBe(true);
    expect(answer.validity.map((v) => v.quantity)).toContain('prandtl_number');
    expect(answer.expected_runtime_seconds).toBeGreaterThan(0);
  });

  it('the estimate agrees with the full solution within a few per cent on the default case', async () => {
    const result = await runPipe(pipeCase);
    const answer = estimate('CIRCULAR_PIPE', pipeCase);
    for (const key of ['pressure_drop', 'outlet_temperature', 'heat_transfer_rate']) {
      const full = result.summary[key]!.value as number;
      const fast = answer.results[key]!.value as number;
      expect(Math.abs(fast / full - 1), key).toBeLessThan(0.03);
    }
  });

  it('flags a laminar short pipe as outside the fully developed range', () => {
    const answer = estimate('CIRCULAR_PIPE', { ...pipeCase, flow_rate: 2e-5 });
    expect(answer.results['flow_regime']!.value).toBe('laminar');
    expect(answer.inside_validity).toBe(false);
    expect(answer.validity.find((v) => v.quantity === 'thermal_entrance_length_ratio')!.inside).toBe(false);
  });
});
