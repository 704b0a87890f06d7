// EPANET input files: what is read and converted to SI, what is reported as not used (with line
// numbers), how bad lines are reported, and that writing and reading again keeps the model.

import { describe, expect, it } from 'vitest';
import { InpParseError, NotInpFileError } from '../errors.js';
import { generateNetwork, NET1_INP } from '../../../../test/networks.js';
import { CFS, FT } from '../units.js';
import { parseInp } from './parse.js';
import { writeInp } from './write.js';

const GPM = 448.831 / CFS; // gpm per m³/s, EPANET's factor
const LPS = 28.317 / CFS;
const RHO_G = 9806.65;

function lineOf(text: string, fragment: string, from = 0): number {
  const lines = text.split('\n');
  const index = lines.findIndex((line, i) => i >= from && line.includes(fragment));
  expect(index, fragment).toBeGreaterThanOrEqual(0);
  return index + 1;
}

function expectParseError(text: string, line: number, field: string): InpParseError {
  try {
    parseInp(text);
  } catch (error) {
    expect(error).toBeInstanceOf(InpParseError);
    const parseError = error as InpParseError;
    expect(parseError.line).toBe(line);
    expect(parseError.field).toBe(field);
    expect(parseError.message).toContain(field);
    return parseError;
  }
  throw new Error('expected a parse error');
}

describe('reading EPANET Net1', () => {
  const { network, warnings } = parseInp(NET1_INP);

  it('reads every object and converts US units to SI with EPANET factors', () => {
    expect(network.junctions).toHaveLength(9);
    expect(network.reservoirs.map((r) => r.id)).toEqual(['9']);
    expect(network.tanks.map((t) => t.id)).toEqual(['2']);
    expect(network.pipes).toHaveLength(12);
    expect(network.pumps).toEqual([expect.objectContaining({ id: '9', from: '9', to: '10', headCurve: '1', speed: 1, status: 'open' })]);
    expect(network.units).toEqual({ flow: 'GPM', pressure: 'PSI' });
    const j11 = network.junctions.find((j) => j.id === '11')!;
    expect(j11.elevation).toBeCloseTo(710 * FT, 12);
    expect(j11.demands).toEqual([{ base: 150 / GPM }]);
    const pipe10 = network.pipes.find((p) => p.id === '10')!;
    expect(pipe10.length).toBeCloseTo(10530 * FT, 9);
    expect(pipe10.diameter).toBeCloseTo(18 * 0.0254, 12);
    expect(pipe10.roughness).toBe(100);
    const tank = network.tanks[0]!;
    expect(tank.elevation).toBeCloseTo(850 * FT, 12);
    expect(tank.initialLevel).toBeCloseTo(120 * FT, 12);
    expect(tank.minLevel).toBeCloseTo(100 * FT, 12);
    expect(tank.maxLevel).toBeCloseTo(150 * FT, 12);
    expect(tank.diameter).toBeCloseTo(50.5 * FT, 12);
    expect(network.curves).toHaveLength(1);
    expect(network.curves[0]!.kind).toBe('pump');
    expect(network.curves[0]!.points[0]![0]).toBeCloseTo(1500 / GPM, 12);
    expect(network.curves[0]!.points[0]![1]).toBeCloseTo(250 * FT, 12);
    expect(network.patterns[0]!.multipliers).toEqual([1, 1.2, 1.4, 1.6, 1.4, 1.2, 1, 0.8, 0.6, 0.4, 0.6, 0.8]);
    expect(normalize(network.controls)).toEqual(
      normalize([
        { link: '9', action: { status: 'open' }, condition: { kind: 'node', node: '2', comparison: 'below', value: 110 * FT }, enabled: true },
        { link: '9', action: { status: 'closed' }, condition: { kind: 'node', node: '2', comparison: 'above', value: 140 * FT }, enabled: true },
      ]),
    );
    expect(network.times).toEqual({ duration: 86400, hydraulicStep: 3600, patternStep: 7200, patternStart: 0, reportStep: 3600, reportStart: 0, startClockTime: 0, qualityStep: 300 });
    expect(network.options).toMatchObject({ headloss: 'H-W', trials: 40, accuracy: 0.001, unbalanced: { mode: 'continue', extraTrials: 10 }, defaultPattern: '1' });
    expect(network.junctions[0]!.position).toEqual({ x: 20, y: 70 });
  });

  it('lists what it does not use, with line numbers', () => {
    const at = (section: string) => warnings.filter((w) => w.section === section).map((w) => w.line);
    expect(at('REPORT')).toEqual([lineOf(NET1_INP, '[REPORT]')]);
    expect(at('LABELS')).toEqual([lineOf(NET1_INP, '[LABELS]')]);
    expect(at('BACKDROP')).toEqual([lineOf(NET1_INP, '[BACKDROP]')]);
    // Quality, reactions, energy, rules and their options are read, not reported.
    for (const section of ['QUALITY', 'REACTIONS', 'SOURCES', 'MIXING', 'ENERGY', 'RULES', 'OPTIONS', 'TIMES']) expect(at(section), section).toEqual([]);
  });

  it('reads chlorine with its reactions, initial qualities and step', () => {
    expect(network.quality).toMatchObject({ parameter: 'chemical', chemical: 'Chlorine', units: 'mg/L', bulkOrder: 1, wallOrder: 1, globalBulk: -0.5, tolerance: 0.01 });
    // −1 ft/day of wall reaction in metres per day; a diffusivity of 1.0 is chlorine's 1.3e-8 ft²/s.
    expect(network.quality!.globalWall).toBeCloseTo(-0.3048, 12);
    expect(network.quality!.diffusivity).toBeCloseTo(1.3e-8 * 0.3048 ** 2, 20);
    expect(network.quality!.initial).toMatchObject({ '10': 0.5, '9': 1, '2': 1 });
  });
});

describe('reading SI files', () => {
  const text = `[TITLE]
SI network
[JUNCTIONS]
 A  10  2.5  day
 B  12
 C  11  1
[RESERVOIRS]
 R  60  heads
[TANKS]
 T  40  3  1  6  12  0  vol
[PIPES]
 P1  R  A  1000  300  0.5  2  OPEN
 P2  A  B  500  200  0.1
 P3  B  C  400  150  0.1  CV
 P4  C  T  300  250  0.1  0  CLOSED
[PUMPS]
 PU  A  C  POWER 15  SPEED 0.9
[VALVES]
 V1  B  C  150  PRV  30  0.2
 V2  A  B  100  FCV  4
 V3  A  C  100  TCV  12
[DEMANDS]
 B  3  day  ;domestic
 B  1.5  ;industry
 A  4
[EMITTERS]
 C  0.5
[STATUS]
 V3  OPEN
 PU  CLOSED
[PATTERNS]
 day  1 2
 heads  1 0.9
[CURVES]
 vol  0  0
 vol  6  800
[CONTROLS]
 LINK V1 25 AT TIME 2:30
 LINK P4 OPEN IF NODE T BELOW 2
 LINK V2 CLOSED IF NODE C ABOVE 50
 LINK PU OPEN AT CLOCKTIME 6 PM DISABLED
[TIMES]
 Duration 2 days
 Hydraulic Timestep 0:15
 Pattern Timestep 6
 Start ClockTime 3:30 PM
[OPTIONS]
 Units LPS
 Headloss D-W
 Viscosity 1.2
 Specific Gravity 1.1
 Pattern day
[END]
`;
  const { network, warnings } = parseInp(text);
  // PRESSURE METERS are metres of the fluid itself (EPANET 2.3): pascals use ρ = 1000·SG.
  const rhoG = RHO_G * 1.1;

  it('converts SI units, D-W roughness in mm, settings, curves and controls', () => {
    expect(warnings).toEqual([]);
    expect(network.units).toEqual({ flow: 'LPS', pressure: 'METERS' });
    expect(network.options).toMatchObject({ headloss: 'D-W', specificGravity: 1.1, defaultPattern: 'day' });
    expect(network.options.viscosity).toBeCloseTo(1.2 * 1.1e-5 * FT * FT, 15);
    expect(network.pipes[0]).toMatchObject({ length: 1000, diameter: 0.3, roughness: 0.5e-3, minorLoss: 2, status: 'open' });
    expect(network.pipes[2]!.status).toBe('cv');
    expect(network.pipes[3]!.status).toBe('closed');
    expect(network.pumps[0]).toMatchObject({ power: 15000, speed: 0.9, status: 'closed' });
    const v1 = network.valves[0]!;
    expect(v1).toMatchObject({ type: 'PRV', diameter: 0.15, minorLoss: 0.2, status: 'active' });
    expect(v1.setting / rhoG).toBeCloseTo(30, 12);
    expect(network.valves[1]!.setting).toBeCloseTo(4 / LPS, 15);
    expect(network.valves[2]).toMatchObject({ type: 'TCV', setting: 12, status: 'open' });
    expect(network.tanks[0]).toMatchObject({ volumeCurve: 'vol' });
    expect(network.curves).toEqual([{ id: 'vol', kind: 'volume', points: [[0, 0], [6, 800]] }]);
    expect(network.reservoirs[0]).toEqual({ id: 'R', head: 60, pattern: 'heads' });
    const junctionC = network.junctions.find((j) => j.id === 'C')!;
    // 0.5 L/s at a pressure of 1 m.
    expect(junctionC.emitterCoefficient! * Math.sqrt(rhoG)).toBeCloseTo(0.5 / LPS, 12);
    expect(network.times).toMatchObject({ duration: 172800, hydraulicStep: 900, patternStep: 21600, startClockTime: 15.5 * 3600 });
    expect(network.controls[0]).toMatchObject({ link: 'V1', condition: { kind: 'time', time: 9000 } });
    expect(network.controls[0]!.action.setting! / rhoG).toBeCloseTo(25, 12);
    expect(network.controls[1]).toMatchObject({ link: 'P4', action: { status: 'open' }, condition: { kind: 'node', node: 'T', comparison: 'below', value: 2 } });
    expect(network.controls[2]!.condition).toMatchObject({ kind: 'node', node: 'C', comparison: 'above' });
    expect((network.controls[2]!.condition as { value: number }).value / rhoG).toBeCloseTo(50, 12);
    expect(network.controls[3]).toMatchObject({ condition: { kind: 'clocktime', time: 18 * 3600 }, enabled: false });
  });

  it('lets [DEMANDS] replace the junction demand and add categories', () => {
    const b = network.junctions.find((j) => j.id === 'B')!;
    expect(b.demands).toEqual([
      { base: 3 / LPS, pattern: 'day', category: 'domestic' },
      { base: 1.5 / LPS, category: 'industry' },
    ]);
    expect(network.junctions.find((j) => j.id === 'A')!.demands).toEqual([{ base: 4 / LPS }]);
  });

  it('writes a file that reads back to the same model', () => {
    const written = writeInp(network);
    expect(written.warnings).toEqual([]);
    for (const section of ['TITLE', 'JUNCTIONS', 'RESERVOIRS', 'TANKS', 'PIPES', 'PUMPS', 'VALVES', 'DEMANDS', 'EMITTERS', 'STATUS', 'PATTERNS', 'CURVES', 'CONTROLS', 'TIMES', 'OPTIONS', 'COORDINATES', 'VERTICES', 'END']) {
      expect(written.text).toContain(`[${section}]`);
    }
    const again = parseInp(written.text);
    expect(again.warnings).toEqual([]);
    const expected = normalize(network);
    // The file states the default UNBALANCED STOP explicitly.
    expect(normalize(again.network)).toEqual({ ...expected, options: { ...expected.options, unbalanced: { mode: 'stop' } } });
  });
});

/** Rounds numbers to 12 significant digits (files carry 15) for comparisons. */
function normalize<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v))) as T;
}

describe('writing generated networks', () => {
  it('keeps every object through write and read, in GPM, LPS and CMH files', () => {
    for (const flowUnits of ['GPM', 'LPS', 'CMH'] as const) {
      const model = generateNetwork({ seed: 5, rows: 4, cols: 4, headloss: 'D-W', flowUnits, hours: 24, devices: true });
      model.pipes[0]!.vertices = [{ x: 1, y: 2 }];
      const again = parseInp(writeInp(model).text).network;
      const expected = normalize(model);
      // The title line and the defaults the file makes explicit are the only additions.
      expect(normalize(again)).toEqual({ ...expected, options: { ...expected.options, unbalanced: { mode: 'stop' } } });
    }
  });

  it('adds a constant default pattern when the model has none but a pattern is named "1"', () => {
    const model = generateNetwork({ seed: 1, rows: 2, cols: 2, headloss: 'H-W', flowUnits: 'LPS', hours: 0, devices: false });
    delete model.options.defaultPattern;
    const again = parseInp(writeInp(model).text).network;
    expect(again.options.defaultPattern).toBe('CONSTANT');
    expect(again.patterns.find((p) => p.id === 'CONSTANT')!.multipliers).toEqual([1]);
  });
});

describe('curve kinds', () => {
  it('keeps the kind and units of curves nothing uses through write and read', () => {
    for (const flowUnits of ['GPM', 'LPS'] as const) {
      const model = generateNetwork({ seed: 3, rows: 2, cols: 2, headloss: 'H-W', flowUnits, hours: 0, devices: false });
      model.curves.push(
        { id: 'HEAD', kind: 'pump', points: [[0.01, 40], [0.02, 30], [0.03, 15]] },
        { id: 'VOL', kind: 'volume', points: [[0, 0], [4, 120]] },
        { id: 'LOSS', kind: 'headloss', points: [[0, 0], [0.05, 3]] },
        { id: 'EFF', kind: 'efficiency', points: [[0.02, 75]] },
        { id: 'PLAIN', kind: 'generic', points: [[1, 2]] },
      );
      const written = writeInp(model).text;
      expect(written).toContain(';PUMP:');
      expect(written).toContain(';VOLUME:');
      const { network, warnings } = parseInp(written);
      expect(warnings).toEqual([]);
      expect(normalize(network.curves)).toEqual(normalize(model.curves));
    }
  });

  it('reads the kind EPANET 2.3 writes as a fourth token, and lets a use decide over a stated kind', () => {
    const text = '[OPTIONS]\n Units LPS\n[CURVES]\n V1 0 0 VOLUME\n V1 2 50\n;PUMP: but used by a tank\n T1 0 0\n T1 3 30\n[JUNCTIONS]\n J 0\n[TANKS]\n T 10 1 0 3 5 0 T1\n';
    const { network, warnings } = parseInp(text);
    expect(network.curves.map((c) => [c.id, c.kind])).toEqual([
      ['V1', 'volume'],
      ['T1', 'volume'],
    ]);
    // SI file: levels in m, volumes in m³.
    expect(network.curves[0]!.points).toEqual([
      [0, 0],
      [2, 50],
    ]);
    expect(warnings).toEqual([{ line: 7, section: 'CURVES', message: "curve 'T1' is marked pump but used as volume; its use decides its units" }]);
  });
});

describe('line ends and comments', () => {
  it('reads LF, CRLF and CR files alike, with comments cut at the first semicolon', () => {
    const lines = ['[OPTIONS]', ' Units LPS', '[JUNCTIONS]', ' A 10 ; first', ' B 12 2;no space', ' ; only a comment', '[RESERVOIRS]', ' R 50', '[PIPES]', ' P1 R A 100 300 130', ' P2 A B abc 300 130 ;bad length'];
    for (const end of ['\n', '\r\n', '\r']) {
      const text = lines.slice(0, 10).join(end) + end;
      const { network } = parseInp(`${text}[DEMANDS]${end} B 3 ;kitchen${end}`);
      expect(network.junctions.map((j) => [j.id, j.elevation])).toEqual([
        ['A', 10],
        ['B', 12],
      ]);
      expect(network.junctions[1]!.demands).toEqual([{ base: 3 / LPS, category: 'kitchen' }]);
      expect(network.pipes.map((p) => [p.id, p.from, p.to])).toEqual([['P1', 'R', 'A']]);
      // The line number of a bad value counts every kind of line end.
      expectParseError(lines.join(end) + end, 11, 'length');
    }
  });
});

describe('tokens', () => {
  it('splits on spaces and tabs alike, and reads a quoted id with a blank as one token', () => {
    const plain = '[OPTIONS]\n Units\tLPS \n[JUNCTIONS]\n\tJA \t 10\t\n JB   12 \n[RESERVOIRS]\n R 50\n[PIPES]\n P1\tR JA  100 300 130 \n P2 JA JB 100 300 130\n';
    const quoted = plain.replace(/JB/g, '"J B"');
    for (const [text, b] of [
      [plain, 'JB'],
      [quoted, 'J B'],
    ] as const) {
      const { network } = parseInp(text);
      expect(network.junctions.map((j) => [j.id, j.elevation])).toEqual([
        ['JA', 10],
        [b, 12],
      ]);
      expect(network.pipes.map((p) => [p.id, p.from, p.to, p.length])).toEqual([
        ['P1', 'R', 'JA', 100],
        ['P2', 'JA', b, 100],
      ]);
    }
  });
});

describe('errors name the line and the field', () => {
  it('reports a value that is not a number', () => {
    const text = '[JUNCTIONS]\n A 10\n B 12\n[PIPES]\n P1 A B abc 100 100\n';
    expectParseError(text, 5, 'length');
  });

  it('reports unknown nodes, patterns and curves, duplicate ids and unknown valve types', () => {
    expectParseError('[JUNCTIONS]\n A 10\n[PIPES]\n P1 A Z 100 100 100\n', 4, 'node2');
    expectParseError('[JUNCTIONS]\n A 10 1 nopattern\n', 2, 'pattern');
    expectParseError('[JUNCTIONS]\n A 10\n A 11\n', 3, 'id');
    expectParseError('[JUNCTIONS]\n A 10\n B 10\n[PUMPS]\n P A B HEAD none\n', 5, 'HEAD');
    const xyz = expectParseError('[JUNCTIONS]\n A 10\n B 10\n[VALVES]\n V A B 100 XYZ 50\n', 5, 'type');
    expect(xyz.message).toContain("'XYZ' is not a valve type (PRV, PSV, PBV, FCV, TCV, GPV, PCV)");
    expectParseError('[JUNCTIONS]\n A 10\n B 10\n[VALVES]\n V A B 100 PCV 50 0 nocurve\n', 5, 'valve curve');
    expectParseError('[JUNCTIONS]\n A 10\n[TANKS]\n T 10 1 0 3 5 0 * MAYBE\n', 4, 'overflow');
    expectParseError('[OPTIONS]\n Backflow Allowed PERHAPS\n', 2, 'BACKFLOW ALLOWED');
    expectParseError('[TANKS]\n T 10 1 2 3 -5\n', 2, 'diameter');
    expectParseError('[OPTIONS]\n Units XYZ\n', 2, 'UNITS');
    expectParseError('[TIMES]\n Duration soon\n', 2, 'Duration');
  });

  it('reads [LEAKAGE] per 100 m (a US file scaled once by the length unit, as EPANET 2.3), and reports its faulty lines', () => {
    const base = '[JUNCTIONS]\n A 10\n B 12\n[PIPES]\n P1 A B 100 100 100\n[PUMPS]\n PU A B POWER 5\n[LEAKAGE]\n';
    const si = parseInp(`${base} P1 2 0.5\n[OPTIONS]\n Units LPS\n`).network.pipes[0]!;
    expect(si).toMatchObject({ leakArea: 2, leakExpansion: 0.5 });
    const us = parseInp(`${base} P1 2 0.5\n[OPTIONS]\n Units GPM\n`).network.pipes[0]!;
    expect(us.leakArea).toBeCloseTo(2 / 0.3048, 12);
    expect(us.leakExpansion).toBeCloseTo(0.5 / 0.3048, 12);
    expectParseError(`${base} P9 2 0.5\n`, 9, 'pipe');
    expectParseError(`${base} P1 -2 0.5\n`, 9, 'leak area');
    expectParseError(`${base} P1 2\n`, 9, 'pipe, leak area, leak expansion');
    const { warnings } = parseInp(`${base} PU 2 0.5\n`);
    expect(warnings).toContainEqual(expect.objectContaining({ line: 9, section: 'LEAKAGE', message: expect.stringContaining("'PU' is not a pipe") }));
  });

  it('reports a line outside any section and an unknown section as warnings', () => {
    const { warnings } = parseInp('stray line\n[FOO]\n x 1\n[JUNCTIONS]\n A 1\n');
    expect(warnings).toEqual([
      { line: 1, section: 'none', message: 'line outside any section is ignored' },
      { line: 2, section: 'FOO', message: 'unknown section; its lines are ignored (1 line(s))' },
    ]);
  });
});

describe('text that is no EPANET input file', () => {
  const reasonOf = (text: string): string => {
    try {
      parseInp(text);
    } catch (error) {
      expect(error).toBeInstanceOf(NotInpFileError);
      expect((error as NotInpFileError).issues).toEqual([{ path: 'inp', message: `not an EPANET input file (${(error as NotInpFileError).reason})` }]);
      return (error as NotInpFileError).reason;
    }
    throw new Error('parsed');
  };

  it('refuses binary content: a NUL anywhere, or more than one control character in a hundred', () => {
    expect(reasonOf(`${NET1_INP}\u0000`)).toBe('binary content: it contains NUL characters');
    const controls = '[JUNCTIONS]\n' + ' A 10\u0001\u0002\n'.repeat(10);
    expect(reasonOf(controls)).toBe(`binary content: 20 control characters in its first ${controls.length}`);
    // Tabs, CR/LF, form feeds and a DOS end-of-file mark are text; so are a few bad bytes of a Latin-1 comment.
    expect(parseInp('[JUNCTIONS]\f\r\n\tA\t10 ; R\uFFFDseau\n[END]\n\u001a').network.junctions).toHaveLength(1);
  });

  it('refuses text without one section header EPANET knows (a JSON or CSV file)', () => {
    const reason = 'no section header EPANET knows, such as [JUNCTIONS], [RESERVOIRS] or [PIPES]';
    expect(reasonOf('{"junctions": []}')).toBe(reason);
    expect(reasonOf('[1, 2, 3]\n')).toBe(reason);
    expect(reasonOf('time_h,power_kW\n0,600\n')).toBe(reason);
    // One known section is enough (the rest are warnings), an abbreviated header too.
    expect(parseInp('[FOO]\n x\n[TITLE]\nJust a title\n').network.title).toEqual(['Just a title']);
    expect(parseInp('[JUNCT]\n A 10\n').network.junctions).toHaveLength(1);
  });
});
