// PIPE_NETWORK through the registry: the default case, a Net1 run equal to the engine's own answer,
// the file's unused sections in the log with their line numbers, bad files answered on `inp` with
// the line, the options that override the file, heat transport, pipe leakage, the estimate, and the export.

import { describe, expect, it } from 'vitest';
import { estimate, InvalidParametersError, parameterDefaults, parseInp, solve, solverTypes, writeInp, type SolveResult } from '../../index.js';
import { parseInp as parseDirect } from './inp/parse.js';
import { MAX_INP_LENGTH } from './case.js';
import { EXAMPLE_NETWORK_INP } from './example.js';
import { networkResultSeries } from './results.js';
import { simulateNetwork } from './simulate.js';
import { NET1_INP } from '../../../test/networks.js';

const run = (parameters: Record<string, unknown>): Promise<SolveResult> => solve({ type: 'PIPE_NETWORK', parameters });

function lineOf(text: string, fragment: string): number {
  return text.split('\n').findIndex((line) => line.includes(fragment)) + 1;
}

async function invalid(parameters: Record<string, unknown>): Promise<InvalidParametersError> {
  const error = await run(parameters).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidParametersError);
  expect(() => estimate('PIPE_NETWORK', parameters)).toThrow(InvalidParametersError);
  return error as InvalidParametersError;
}

describe('PIPE_NETWORK solver module', () => {
  it('reads an .inp of exactly MAX_INP_LENGTH characters and refuses one more, naming the field by its label', async () => {
    // The example network with comment lines before its [END], to exactly the limit.
    const head = EXAMPLE_NETWORK_INP.slice(0, EXAMPLE_NETWORK_INP.lastIndexOf('[END]'));
    const room = MAX_INP_LENGTH - head.length - '[END]\n'.length;
    const last = room % 100;
    const padding = `;${'x'.repeat(98)}\n`.repeat(Math.floor(room / 100)) + (last >= 2 ? `;${'x'.repeat(last - 2)}\n` : '\n'.repeat(last));
    const atLimit = `${head}${padding}[END]\n`;
    expect(atLimit).toHaveLength(MAX_INP_LENGTH);
    expect(estimate('PIPE_NETWORK', { inp: atLimit }).results['junctions']!.value).toBe(6);
    const error = await invalid({ inp: `${atLimit}\n` });
    expect(error.issues).toEqual([{ path: 'inp', message: 'EPANET input file (.inp): at most 32,000,000 characters (this one has 32,000,001)' }]);
  }, 60_000);

  it('is registered and runs its default case: a day of the example network, the summary keys of simulations.md, series per node and link', async () => {
    expect(solverTypes()).toContain('PIPE_NETWORK');
    const result = await run(parameterDefaults('PIPE_NETWORK') as Record<string, unknown>);
    expect(result.solver_version).toBe('@simforge/solvers 0.1.0, network-gga 1.0.0');
    expect(Object.keys(result.summary)).toEqual(['min_pressure', 'max_velocity', 'total_demand', 'iterations', 'unbalanced']);
    expect(result.summary['min_pressure']).toMatchObject({ unit: 'Pa' });
    expect(result.summary['unbalanced']!.value).toBe(0);
    const node = result.series['node:J3']!;
    expect(node.x).toMatchObject({ name: 'time', unit: 's' });
    expect(node.x.values).toHaveLength(25);
    expect(node.x.values.at(-1)).toBe(86_400);
    expect(node.y.map((y) => [y.name, y.unit])).toEqual([
      ['head', 'm'],
      ['pressure', 'Pa'],
      ['demand', 'm³/s'],
    ]);
    expect(result.series['link:P9']!.y.map((y) => y.name)).toEqual(['flow', 'velocity', 'headloss', 'status']);
    expect(result.series['totals']!.y[0]!.name).toBe('total_demand');
    expect(Object.keys(result.series)).toHaveLength(1 + 8 + 9);
    // The tank fills at night and gives water at the morning peak.
    const tankFlow = result.series['link:P9']!.y[0]!.values;
    expect(Math.min(...tankFlow)).toBeLessThan(0);
    expect(Math.max(...tankFlow)).toBeGreaterThan(0);
  });

  it('Net1 through the registry: heads equal the engine’s direct answer; unused sections are logged with their line numbers', async () => {
    const result = await run({ inp: NET1_INP });
    const direct = networkResultSeries(simulateNetwork(parseDirect(NET1_INP).network));
    for (const [id, node] of Object.entries(direct.nodes)) {
      expect(result.series[`node:${id}`]!.y[0]!.values, id).toEqual(node.head);
    }
    for (const [id, link] of Object.entries(direct.links)) expect(result.series[`link:${id}`]!.y[0]!.values, id).toEqual(link.flow);
    expect(result.series['node:10']!.x.values).toEqual(direct.times);
    const warnings = result.log.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings.some((w) => w.startsWith(`inp line ${lineOf(NET1_INP, '[REPORT]')} [REPORT]: report-file options do not apply`))).toBe(true);
    expect(warnings.filter((w) => w.startsWith('inp line'))).toHaveLength(3);
    // Chlorine is routed: its range at the junctions is in the summary.
    expect(result.summary['max_quality']).toMatchObject({ unit: 'mg/L' });
    // [ENERGY] is read: the pump's energy report is in the summary.
    expect(result.summary['pump_energy:9:utilisation']!.value).toBeGreaterThan(0.5);
    expect(result.summary['pump_energy:9:average_efficiency']!.value).toBeCloseTo(0.75, 12);
  });

  it('answers a line it cannot read on `inp`, naming the line (solve and estimate alike)', async () => {
    const broken = EXAMPLE_NETWORK_INP.replace(' P3   J2      J3      350      150', ' P3   J2      J3      long     150');
    const error = await invalid({ inp: broken });
    expect(error.issues).toEqual([{ path: 'inp', message: `line ${lineOf(broken, ' P3 ')}: [PIPES] length: 'long' is not a number` }]);
    const unknownNode = await invalid({ inp: EXAMPLE_NETWORK_INP.replace(' P8   J5      J6', ' P8   J5      J7') });
    expect(unknownNode.issues[0]).toMatchObject({ path: 'inp', message: expect.stringMatching(/^line \d+: \[PIPES\] node2: unknown node 'J7'/) });
    expect((await invalid({ inp: '' })).issues).toEqual([{ path: 'inp', message: 'must be the text of an EPANET .inp file' }]);
  });

  it('answers a network that cannot be solved on `inp`, naming the elements', async () => {
    const island = `${EXAMPLE_NETWORK_INP.replace('[RESERVOIRS]', ' J7   10     1.0\n J8   10     1.0\n\n[RESERVOIRS]').replace('[PATTERNS]', ' P10  J7      J8      100      100        120         0           Open\n\n[PATTERNS]')}`;
    const error = await invalid({ inp: island });
    expect(error.issues).toEqual([{ path: 'inp', message: '2 junction(s) not connected to any reservoir or tank: J7, J8' }]);
    const valve = await invalid({ inp: EXAMPLE_NETWORK_INP.replace('[PATTERNS]', '[VALVES]\n V1   R1   J5   100   PRV   30   0\n\n[PATTERNS]') });
    expect(valve.issues).toEqual([{ path: 'inp', message: "valve 'V1': PRV 'V1' cannot connect directly to a reservoir or tank" }]);
  });

  it('lets the parameters override the file: steady state, an extended period, the head-loss formula, the convergence', async () => {
    const steady = await run({ inp: EXAMPLE_NETWORK_INP, period: 'steady' });
    expect(steady.series['node:J1']!.x.values).toEqual([0]);
    const extended = await run({ inp: EXAMPLE_NETWORK_INP, period: 'extended', duration: 7200, hydraulic_step: 1800, report_step: 3600 });
    expect(extended.series['node:J1']!.x.values).toEqual([0, 3600, 7200]);
    const dw = await run({ inp: EXAMPLE_NETWORK_INP.replace('Headloss   H-W', 'Headloss   D-W').replace(/ 120 {9}0/g, ' 0.1         0'), period: 'steady', friction_factor: 'colebrook' });
    expect(dw.log.some((l) => l.message.includes('Colebrook-White'))).toBe(true);
    const custom = await run({ inp: EXAMPLE_NETWORK_INP, period: 'steady', convergence: 'custom', accuracy: 1e-5, max_trials: 50 });
    expect(custom.log.some((l) => l.message.includes('accuracy 0.00001, at most 50 trials'))).toBe(true);
    expect(custom.summary['min_pressure']!.value).toBeCloseTo(steady.summary['min_pressure']!.value as number, -1);
    const error = await invalid({ inp: EXAMPLE_NETWORK_INP, period: 'extended', report_step: 0 });
    expect(error.issues[0]!.path).toBe('report_step');
  });

  it('carries heat along the pipes with loss to the ground: temperatures per node and the heat summary', async () => {
    const result = await run({ inp: EXAMPLE_NETWORK_INP, period: 'steady', heat: { transport: 'ground_loss', supply_temperature: 353.15, ground_temperature: 283.15, heat_transfer_coefficient: 1 } });
    expect(result.summary).toMatchObject({ heat_loss: { unit: 'W' }, heat_delivered: { unit: 'W' }, min_temperature: { unit: 'K' } });
    const temperature = result.series['node:J6']!.y.find((y) => y.name === 'temperature')!.values[0]!;
    expect(temperature).toBeLessThan(353.15);
    expect(temperature).toBeGreaterThan(340);
    expect(result.series['totals']!.y.map((y) => y.name)).toEqual(['total_demand', 'heat_loss', 'heat_delivered']);
  });

  it('estimates with one Newton solve: the steady balance at the start, equal to the steady run', async () => {
    const parameters = { inp: EXAMPLE_NETWORK_INP, period: 'steady' };
    const answer = estimate('PIPE_NETWORK', parameters);
    expect(answer.model).toMatch(/one Newton solve/);
    const steady = await run(parameters);
    expect(answer.results['min_pressure']!.value).toBe(steady.summary['min_pressure']!.value);
    expect(answer.results).toMatchObject({ junctions: { value: 6 }, links: { value: 9 }, inp_warnings: { value: 0 } });
    expect(answer.inside_validity).toBe(true);
    expect(answer.expected_runtime_seconds).toBeGreaterThan(0);
    expect(estimate('PIPE_NETWORK', { inp: NET1_INP }).results['inp_warnings']!.value).toBeGreaterThan(0);
  });

  it('reports pipe leakage: a log line with its share, the mean leakage in the summary, a totals axis; the demand holds it', async () => {
    const inp = EXAMPLE_NETWORK_INP.replace('[END]', '[LEAKAGE]\n P2 2 0.5\n P5 1 0\n\n[END]');
    const lines: string[] = [];
    const leaky = await solve({ type: 'PIPE_NETWORK', parameters: { inp } }, { onLog: (line) => lines.push(line.message) });
    const dry = await run({ inp: EXAMPLE_NETWORK_INP });
    expect(lines.some((line) => /^pipe leakage \(FAVAD, as EPANET 2\.3\) from 2 pipe\(s\): .* m³\/s on average, .* % of the junctions' outflow$/.test(line))).toBe(true);
    const leakage = leaky.summary['leakage_flow']!;
    expect(leakage.unit).toBe('m³/s');
    expect(leakage.value as number).toBeGreaterThan(0);
    expect(dry.summary['leakage_flow']).toBeUndefined();
    // The junctions deliver their demand and lose the leak on top: the total demand grows by the leakage.
    const axis = (result: SolveResult, name: string) => result.series['totals']!.y.find((y) => y.name === name)!.values;
    const total = axis(leaky, 'total_demand');
    const leak = axis(leaky, 'leakage');
    const dryTotal = axis(dry, 'total_demand');
    total.forEach((value, t) => expect(value - leak[t]!).toBeCloseTo(dryTotal[t]!, 9));
    // Where it leaks: a table per junction for the map, and an axis in each junction's series whose sum is the total.
    const field = leaky.fields['network_node_leakage']!;
    expect(field.unit).toBe('m³/s');
    const nodes = field.shape[1]!;
    const first = Array.from(field.values).slice(0, nodes).reduce((a, b) => a + b, 0);
    expect(first).toBeCloseTo(leak[0]!, 12);
    const junction = leaky.series['node:J1']!.y.find((y) => y.name === 'leakage')!;
    expect(Math.max(...junction.values)).toBeGreaterThan(0);
    expect(dry.fields['network_node_leakage']).toBeUndefined();
    // A leaking pipe between the reservoir and the tank reaches no junction: the run reports no leakage.
    const between = EXAMPLE_NETWORK_INP.replace(' P9   T1', ' P10  R1      T1      500      100        120         0           Open\n P9   T1').replace('[END]', '[LEAKAGE]\n P10 2 0.5\n\n[END]');
    expect(between).toContain('P10  R1');
    const none = await run({ inp: between });
    expect(none.summary['leakage_flow']).toBeUndefined();
  });

  it('exports the network back to .inp from the package index (parse, write, parse: the same network and answer)', () => {
    const { network } = parseInp(EXAMPLE_NETWORK_INP);
    const written = writeInp(network);
    expect(written.warnings).toEqual([]);
    const again = parseInp(written.text).network;
    for (const key of ['junctions', 'reservoirs', 'tanks', 'pipes', 'patterns', 'times'] as const) expect(again[key], key).toEqual(network[key]);
    expect(simulateNetwork(again).steps.map((s) => Array.from(s.head))).toEqual(simulateNetwork(network).steps.map((s) => Array.from(s.head)));
  });
});
