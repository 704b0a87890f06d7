// Networks for the tests: EPANET's example Net1 as an input file, and looped networks generated from a
// seed (a grid with a random spanning tree plus loops, pumps, a tank, valves of every type, check
// valves, emitters, patterns and controls). Test support only; not part of the engine's API.

import type { FlowUnits, PressureUnits } from '../src/physics/network/units.js';
import { emptyNetwork, type NetworkModel, type Pipe, type ValveType } from '../src/physics/network/model.js';
import { simulateNetwork } from '../src/physics/network/simulate.js';
import { seededRandom } from '../src/numerics/random.js';

/** EPANET's example network 1 (hydraulic part), as distributed with EPANET. */
export const NET1_INP = `[TITLE]
 EPANET Example Network 1
A simple example of modeling chlorine decay. Both bulk and
wall reactions are included.

[JUNCTIONS]
;ID              	Elev        	Demand      	Pattern
 10              	710         	0           	                	;
 11              	710         	150         	                	;
 12              	700         	150         	                	;
 13              	695         	100         	                	;
 21              	700         	150         	                	;
 22              	695         	200         	                	;
 23              	690         	150         	                	;
 31              	700         	100         	                	;
 32              	710         	100         	                	;

[RESERVOIRS]
;ID              	Head        	Pattern
 9               	800         	                	;

[TANKS]
;ID              	Elevation   	InitLevel   	MinLevel    	MaxLevel    	Diameter    	MinVol      	VolCurve
 2               	850         	120         	100         	150         	50.5        	0           	                	;

[PIPES]
;ID              	Node1           	Node2           	Length      	Diameter    	Roughness   	MinorLoss   	Status
 10              	10              	11              	10530       	18          	100         	0           	Open  	;
 11              	11              	12              	5280        	14          	100         	0           	Open  	;
 12              	12              	13              	5280        	10          	100         	0           	Open  	;
 21              	21              	22              	5280        	10          	100         	0           	Open  	;
 22              	22              	23              	5280        	12          	100         	0           	Open  	;
 31              	31              	32              	5280        	6           	100         	0           	Open  	;
 110             	2               	12              	200         	18          	100         	0           	Open  	;
 111             	11              	21              	5280        	10          	100         	0           	Open  	;
 112             	12              	22              	5280        	12          	100         	0           	Open  	;
 113             	13              	23              	5280        	8           	100         	0           	Open  	;
 121             	21              	31              	5280        	8           	100         	0           	Open  	;
 122             	22              	32              	5280        	6           	100         	0           	Open  	;

[PUMPS]
;ID              	Node1           	Node2           	Parameters
 9               	9               	10              	HEAD 1	;

[VALVES]
;ID              	Node1           	Node2           	Diameter    	Type	Setting     	MinorLoss

[TAGS]

[DEMANDS]
;Junction        	Demand      	Pattern         	Category

[STATUS]
;ID              	Status/Setting

[PATTERNS]
;ID              	Multipliers
;Demand Pattern
 1               	1.0         	1.2         	1.4         	1.6         	1.4         	1.2
 1               	1.0         	0.8         	0.6         	0.4         	0.6         	0.8

[CURVES]
;ID              	X-Value     	Y-Value
;PUMP: Pump Curve for Pump 9
 1               	1500        	250

[CONTROLS]
 LINK 9 OPEN IF NODE 2 BELOW 110
 LINK 9 CLOSED IF NODE 2 ABOVE 140

[RULES]

[ENERGY]
 Global Efficiency  	75
 Global Price       	0.0
 Demand Charge      	0.0

[EMITTERS]
;Junction        	Coefficient

[QUALITY]
;Node            	InitQual
 10              	0.5
 11              	0.5
 12              	0.5
 13              	0.5
 21              	0.5
 22              	0.5
 23              	0.5
 31              	0.5
 32              	0.5
 9               	1.0
 2               	1.0

[SOURCES]
;Node            	Type        	Quality     	Pattern

[REACTIONS]
;Type     	Pipe/Tank       	Coefficient


[REACTIONS]
 Order Bulk            	1
 Order Tank            	1
 Order Wall            	1
 Global Bulk           	-.5
 Global Wall           	-1
 Limiting Potential    	0.0
 Roughness Correlation 	0.0

[MIXING]
;Tank            	Model

[TIMES]
 Duration           	24:00
 Hydraulic Timestep 	1:00
 Quality Timestep   	0:05
 Pattern Timestep   	2:00
 Pattern Start      	0:00
 Report Timestep    	1:00
 Report Start       	0:00
 Start ClockTime    	12 am
 Statistic          	None

[REPORT]
 Status             	Yes
 Summary            	No
 Page               	0

[OPTIONS]
 Units              	GPM
 Headloss           	H-W
 Specific Gravity   	1.0
 Viscosity          	1.0
 Trials             	40
 Accuracy           	0.001
 CHECKFREQ          	2
 MAXCHECK           	10
 DAMPLIMIT          	0
 Unbalanced         	Continue 10
 Pattern            	1
 Demand Multiplier  	1.0
 Emitter Exponent   	0.5
 Quality            	Chlorine mg/L
 Diffusivity        	1.0
 Tolerance          	0.01

[COORDINATES]
;Node            	X-Coord         	Y-Coord
 10              	20.00           	70.00
 11              	30.00           	70.00
 12              	50.00           	70.00
 13              	70.00           	70.00
 21              	30.00           	40.00
 22              	50.00           	40.00
 23              	70.00           	40.00
 31              	30.00           	10.00
 32              	50.00           	10.00
 9               	10.00           	70.00
 2               	50.00           	90.00

[VERTICES]
;Link            	X-Coord         	Y-Coord

[LABELS]
;X-Coord           Y-Coord          Label & Anchor Node
 6.99             73.63            "Source"
 13.48            68.13            "Pump"
 43.85            91.21            "Tank"

[BACKDROP]
 DIMENSIONS     	7.00            	6.00            	73.00           	94.00
 UNITS          	None
 FILE
 OFFSET         	0.00            	0.00

[END]
`;

/**
 * A small SI network exercising what the generated ones do not: a tank with a volume curve, a GPV,
 * emitters with exponent 0.6, a pattern start offset, a 6 AM clock start, a demand multiplier, a
 * closed pipe opened at a time and closed at a clock time, a pressure control setting a pump speed,
 * reservoir-head and pump-speed patterns (with a stop).
 */
export const FEATURES_INP = `[TITLE]
Feature coverage
[JUNCTIONS]
 J1  20  5   dem
 J2  18  8
 J3  25  4   dem
 J4  15  6
 J5  22  3
 J6  19  0
[RESERVOIRS]
 R1  30
 R2  45  rpat
[TANKS]
 T1  50  3  0.5  8  10  0  vc
[PIPES]
 P1  R1  J6  100  400  120
 P2  J1  J2  600  250  110
 P3  J2  J3  500  200  105
 P4  J3  J4  700  200  100  2
 P5  J4  J1  400  150  120
 P6  J2  J5  300  150  120  0  CV
 P7  J5  T1  200  250  130
 P8  R2  J4  800  200  115
 P9  J3  J5  400  100  100  0  CLOSED
[PUMPS]
 PU1  J6  J1  HEAD pc PATTERN spd
[VALVES]
 V1  J5  J3  100  GPV  gcurve
[EMITTERS]
 J3  0.8
 J4  0.5
[PATTERNS]
 dem  1 1.3 0.8 0.6 1.1
 spd  1 1 0.9 0 1.1 1
 rpat 1 0.98 1.02
[CURVES]
 pc 0 40
 pc 30 30
 pc 60 10
 vc  0  0
 vc  4  300
 vc  8  900
 gcurve 0 0
 gcurve 20 2
 gcurve 60 12
[CONTROLS]
 LINK P9 OPEN AT TIME 5
 LINK P9 CLOSED AT CLOCKTIME 3 PM
 LINK PU1 0.95 IF NODE J2 BELOW 25
[TIMES]
 Duration 18:00
 Hydraulic Timestep 0:30
 Pattern Timestep 2:00
 Pattern Start 1:00
 Report Timestep 1:00
 Start ClockTime 6 AM
[OPTIONS]
 Units LPS
 Headloss H-W
 Emitter Exponent 0.6
 Demand Multiplier 1.2
 Pattern dem
[END]
`;

/** Net1 with its pump replaced by a constant-power pump of 50 hp. */
export const NET1_POWER_PUMP_INP = NET1_INP.replace(/^ 9 +\t9 +\t10 +\tHEAD 1\t;$/m, ' 9\t9\t10\tPOWER 50');

export interface GeneratedNetworkOptions {
  seed: number;
  rows: number;
  cols: number;
  headloss: 'H-W' | 'D-W' | 'C-M';
  /** Units the model carries for `.inp` export (pressure: METERS or PSI unless given). */
  flowUnits: FlowUnits;
  pressureUnits?: PressureUnits;
  specificGravity?: number;
  /** Extended period of this many hours (0: steady state). */
  hours: number;
  /** Insert valves (and a check valve, emitters, a second pump). */
  devices: boolean;
  /** Valve types inserted when `devices` is set (default all six). */
  valveTypes?: ValveType[];
}

/**
 * A looped grid network fed by a pumped reservoir and a tank: junction (r, c) is 'J<r>_<c>', pipes
 * follow a random spanning tree plus about half of the remaining grid edges.
 */
export function generateNetwork(options: GeneratedNetworkOptions): NetworkModel {
  const random = seededRandom(options.seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const { rows, cols } = options;
  const model = emptyNetwork();
  model.title = [`Generated ${rows}x${cols} network, seed ${options.seed}`];
  model.units = { flow: options.flowUnits, pressure: options.pressureUnits ?? (options.flowUnits === 'GPM' ? 'PSI' : 'METERS') };
  model.options.headloss = options.headloss;
  if (options.specificGravity !== undefined) model.options.specificGravity = options.specificGravity;
  model.options.defaultPattern = '1';
  model.options.trials = 100;
  if (options.hours > 0) {
    model.times = { duration: options.hours * 3600, hydraulicStep: 3600, patternStep: 3600, patternStart: 0, reportStep: 3600, reportStart: 0, startClockTime: 0 };
  }
  model.patterns.push({ id: '1', multipliers: Array.from({ length: 24 }, (_, h) => 0.6 + 0.8 * Math.sin((Math.PI * h) / 24) ** 2 + 0.1 * random()) });
  model.patterns.push({ id: 'night', multipliers: Array.from({ length: 24 }, (_, h) => (h < 6 || h > 21 ? 1.5 : 0.3)) });

  const name = (r: number, c: number) => `J${r}_${c}`;
  let totalDemand = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const base = (0.5 + 2.5 * random()) / 1000;
      totalDemand += base;
      const demands = [{ base }];
      if (random() < 0.15) demands.push({ base: base / 2, pattern: 'night' } as { base: number; pattern: string });
      model.junctions.push({ id: name(r, c), elevation: 10 + 15 * random() - 0.5 * r, demands, position: { x: 100 * c, y: -100 * r } });
    }
  }

  // Random spanning tree (randomised depth-first search), then about half of the other grid edges.
  const edges: [string, string][] = [];
  const inTree = new Set<string>();
  const visited = new Set<string>([name(0, 0)]);
  const stack: [number, number][] = [[0, 0]];
  while (stack.length > 0) {
    const [r, c] = stack[stack.length - 1]!;
    const next = [
      [r + 1, c],
      [r - 1, c],
      [r, c + 1],
      [r, c - 1],
    ].filter(([rr, cc]) => rr! >= 0 && rr! < rows && cc! >= 0 && cc! < cols && !visited.has(name(rr!, cc!)));
    if (next.length === 0) {
      stack.pop();
      continue;
    }
    const [rr, cc] = pick(next) as [number, number];
    visited.add(name(rr, cc));
    edges.push([name(r, c), name(rr, cc)]);
    inTree.add(`${name(r, c)}|${name(rr, cc)}`);
    inTree.add(`${name(rr, cc)}|${name(r, c)}`);
    stack.push([rr, cc]);
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (const [rr, cc] of [
        [r + 1, c],
        [r, c + 1],
      ] as const) {
        if (rr >= rows || cc >= cols || inTree.has(`${name(r, c)}|${name(rr, cc)}`)) continue;
        if (random() < 0.5) edges.push([name(r, c), name(rr, cc)]);
      }
    }
  }
  const roughness = () => (options.headloss === 'H-W' ? 90 + 50 * random() : options.headloss === 'D-W' ? (0.01 + 0.5 * random()) / 1000 : 0.009 + 0.006 * random());
  const diameters = [0.1, 0.15, 0.2, 0.25, 0.3];
  edges.forEach(([a, b], i) => {
    model.pipes.push({ id: `P${i + 1}`, from: a, to: b, length: 100 + 400 * random(), diameter: pick(diameters), roughness: roughness(), minorLoss: random() < 0.3 ? 5 * random() : 0, status: 'open' });
  });

  // Sources: a pumped reservoir at the first corner, a tank at the last one.
  model.reservoirs.push({ id: 'R1', head: 15, position: { x: -150, y: 0 } });
  const qDesign = totalDemand * 1.5;
  model.curves.push({ id: 'PC1', kind: 'pump', points: [[0, 75], [qDesign, 55], [2 * qDesign, 20]] });
  model.pipes.push({ id: 'S1', from: 'R1', to: 'RJ', length: 50, diameter: 0.4, roughness: roughness(), minorLoss: 0, status: 'open' });
  model.junctions.push({ id: 'RJ', elevation: 12, demands: [], position: { x: -100, y: 0 } });
  model.pumps.push({ id: 'PU1', from: 'RJ', to: name(0, 0), headCurve: 'PC1', speed: 1, status: 'open' });
  model.tanks.push({ id: 'T1', elevation: 55, initialLevel: 4, minLevel: 1, maxLevel: 9, diameter: 20 + 10 * random(), position: { x: 100 * cols, y: -100 * (rows - 1) } });
  model.pipes.push({ id: 'S2', from: 'T1', to: name(rows - 1, cols - 1), length: 200, diameter: 0.3, roughness: roughness(), minorLoss: 0, status: 'open' });
  model.controls.push({ link: 'PU1', action: { status: 'closed' }, condition: { kind: 'node', node: 'T1', comparison: 'above', value: 8.5 }, enabled: true });
  model.controls.push({ link: 'PU1', action: { status: 'open' }, condition: { kind: 'node', node: 'T1', comparison: 'below', value: 2.5 }, enabled: true });

  if (options.devices) addDevices(model, random, { rows, cols, qDesign, valveTypes: options.valveTypes ?? ['PRV', 'PSV', 'FCV', 'TCV', 'PBV', 'GPV'] });
  return model;
}

/**
 * One valve of each type in series with grid pipes, a check valve, emitters, a second pump and timed
 * controls. Valves are placed along the flow of the network without devices (solved at t = 0) and
 * their settings taken from that solution, so that they regulate.
 */
function addDevices(model: NetworkModel, random: () => number, layout: { rows: number; cols: number; qDesign: number; valveTypes: ValveType[] }): void {
  const { rows, cols, qDesign } = layout;
  const base = simulateNetwork({ ...model, times: { ...model.times, duration: 0 }, controls: [] });
  const step = base.steps[0]!;
  const nodeIndex = new Map(base.net.nodeIds.map((id, i) => [id, i]));
  const linkIndex = new Map(base.net.linkIds.map((id, k) => [id, k]));
  const pressure = (id: string) => step.head[nodeIndex.get(id)!]! - base.net.elevation[nodeIndex.get(id)!]!;
  const flowOf = (p: Pipe) => step.flow[linkIndex.get(p.id)!]!;
  const used = new Set<string>(['J0_0', `J${rows - 1}_${cols - 1}`]);
  const candidates = model.pipes.filter((p) => p.id.startsWith('P') && Math.abs(flowOf(p)) > 1e-3);
  const free = (p: Pipe) => !used.has(p.from) && !used.has(p.to);
  const rhoG = 9806.65 * (model.options.specificGravity ?? 1);
  model.curves.push({ id: 'GPV1', kind: 'headloss', points: [[0, 0], [0.01, 0.5], [0.05, 4], [0.2, 30]] });
  let index = 0;
  for (const type of layout.valveTypes) {
    // EPANET's pressure-breaker model pins the head loss with a 1e8 conductance, which makes the
    // answer sensitive to round-off in proportion to the flow it carries: give it a small one.
    const pool = type === 'PBV' ? [...candidates].sort((a, b) => Math.abs(flowOf(a)) - Math.abs(flowOf(b))) : candidates;
    const pipe = pool.find((p) => free(p) && random() < 0.5) ?? pool.find(free);
    if (!pipe) break;
    used.add(pipe.from);
    used.add(pipe.to);
    // Orient the pipe with its flow, then split it: upstream -> M (pipe), M -> downstream (valve).
    const q = flowOf(pipe);
    if (q < 0) [pipe.from, pipe.to] = [pipe.to, pipe.from];
    const upstream = pipe.from;
    const downstream = pipe.to;
    const mid = `M${++index}`;
    model.junctions.push({ id: mid, elevation: model.junctions.find((j) => j.id === upstream)!.elevation, demands: [] });
    pipe.to = mid;
    let setting = 0;
    if (type === 'PRV') setting = 0.85 * pressure(downstream) * rhoG;
    if (type === 'PSV') setting = Math.max(0, pressure(upstream) - 3) * rhoG;
    if (type === 'FCV') setting = 0.6 * Math.abs(q);
    if (type === 'TCV') setting = 5 + 10 * random();
    if (type === 'PBV') setting = 1.5 * rhoG;
    model.valves.push({
      id: `V${type}`,
      from: mid,
      to: downstream,
      type,
      diameter: pipe.diameter,
      setting,
      minorLoss: type === 'GPV' || type === 'PBV' ? 0 : 0.5 * random(),
      status: type === 'GPV' ? 'open' : 'active',
      ...(type === 'GPV' ? { headlossCurve: 'GPV1' } : {}),
    });
  }
  const cv = candidates.find(free);
  if (cv) {
    if (flowOf(cv) < 0) [cv.from, cv.to] = [cv.to, cv.from];
    cv.status = 'cv';
  }
  for (let i = 0; i < 2; i++) {
    const junction = model.junctions[Math.floor(random() * rows * cols)]!;
    junction.emitterCoefficient = 0.2e-3 / (10 * rhoG) ** 0.5; // 0.2 L/s at 10 m
  }
  // A booster pump with a multi-point curve in a second supply line from another reservoir.
  model.reservoirs.push({ id: 'R2', head: 20, pattern: 'R2head' });
  model.patterns.push({ id: 'R2head', multipliers: [1, 1.02, 1.05, 1.02, 0.98] });
  model.curves.push({ id: 'PC2', kind: 'pump', points: [[0, 60], [qDesign * 0.2, 55], [qDesign * 0.4, 45], [qDesign * 0.6, 25]] });
  model.junctions.push({ id: 'R2J', elevation: 18, demands: [] });
  model.pipes.push({ id: 'S3', from: 'R2', to: 'R2J', length: 30, diameter: 0.2, roughness: model.pipes[0]!.roughness, minorLoss: 0, status: 'open' });
  model.pumps.push({ id: 'PU2', from: 'R2J', to: `J${rows - 1}_0`, headCurve: 'PC2', speed: 0.9, status: 'open' });
  model.controls.push({ link: 'PU2', action: { setting: 1.05 }, condition: { kind: 'time', time: 5 * 3600 }, enabled: true });
  model.controls.push({ link: 'PU2', action: { status: 'closed' }, condition: { kind: 'clocktime', time: 20 * 3600 }, enabled: true });
  const prv = model.valves.find((v) => v.type === 'PRV');
  if (prv) model.controls.push({ link: prv.id, action: { setting: 0.9 * pressure(prv.to) * rhoG }, condition: { kind: 'time', time: 9 * 3600 + 1800 }, enabled: true });
  const tcv = model.valves.find((v) => v.type === 'TCV');
  if (tcv) model.controls.push({ link: tcv.id, action: { status: 'open' }, condition: { kind: 'node', node: 'J0_0', comparison: 'below', value: 20 * rhoG }, enabled: true });
}
