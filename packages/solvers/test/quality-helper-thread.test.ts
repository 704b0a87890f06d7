// Water quality on a helper thread beside the hydraulics, each interval planned on the hydraulics'
// thread as soon as its end is known (or when the next step comes): the tables must be the one-thread
// tables bit for bit (the same router on the same plans), through the pipeline and through
// a whole PIPE_NETWORK run given two threads; a failing helper task fails the run instead of hanging it.

import { describe, expect, it } from 'vitest';
import { generateNetwork } from './networks.js';
import { nodeHelperThreads } from '../src/run/helper-threads.js';
import { solve } from '../src/run/solve.js';
import { writeInp } from '../src/physics/network/inp/write.js';
import type { NetworkModel } from '../src/physics/network/model.js';
import { compileNetwork } from '../src/physics/network/hydraulics/compile.js';
import { simulateNetwork } from '../src/physics/network/simulate.js';
import { startQualityPipeline } from '../src/physics/network/quality/pipeline.js';
import { simulateQuality } from '../src/physics/network/quality/simulate.js';

const helpers = nodeHelperThreads(new URL('../src/helper-thread.ts', import.meta.url), ['--import', 'tsx'])!;

/** A looped grid with a pumped reservoir and a tank, 24 h, chlorine with bulk and wall decay and a booster source. */
function chlorineGrid(): NetworkModel {
  const model = generateNetwork({ seed: 3, rows: 12, cols: 12, headloss: 'H-W', flowUnits: 'LPS', hours: 24, devices: true });
  model.quality = {
    parameter: 'chemical',
    chemical: 'Chlorine',
    units: 'mg/L',
    globalBulk: -0.5,
    globalWall: -0.1,
    initial: Object.fromEntries(model.reservoirs.map((r) => [r.id, 1])),
    sources: { J6_6: { type: 'setpoint', strength: 0.8 } },
  };
  return model;
}

const sameBits = (a: Float64Array[], b: Float64Array[]) => a.length === b.length && a.every((row, i) => row.length === b[i]!.length && row.every((v, k) => Object.is(v, b[i]![k])));

describe('water quality on a helper thread', () => {
  it('gives the one-thread node and link tables bit for bit, step by step behind the hydraulics', async () => {
    const model = chlorineGrid();
    const net = compileNetwork(model);
    const pipeline = startQualityPipeline(model, net, helpers)!;
    expect(pipeline).toBeDefined();
    const sim = simulateNetwork(net, { onSnapshot: (step) => pipeline.push(step), onAdvance: (time, head) => pipeline.advance({ time, head }) });
    const threaded = await pipeline.finish();
    const reference = simulateQuality(sim, model)!;
    expect(threaded.node).toHaveLength(sim.steps.length);
    expect(sameBits(threaded.node, reference.node)).toBe(true);
    expect(sameBits(threaded.link, reference.link)).toBe(true);
    expect({ units: threaded.units, label: threaded.label, step: threaded.step }).toEqual({ units: reference.units, label: reference.label, step: reference.step });
    // The quality moved: the source and the decay are in the tables (not a table of initial values).
    const last = threaded.node[threaded.node.length - 1]!;
    expect(Math.max(...last)).toBeGreaterThan(0.5);
    expect(Math.min(...last)).toBeLessThan(0.5);
  }, 60_000);

  it('runs a PIPE_NETWORK case with two threads to the same results as with one, and says where the quality ran', async () => {
    const parameters = { inp: writeInp(chlorineGrid()).text };
    const one = await solve({ type: 'PIPE_NETWORK', parameters }, { threads: 1, helpers });
    const lines: string[] = [];
    const two = await solve({ type: 'PIPE_NETWORK', parameters }, { threads: 2, helpers, onLog: (line) => lines.push(line.message) });
    expect(lines.some((line) => line.includes('on a helper thread'))).toBe(true);
    expect(two.summary).toEqual(one.summary);
    expect(two.series).toEqual(one.series);
  }, 60_000);

  it('rejects, naming the task, when the helper has no such task or its task throws, and a later task still runs', async () => {
    const unknown = helpers.start('no-such-task', {})!;
    await expect(unknown.next()).rejects.toThrow(/helper task 'no-such-task' failed: no helper task 'no-such-task'/);
    unknown.close(true);

    const model = chlorineGrid();
    const net = compileNetwork(model);
    const pipeline = startQualityPipeline(model, net, helpers)!;
    // Steps whose tables do not fit the network make the router throw in the helper.
    const empty = { flow: new Float64Array(0), status: new Uint8Array(0), demand: new Float64Array(0), head: new Float64Array(0) };
    pipeline.push({ time: 0, ...empty });
    pipeline.push({ time: 3600, ...empty });
    await expect(pipeline.finish()).rejects.toThrow(/helper task 'network-quality' failed/);

    const again = startQualityPipeline(model, net, helpers)!;
    const sim = simulateNetwork(net, { onSnapshot: (step) => again.push(step) });
    expect(sameBits((await again.finish()).node, simulateQuality(sim, model)!.node)).toBe(true);
  }, 60_000);

  it('does not hand out a kept helper thread that ended while idle', async () => {
    const threads = nodeHelperThreads(new URL('./helper-entry-with-exit.ts', import.meta.url), ['--import', 'tsx'])!;
    const first = threads.start('answer-then-exit', {})!;
    first.post('go');
    expect(await first.next()).toBe('answered');
    first.close();
    // The kept thread exits 20 ms after answering; a task started after that gets a new thread.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const model = chlorineGrid();
    const net = compileNetwork(model);
    const pipeline = startQualityPipeline(model, net, threads)!;
    const sim = simulateNetwork(net, { onSnapshot: (step) => pipeline.push(step) });
    expect(sameBits((await pipeline.finish()).node, simulateQuality(sim, model)!.node)).toBe(true);
  }, 60_000);
});
