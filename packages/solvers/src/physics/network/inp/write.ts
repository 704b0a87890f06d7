// Writes a NetworkModel as an EPANET `.inp` file in the model's units (LPS and metres unless the model
// says otherwise), with EPANET's own conversion factors so that EPANET solves it to the same answer.

import type { Curve, NetworkModel, SimpleControl, ValveType } from '../model.js';
import { EPANET_VISCOSITY, pascalsPerMetre, SI_FLOW_UNITS, unitSystem, type FlowUnits, type PressureUnits, type UnitSystem } from '../units.js';
import { InpWriteError } from '../errors.js';
import { formatClock } from './tokens.js';

/** The comment line written before a curve's points, by kind (read back by parse.ts). */
const CURVE_KIND_COMMENTS: Partial<Record<Curve['kind'], string>> = {
  pump: ';PUMP: flow, head',
  efficiency: ';EFFICIENCY: flow, efficiency',
  volume: ';VOLUME: level, volume',
  headloss: ';HEADLOSS: flow, head loss',
  valve: ';VALVE: per cent open, per cent of fully open flow coefficient',
};

export interface InpExport {
  text: string;
  /** What the file cannot carry (e.g. the Colebrook option, which EPANET does not have). */
  warnings: string[];
}

/** A value that is not finite once converted to the file's units (thrown by num, located by write). */
class NotFinite extends Error {
  constructor(readonly value: number) {
    super(`cannot write ${value} to an .inp file`);
  }
}

/** A number as written: shortest text of its value to 15 significant digits. */
function num(x: number): string {
  if (!Number.isFinite(x)) throw new NotFinite(x);
  const rounded = Number(x.toPrecision(15));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function id(value: string): string {
  return /\s/.test(value) ? `"${value}"` : value;
}

function row(...fields: string[]): string {
  return ` ${fields.join('\t')}`;
}

class InpWriter {
  private readonly out: string[] = [];
  readonly warnings: string[] = [];
  private readonly u: UnitSystem;
  private readonly rhoG: number;
  private readonly nodeKind = new Map<string, 'junction' | 'reservoir' | 'tank'>();
  private readonly valveType = new Map<string, ValveType>();

  constructor(private readonly model: NetworkModel) {
    const flow: FlowUnits = model.units?.flow ?? 'LPS';
    const pressure: PressureUnits = model.units?.pressure ?? (SI_FLOW_UNITS.has(flow) ? 'METERS' : 'PSI');
    const sg = model.options.specificGravity ?? 1;
    this.u = unitSystem(flow, pressure, sg);
    this.rhoG = pascalsPerMetre(sg);
    for (const j of model.junctions) this.nodeKind.set(j.id, 'junction');
    for (const r of model.reservoirs) this.nodeKind.set(r.id, 'reservoir');
    for (const t of model.tanks) this.nodeKind.set(t.id, 'tank');
    for (const v of model.valves) this.valveType.set(v.id, v.type);
  }

  /** The section being written, to tell where a value could not be written. */
  private current = '';

  write(): InpExport {
    try {
      return this.writeSections();
    } catch (error) {
      if (error instanceof NotFinite) throw new InpWriteError(this.current, error.value);
      throw error;
    }
  }

  /** [TANKS]: the tanks, then the zero-diameter tanks that the model holds as fixed heads. */
  private writeTanks(): void {
    const m = this.model;
    const u = this.u;
    this.section('TANKS', ';ID\tElevation\tInitLevel\tMinLevel\tMaxLevel\tDiameter\tMinVol\tVolCurve\tOverflow');
    for (const t of m.tanks) {
      this.out.push(
        row(
          id(t.id),
          num(t.elevation * u.length),
          num(t.initialLevel * u.length),
          num(t.minLevel * u.length),
          num(t.maxLevel * u.length),
          num(t.diameter * u.length),
          num((t.minVolume ?? 0) * u.volume),
          // EPANET writes '*' for no curve before the overflow column.
          t.volumeCurve ? id(t.volumeCurve) : t.overflow ? '*' : '',
          ...(t.overflow ? ['YES'] : []),
        ),
      );
    }
    // A zero-diameter tank goes back where it came from, its level held at the initial one.
    for (const r of m.reservoirs) {
      if (!r.tank) continue;
      const level = num((r.head - r.tank.bottom) * u.length);
      this.out.push(row(id(r.id), num(r.tank.bottom * u.length), level, level, level, '0', '0', r.tank.volumeCurve ? id(r.tank.volumeCurve) : ''));
    }
  }

  private writeSections(): InpExport {
    const m = this.model;
    const u = this.u;
    const defaultPattern = this.defaultPatternId();

    this.section('TITLE');
    for (const line of m.title.slice(0, 3)) this.out.push(line);

    this.section('JUNCTIONS', ';ID\tElevation\tDemand\tPattern');
    const extraDemands: string[] = [];
    for (const j of m.junctions) {
      const single = j.demands.length === 1 && j.demands[0]!.category === undefined ? j.demands[0]! : undefined;
      this.out.push(row(id(j.id), num(j.elevation * u.length), num((single?.base ?? 0) * u.flow), single?.pattern ? id(single.pattern) : ''));
      if (!single) {
        for (const d of j.demands) {
          extraDemands.push(row(id(j.id), num(d.base * u.flow), d.pattern ? id(d.pattern) : '') + (d.category ? `\t;${d.category}` : ''));
        }
      }
    }

    this.section('RESERVOIRS', ';ID\tHead\tPattern');
    for (const r of m.reservoirs) if (!r.tank) this.out.push(row(id(r.id), num(r.head * u.length), r.pattern ? id(r.pattern) : ''));

    this.writeTanks();

    const dw = m.options.headloss === 'D-W';
    this.section('PIPES', ';ID\tNode1\tNode2\tLength\tDiameter\tRoughness\tMinorLoss\tStatus');
    for (const p of m.pipes) {
      const roughness = dw ? p.roughness * 1000 * u.length : p.roughness;
      const status = p.status === 'cv' ? 'CV' : p.status === 'closed' ? 'CLOSED' : 'OPEN';
      this.out.push(row(id(p.id), id(p.from), id(p.to), num(p.length * u.length), num(p.diameter * u.diameter), num(roughness), num(p.minorLoss), status));
    }

    this.section('PUMPS', ';ID\tNode1\tNode2\tParameters');
    for (const p of m.pumps) {
      const parts = [id(p.id), id(p.from), id(p.to)];
      if (p.headCurve !== undefined) parts.push('HEAD', id(p.headCurve));
      else if (p.power !== undefined) parts.push('POWER', num(p.power * u.power));
      if (p.speed !== 1) parts.push('SPEED', num(p.speed));
      if (p.pattern) parts.push('PATTERN', id(p.pattern));
      this.out.push(row(...parts));
    }

    this.section('VALVES', ';ID\tNode1\tNode2\tDiameter\tType\tSetting\tMinorLoss');
    for (const v of m.valves) {
      const setting = v.type === 'GPV' ? id(v.headlossCurve ?? '') : num(this.valveSetting(v.type, v.setting));
      const curve = v.type === 'PCV' && v.valveCurve !== undefined ? [id(v.valveCurve)] : [];
      this.out.push(row(id(v.id), id(v.from), id(v.to), num(v.diameter * u.diameter), v.type, setting, num(v.minorLoss), ...curve));
    }

    this.section('DEMANDS', ';Junction\tDemand\tPattern\tCategory');
    this.out.push(...extraDemands);

    this.section('EMITTERS', ';Junction\tCoefficient');
    const exponent = m.options.emitterExponent ?? 0.5;
    for (const j of m.junctions) {
      if (j.emitterCoefficient === undefined || j.emitterCoefficient <= 0) continue;
      this.out.push(row(id(j.id), num((j.emitterCoefficient * u.flow) / (u.emitterPressure / this.rhoG) ** exponent)));
    }

    this.writeLeakage();

    this.section('STATUS', ';ID\tStatus');
    for (const p of m.pipes) if (p.status === 'closed') this.out.push(row(id(p.id), 'CLOSED'));
    for (const p of m.pumps) if (p.status === 'closed') this.out.push(row(id(p.id), 'CLOSED'));
    for (const v of m.valves) if (v.status !== 'active' && !(v.type === 'GPV' && v.status === 'open')) this.out.push(row(id(v.id), v.status.toUpperCase()));

    this.section('PATTERNS', ';ID\tMultipliers');
    const patterns = [...m.patterns];
    if (defaultPattern.added) patterns.push({ id: defaultPattern.id!, multipliers: [1] });
    for (const p of patterns) {
      const values = p.multipliers.length > 0 ? p.multipliers : [1];
      for (let i = 0; i < values.length; i += 8) this.out.push(row(id(p.id), ...values.slice(i, i + 8).map(num)));
    }

    this.section('CURVES', ';ID\tX-Value\tY-Value');
    for (const c of m.curves) {
      // The kind as the EPANET GUI records it, so that a curve nothing uses yet keeps its kind (and
      // with it its units) when the file is read again.
      const stated = CURVE_KIND_COMMENTS[c.kind];
      if (stated && c.points.length > 0) this.out.push(stated);
      for (const [x, y] of c.points) this.out.push(row(id(c.id), ...this.curvePoint(c, x, y)));
    }

    this.writeControls();
    this.writeEnergy();
    this.writeQualitySections();

    this.writeTimes();
    this.writeOptions(defaultPattern.id);

    this.section('COORDINATES', ';Node\tX-Coord\tY-Coord');
    for (const n of [...m.junctions, ...m.reservoirs, ...m.tanks]) if (n.position) this.out.push(row(id(n.id), num(n.position.x), num(n.position.y)));

    this.section('VERTICES', ';Link\tX-Coord\tY-Coord');
    for (const l of [...m.pipes, ...m.pumps, ...m.valves]) for (const v of l.vertices ?? []) this.out.push(row(id(l.id), num(v.x), num(v.y)));

    this.out.push('', '[END]', '');
    return { text: this.out.join('\n'), warnings: this.warnings };
  }

  private writeQualityOptions(): void {
    const q = this.model.quality;
    const words =
      !q || q.parameter === 'none'
        ? ['NONE']
        : q.parameter === 'age'
          ? ['AGE']
          : q.parameter === 'trace'
            ? ['TRACE', id(q.traceNode ?? '')]
            : [q.chemical ? id(q.chemical) : 'CHEMICAL', ...(q.units ? [q.units] : [])];
    this.out.push(row('Quality', ...words));
    // Diffusivity as the value itself (EPANET reads a value below 1e-4 as one, in ft²/s or m²/s).
    if (q?.diffusivity !== undefined) this.out.push(row('Diffusivity', num(q.diffusivity * this.u.length * this.u.length)));
    if (q?.tolerance !== undefined) this.out.push(row('Tolerance', num(q.tolerance)));
  }

  private writeQualitySections(): void {
    const q = this.model.quality;
    if (!q) return;
    const u = this.u;
    // Entries of elements the drawing no longer has are left out (and said so).
    const pipes = new Set(this.model.pipes.map((p) => p.id));
    const known = (entries: Record<string, unknown> | undefined, exists: (id: string) => boolean, what: string) =>
      Object.entries(entries ?? {}).filter(([element]) => {
        if (exists(element)) return true;
        this.warnings.push(`${what} of '${element}' left out: there is no such element`);
        return false;
      });
    const isNode = (element: string) => this.nodeKind.has(element);
    this.section('QUALITY', ';Node\tInitQual');
    for (const [node, value] of known(q.initial, isNode, 'initial quality')) this.out.push(row(id(node), num(value as number)));
    this.section('SOURCES', ';Node\tType\tQuality\tPattern');
    for (const [node, source] of known(q.sources, isNode, 'quality source')) {
      const s = source as NonNullable<typeof q.sources>[string];
      this.out.push(row(id(node), s.type.toUpperCase(), num(s.strength), s.pattern ? id(s.pattern) : ''));
    }
    this.section('REACTIONS');
    const wallOrder = q.wallOrder ?? 1;
    // Wall coefficients back to the file's length unit (per day).
    const wall = (v: number) => num(wallOrder === 0 ? v / (u.length * u.length) : v * u.length);
    if (q.bulkOrder !== undefined) this.out.push(row('Order', 'Bulk', num(q.bulkOrder)));
    if (q.wallOrder !== undefined) this.out.push(row('Order', 'Wall', num(q.wallOrder)));
    if (q.tankOrder !== undefined) this.out.push(row('Order', 'Tank', num(q.tankOrder)));
    if (q.globalBulk !== undefined) this.out.push(row('Global', 'Bulk', num(q.globalBulk)));
    if (q.globalWall !== undefined) this.out.push(row('Global', 'Wall', wall(q.globalWall)));
    if (q.limitingConcentration !== undefined) this.out.push(row('Limiting', 'Potential', num(q.limitingConcentration)));
    if (q.roughnessCorrelation !== undefined) this.out.push(row('Roughness', 'Correlation', wall(q.roughnessCorrelation)));
    const tanks = new Set(this.model.tanks.map((t) => t.id));
    for (const [element, value] of known(q.bulk, (e) => tanks.has(e) || pipes.has(e), 'bulk coefficient')) this.out.push(row(tanks.has(element) ? 'Tank' : 'Bulk', id(element), num(value as number)));
    for (const [pipe, value] of known(q.wall, (e) => pipes.has(e), 'wall coefficient')) this.out.push(row('Wall', id(pipe), wall(value as number)));
    this.section('MIXING', ';Tank\tModel\tFraction');
    for (const [tank, mixing] of known(q.mixing, (e) => tanks.has(e), 'mixing model')) {
      const m = mixing as NonNullable<typeof q.mixing>[string];
      this.out.push(row(id(tank), m.model.toUpperCase(), ...(m.model === '2comp' ? [num(m.fraction ?? 1)] : [])));
    }
  }

  private writeEnergy(): void {
    const m = this.model;
    const e = m.energy ?? {};
    this.section('ENERGY');
    if (e.efficiency !== undefined) this.out.push(row('Global', 'Efficiency', num(e.efficiency)));
    if (e.price !== undefined) this.out.push(row('Global', 'Price', num(e.price)));
    if (e.pricePattern) this.out.push(row('Global', 'Pattern', id(e.pricePattern)));
    if (e.demandCharge !== undefined) this.out.push(row('Demand', 'Charge', num(e.demandCharge)));
    for (const p of m.pumps) {
      if (p.efficiencyCurve) this.out.push(row('Pump', id(p.id), 'Efficiency', id(p.efficiencyCurve)));
      if (p.energyPrice !== undefined) this.out.push(row('Pump', id(p.id), 'Price', num(p.energyPrice)));
      if (p.pricePattern) this.out.push(row('Pump', id(p.id), 'Pattern', id(p.pricePattern)));
    }
  }

  private writeControls(): void {
    const m = this.model;
    this.section('CONTROLS');
    for (const c of m.controls) this.out.push(this.control(c));
    if (m.rules && m.rules.trim() !== '') {
      // Rules are kept in the model's units, which are the file's.
      this.section('RULES');
      for (const line of m.rules.split(/\r?\n/)) this.out.push(/^\s*RULE\b/i.test(line) ? `\n${line.trim()}` : line.trim());
    }
  }

  /** [LEAKAGE], only when a pipe leaks (EPANET before 2.3 does not know the section); per 100 file length units. */
  private writeLeakage(): void {
    const u = this.u;
    const leaking = this.model.pipes.filter((p) => p.leakArea! > 0 || p.leakExpansion! > 0);
    if (leaking.length === 0) return;
    this.section('LEAKAGE', ';Pipe\tLeakArea\tLeakExpansion');
    for (const p of leaking) this.out.push(row(id(p.id), num((p.leakArea ?? 0) / u.length), num((p.leakExpansion ?? 0) / u.length)));
  }

  private section(name: string, header?: string): void {
    this.current = name;
    if (this.out.length > 0) this.out.push('');
    this.out.push(`[${name}]`);
    if (header) this.out.push(header);
  }

  /**
   * EPANET applies its default pattern ("1" unless set) to demands without one. When the model has no
   * default pattern but has a pattern named "1", a constant pattern is added and made the default.
   */
  private defaultPatternId(): { id: string | undefined; added: boolean } {
    const m = this.model;
    if (m.options.defaultPattern !== undefined) return { id: m.options.defaultPattern, added: false };
    if (!m.patterns.some((p) => p.id === '1')) return { id: undefined, added: false };
    let candidate = 'CONSTANT';
    while (m.patterns.some((p) => p.id === candidate)) candidate += '_';
    return { id: candidate, added: true };
  }

  private valveSetting(type: ValveType, value: number): number {
    if (type === 'PRV' || type === 'PSV' || type === 'PBV') return (value / this.rhoG) * this.u.pressure;
    if (type === 'FCV') return value * this.u.flow;
    return value;
  }

  private curvePoint(curve: Curve, x: number, y: number): string[] {
    const u = this.u;
    if (curve.kind === 'pump' || curve.kind === 'headloss') return [num(x * u.flow), num(y * u.length)];
    if (curve.kind === 'volume') return [num(x * u.length), num(y * u.volume)];
    if (curve.kind === 'efficiency') return [num(x * u.flow), num(y)];
    return [num(x), num(y)];
  }

  private control(c: SimpleControl): string {
    let setting: string;
    if (c.action.status) setting = c.action.status.toUpperCase();
    else {
      const type = this.valveType.get(c.link);
      setting = num(type ? this.valveSetting(type, c.action.setting ?? 0) : (c.action.setting ?? 0));
    }
    let condition: string;
    const cond = c.condition;
    if (cond.kind === 'node') {
      const value = this.nodeKind.get(cond.node) === 'junction' ? (cond.value / this.rhoG) * this.u.pressure : cond.value * this.u.length;
      condition = `IF NODE ${id(cond.node)} ${cond.comparison.toUpperCase()} ${num(value)}`;
    } else if (cond.kind === 'time') {
      condition = `AT TIME ${formatClock(cond.time)}`;
    } else {
      condition = `AT CLOCKTIME ${formatClock(cond.time)}`;
    }
    return ` LINK ${id(c.link)} ${setting} ${condition}${c.enabled ? '' : ' DISABLED'}`;
  }

  private writeTimes(): void {
    const t = this.model.times;
    this.section('TIMES');
    this.out.push(row('Duration', formatClock(t.duration)));
    this.out.push(row('Hydraulic Timestep', formatClock(t.hydraulicStep)));
    this.out.push(row('Pattern Timestep', formatClock(t.patternStep)));
    this.out.push(row('Pattern Start', formatClock(t.patternStart)));
    this.out.push(row('Report Timestep', formatClock(t.reportStep)));
    this.out.push(row('Report Start', formatClock(t.reportStart)));
    this.out.push(row('Start ClockTime', formatClock(t.startClockTime)));
    if (t.ruleStep !== undefined && t.ruleStep > 0) this.out.push(row('Rule Timestep', formatClock(t.ruleStep)));
    if (t.qualityStep !== undefined && t.qualityStep > 0) this.out.push(row('Quality Timestep', formatClock(t.qualityStep)));
  }

  private writeOptions(defaultPattern: string | undefined): void {
    const o = this.model.options;
    const u = this.u;
    this.section('OPTIONS');
    this.out.push(row('Units', u.flowUnits));
    this.out.push(row('Pressure', u.pressureUnits));
    this.out.push(row('Headloss', o.headloss));
    if (o.frictionFactor === 'colebrook') this.warnings.push('EPANET has no Colebrook option: it will use its Swamee–Jain friction factor');
    if (o.specificGravity !== undefined) this.out.push(row('Specific Gravity', num(o.specificGravity)));
    if (o.viscosity !== undefined) this.out.push(row('Viscosity', num(o.viscosity / EPANET_VISCOSITY)));
    if (o.trials !== undefined) this.out.push(row('Trials', num(o.trials)));
    if (o.accuracy !== undefined) this.out.push(row('Accuracy', num(o.accuracy)));
    const unbalanced = o.unbalanced ?? { mode: 'stop' };
    this.out.push(row('Unbalanced', unbalanced.mode === 'stop' ? 'STOP' : `CONTINUE ${unbalanced.extraTrials}`));
    if (defaultPattern !== undefined) this.out.push(row('Pattern', id(defaultPattern)));
    if (o.demandMultiplier !== undefined) this.out.push(row('Demand Multiplier', num(o.demandMultiplier)));
    if (o.emitterExponent !== undefined) this.out.push(row('Emitter Exponent', num(o.emitterExponent)));
    if (o.emitterBackflow === false) this.out.push(row('Backflow Allowed', 'NO'));
    if (o.checkFrequency !== undefined) this.out.push(row('CHECKFREQ', num(o.checkFrequency)));
    if (o.maxCheck !== undefined) this.out.push(row('MAXCHECK', num(o.maxCheck)));
    if (o.dampLimit !== undefined) this.out.push(row('DAMPLIMIT', num(o.dampLimit)));
    if (o.headErrorLimit !== undefined) this.out.push(row('HEADERROR', num(o.headErrorLimit * u.length)));
    if (o.flowChangeLimit !== undefined) this.out.push(row('FLOWCHANGE', num(o.flowChangeLimit * u.flow)));
    const pda = o.pressureDrivenDemand;
    if (pda) {
      const pressure = (pa: number) => num((pa / this.rhoG) * u.pressure);
      this.out.push(row('Demand Model', 'PDA'));
      this.out.push(row('Minimum Pressure', pressure(pda.minimumPressure)));
      this.out.push(row('Required Pressure', pressure(pda.requiredPressure)));
      this.out.push(row('Pressure Exponent', num(pda.exponent)));
    }
    this.writeQualityOptions();
  }
}

export function writeInp(model: NetworkModel): InpExport {
  return new InpWriter(model).write();
}
