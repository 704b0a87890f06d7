// A generated EPANET `.inp` text of a large looped network, written directly as text (fast: about a
// second for 100 000 junctions) in the layout the solvers' writer uses (tab-separated, numbers to 15
// significant digits, coordinates for every node): a rows × cols grid of junctions, every row's
// pipes plus the first column's and about half of the others' (so every junction is connected, with
// loops), two pumped reservoirs and two tanks at the corners, a daily demand pattern, controls that
// switch the pumps on the tanks' levels, and a 24 h extended period.

import { seededRandom } from '@simforge/solvers';

export interface LargeNetwork {
  inp: string;
  junctions: number;
  links: number;
}

export function largeNetworkInp(options: { rows: number; cols: number; seed?: number }): LargeNetwork {
  const { rows, cols } = options;
  const random = seededRandom(options.seed ?? 1);
  const n = (value: number) => Number(value.toPrecision(15)).toString();
  const id = (r: number, c: number) => `J${r}_${c}`;
  const junctions: string[] = [];
  const coordinates: string[] = [];
  const pipes: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      junctions.push(` ${id(r, c)}\t${n(12 + 10 * random())}\t${n(0.004 + 0.012 * random())}\t`);
      coordinates.push(` ${id(r, c)}\t${100 * c}\t${-100 * r}`);
    }
  }
  // Trunk mains every 20 rows and columns, distribution pipes elsewhere.
  const diameter = (trunk: boolean) => (trunk ? 400 : [100, 150, 200][Math.floor(3 * random())]!);
  const pipe = (from: string, to: string, trunk: boolean) =>
    pipes.push(` P${pipes.length + 1}\t${from}\t${to}\t${n(100 + 300 * random())}\t${diameter(trunk)}\t${n(100 + 40 * random())}\t0\tOPEN`);
  for (let r = 0; r < rows; r++) for (let c = 0; c + 1 < cols; c++) pipe(id(r, c), id(r, c + 1), r % 20 === 0);
  for (let r = 0; r + 1 < rows; r++) for (let c = 0; c < cols; c++) if (c % 20 === 0 || random() < 0.5) pipe(id(r, c), id(r + 1, c), c % 20 === 0);
  pipe('T1', id(0, cols - 1), true);
  pipe('T2', id(rows - 1, cols - 1), true);
  const pattern = Array.from({ length: 24 }, (_, h) => n(0.6 + 0.8 * Math.sin((Math.PI * h) / 24) ** 2));
  const text = [
    '[TITLE]',
    `Generated ${rows}x${cols} network: two pumped reservoirs, two tanks, 24 h`,
    '',
    '[JUNCTIONS]',
    ';ID\tElevation\tDemand\tPattern',
    ...junctions,
    '',
    '[RESERVOIRS]',
    ';ID\tHead\tPattern',
    ' R1\t20\t',
    ' R2\t20\t',
    '',
    '[TANKS]',
    ';ID\tElevation\tInitLevel\tMinLevel\tMaxLevel\tDiameter\tMinVol\tVolCurve',
    ' T1\t50\t4\t1\t9\t30\t0\t',
    ' T2\t50\t4\t1\t9\t30\t0\t',
    '',
    '[PIPES]',
    ';ID\tNode1\tNode2\tLength\tDiameter\tRoughness\tMinorLoss\tStatus',
    ...pipes,
    '',
    '[PUMPS]',
    ';ID\tNode1\tNode2\tParameters',
    ` PU1\tR1\t${id(0, 0)}\tHEAD\tPC1`,
    ` PU2\tR2\t${id(rows - 1, 0)}\tHEAD\tPC1`,
    '',
    '[PATTERNS]',
    ';ID\tMultipliers',
    ` 1\t${pattern.slice(0, 12).join('\t')}`,
    ` 1\t${pattern.slice(12).join('\t')}`,
    '',
    '[CURVES]',
    ';ID\tX-Value\tY-Value',
    ' PC1\t0\t60',
    ' PC1\t1000\t45',
    ' PC1\t2000\t15',
    '',
    '[CONTROLS]',
    ' LINK PU1 CLOSED IF NODE T1 ABOVE 8.5',
    ' LINK PU1 OPEN IF NODE T1 BELOW 2.5',
    ' LINK PU2 CLOSED IF NODE T2 ABOVE 8.5',
    ' LINK PU2 OPEN IF NODE T2 BELOW 2.5',
    '',
    '[TIMES]',
    ' Duration\t24:00:00',
    ' Hydraulic Timestep\t1:00:00',
    ' Pattern Timestep\t1:00:00',
    ' Report Timestep\t1:00:00',
    '',
    '[OPTIONS]',
    ' Units\tLPS',
    ' Headloss\tH-W',
    ' Trials\t100',
    ' Pattern\t1',
    '',
    '[COORDINATES]',
    ';Node\tX-Coord\tY-Coord',
    ...coordinates,
    ` R1\t-150\t0`,
    ` R2\t-150\t${-100 * (rows - 1)}`,
    ` T1\t${100 * cols}\t0`,
    ` T2\t${100 * cols}\t${-100 * (rows - 1)}`,
    '',
    '[END]',
    '',
  ].join('\n');
  return { inp: text, junctions: rows * cols, links: pipes.length + 2 };
}
