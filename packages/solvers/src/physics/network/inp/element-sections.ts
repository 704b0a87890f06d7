// The network's elements in an `.inp`: nodes ([JUNCTIONS], [RESERVOIRS], [TANKS]), links ([PIPES],
// [PUMPS], [VALVES]), what changes them ([DEMANDS], [EMITTERS], [LEAKAGE], [STATUS]) and where they are
// drawn ([COORDINATES], [VERTICES]), read on the line cursor of line-reader.ts.

import type { Junction, Pipe, Pump, Reservoir, Tank, Valve, ValveType } from '../model.js';
import { InpLineReader, mustBePositive, mustNotBeNegative } from './line-reader.js';
import { matches, parseNumber, type InpLine } from './tokens.js';

/** A pipe's status keyword, or undefined when the token is not one. */
function pipeStatus(token: string): Pipe['status'] | undefined {
  if (matches(token, 'CV')) return 'cv';
  if (matches(token, 'CLOSED')) return 'closed';
  if (matches(token, 'OPEN')) return 'open';
  return undefined;
}

export abstract class InpElementReader extends InpLineReader {
  protected readJunctions(): void {
    const S = 'JUNCTIONS';
    const u = this.units;
    for (let at = 0, lines = this.extentsOf('JUNCTIONS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const id = this.addNode(line, S, 'junction');
      const elevation = (this.optionalNumber(line, S, 1, 'elevation') ?? 0) / u.length;
      const base = (this.optionalNumber(line, S, 2, 'demand') ?? 0) / u.flow;
      const pattern = this.pattern(line, S, 3, 'pattern');
      // A zero demand without a pattern is no demand (EPANET keeps it as an empty category).
      const demands = base !== 0 || pattern ? [pattern ? { base, pattern } : { base }] : [];
      const junction: Junction = { id, elevation, demands };
      this.model.junctions.push(junction);
      this.junctionById.set(id, junction);
    }
  }

  protected readReservoirs(): void {
    const S = 'RESERVOIRS';
    for (let at = 0, lines = this.extentsOf('RESERVOIRS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 2, 'id, head');
      const id = this.addNode(line, S, 'reservoir');
      const pattern = this.pattern(line, S, 2, 'pattern');
      const reservoir: Reservoir = { id, head: this.number(line, S, 1, 'head') / this.units.length, ...(pattern ? { pattern } : {}) };
      this.model.reservoirs.push(reservoir);
    }
  }

  protected readTanks(): void {
    const S = 'TANKS';
    const u = this.units;
    const nonNegative = (v: number) => (v >= 0 ? undefined : 'must not be negative');
    for (let at = 0, lines = this.extentsOf('TANKS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      if (line.tokens.length <= 3) {
        // EPANET reads a short [TANKS] line as a reservoir.
        this.minTokens(line, S, 2, 'id, elevation');
        const id = this.addNode(line, S, 'reservoir');
        const pattern = this.pattern(line, S, 2, 'pattern');
        this.model.reservoirs.push({ id, head: this.number(line, S, 1, 'elevation') / u.length, ...(pattern ? { pattern } : {}) });
        continue;
      }
      this.minTokens(line, S, 6, 'id, elevation, initial level, minimum level, maximum level, diameter');
      const id = this.addNode(line, S, 'tank');
      const tank: Tank = {
        id,
        elevation: this.number(line, S, 1, 'elevation') / u.length,
        initialLevel: this.number(line, S, 2, 'initial level', nonNegative) / u.length,
        minLevel: this.number(line, S, 3, 'minimum level', nonNegative) / u.length,
        maxLevel: this.number(line, S, 4, 'maximum level', nonNegative) / u.length,
        diameter: this.number(line, S, 5, 'diameter', nonNegative) / u.length,
      };
      const minVolume = this.optionalNumber(line, S, 6, 'minimum volume', nonNegative);
      const curveToken = line.tokens[7];
      const volumeCurve =
        curveToken !== undefined && curveToken !== '' && curveToken !== '*' ? this.curve(line, S, 7, 'volume curve', 'volume') : undefined;
      if (tank.diameter === 0) {
        // EPANET (2.3) runs a zero-diameter tank, even one with a volume curve, as a fixed head;
        // its controls still read levels above the bottom (as volumes on the curve when it has one).
        this.nodeKind.set(id, 'reservoir');
        const bottom = { bottom: tank.elevation, ...(volumeCurve ? { volumeCurve } : {}) };
        this.model.reservoirs.push({ id, head: tank.elevation + tank.initialLevel, tank: bottom });
        this.warn(line.line, S, `tank '${id}' has diameter 0: it is a fixed-head reservoir at its initial level, as in EPANET`);
        continue;
      }
      if (minVolume !== undefined && minVolume > 0) tank.minVolume = minVolume / u.volume;
      if (volumeCurve) tank.volumeCurve = volumeCurve;
      const overflow = line.tokens[8];
      if (overflow !== undefined && matches(overflow, 'YES')) tank.overflow = true;
      else if (overflow !== undefined && !matches(overflow, 'NO')) this.fail(line, S, 'overflow', `'${overflow}' is not YES or NO`);
      this.model.tanks.push(tank);
    }
  }

  // ---------------------------------------------------------------- links

  protected readPipes(): void {
    const S = 'PIPES';
    const u = this.units;
    const formula = this.model.options.headloss;
    const roughnessDefault = formula === 'H-W' ? 130 : formula === 'D-W' ? 0.0005 : 0.01;
    for (let at = 0, lines = this.extentsOf('PIPES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const { id, from, to } = this.linkEnds(line, S);
      const length = this.optionalNumber(line, S, 3, 'length', mustBePositive) ?? (u.si ? 100 : 330);
      const diameter = this.optionalNumber(line, S, 4, 'diameter', mustBePositive) ?? (u.si ? 254 : 10);
      const roughness = this.optionalNumber(line, S, 5, 'roughness', mustBePositive) ?? roughnessDefault;
      let minorLoss = 0;
      let status: Pipe['status'] = 'open';
      if (line.tokens.length === 7) {
        const read = pipeStatus(line.tokens[6]!);
        if (read) status = read;
        else minorLoss = this.number(line, S, 6, 'minor loss', mustNotBeNegative);
      } else if (line.tokens.length >= 8) {
        minorLoss = this.number(line, S, 6, 'minor loss', mustNotBeNegative);
        const read = pipeStatus(line.tokens[7]!);
        if (!read) this.fail(line, S, 'status', `'${line.tokens[7]}' is not OPEN, CLOSED or CV`);
        status = read;
      }
      const pipe: Pipe = {
        id,
        from,
        to,
        length: length / u.length,
        diameter: diameter / u.diameter,
        // D-W roughness is in millimetres (SI files) or millifeet (US files).
        roughness: formula === 'D-W' ? roughness / 1000 / u.length : roughness,
        minorLoss,
        status,
      };
      this.model.pipes.push(pipe);
      this.linkById.set(id, { kind: 'pipe', link: pipe });
    }
  }

  protected readPumps(): void {
    const S = 'PUMPS';
    for (let at = 0, lines = this.extentsOf('PUMPS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const { id, from, to } = this.linkEnds(line, S);
      const pump: Pump = { id, from, to, speed: 1, status: 'open' };
      for (let m = 4; m < line.tokens.length; m += 2) {
        const key = line.tokens[m - 1]!;
        // POWER is in kW (SI files) or hp (US files). EPANET 2.3.5 as built in epanet-js 0.9.0 runs an
        // SI pump at 1/0.7457 times its stated kW (its US files are right); the stated power is kept.
        if (matches(key, 'POWER')) pump.power = this.number(line, S, m, 'POWER', (v) => (v > 0 ? undefined : 'must be positive')) / this.units.power;
        else if (matches(key, 'HEAD')) pump.headCurve = this.curve(line, S, m, 'HEAD', 'pump');
        else if (matches(key, 'PATTERN')) pump.pattern = this.pattern(line, S, m, 'PATTERN');
        else if (matches(key, 'SPEED')) pump.speed = this.number(line, S, m, 'SPEED', (v) => (v >= 0 ? undefined : 'must not be negative'));
        else this.fail(line, S, key, `unknown pump keyword '${key}' (HEAD, POWER, SPEED or PATTERN)`);
      }
      if (line.tokens.length % 2 === 0) this.fail(line, S, line.tokens[line.tokens.length - 1]!, 'keyword without a value');
      if (pump.headCurve === undefined && pump.power === undefined) this.fail(line, S, 'HEAD', `pump '${id}' has neither a head curve nor a power`);
      if (pump.speed === 0) pump.status = 'closed';
      this.model.pumps.push(pump);
      this.linkById.set(id, { kind: 'pump', link: pump });
    }
  }

  protected readValves(): void {
    const S = 'VALVES';
    const u = this.units;
    const types: ValveType[] = ['PRV', 'PSV', 'PBV', 'FCV', 'TCV', 'GPV', 'PCV'];
    for (let at = 0, lines = this.extentsOf('VALVES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 5, 'id, node1, node2, diameter, type');
      const { id, from, to } = this.linkEnds(line, S);
      const typeToken = line.tokens[4]!.toUpperCase();
      const type = types.find((t) => matches(typeToken, t));
      if (!type) this.fail(line, S, 'type', `'${line.tokens[4]}' is not a valve type (${types.join(', ')})`);
      const diameter = this.number(line, S, 3, 'diameter', (v) => (v > 0 ? undefined : 'must be positive')) / u.diameter;
      const valve: Valve = { id, from, to, type, diameter, setting: 0, minorLoss: 0, status: type === 'GPV' ? 'open' : 'active' };
      if (line.tokens.length > 5) {
        if (type === 'GPV') valve.headlossCurve = this.curve(line, S, 5, 'head-loss curve', 'headloss');
        else valve.setting = this.valveSetting(type, this.number(line, S, 5, 'setting'));
      } else if (type === 'GPV') {
        this.fail(line, S, 'head-loss curve', 'a GPV needs a head-loss curve');
      }
      if (line.tokens.length > 6) valve.minorLoss = this.number(line, S, 6, 'minor loss', (v) => (v >= 0 ? undefined : 'must not be negative'));
      if (type === 'PCV') {
        // EPANET 2.3: per cent open, at most 100; an optional valve curve after the minor loss.
        valve.setting = Math.min(valve.setting, 100);
        if (line.tokens.length > 7) valve.valveCurve = this.curve(line, S, 7, 'valve curve', 'valve');
      }
      this.model.valves.push(valve);
      this.linkById.set(id, { kind: 'valve', link: valve });
    }
  }

  /** A valve setting from file units to SI (Pa for pressure valves, m³/s for FCVs, as is for TCVs). */
  protected valveSetting(type: ValveType, value: number): number {
    if (type === 'PRV' || type === 'PSV' || type === 'PBV') return (value / this.units.pressure) * this.rhoG;
    if (type === 'FCV') return value / this.units.flow;
    return value;
  }

  // ---------------------------------------------------------------- node and link data

  protected readDemands(): void {
    const S = 'DEMANDS';
    for (let at = 0, lines = this.extentsOf('DEMANDS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 2, 'junction, demand');
      const id = this.node(line, S, 0, 'junction');
      const base = this.number(line, S, 1, 'demand') / this.units.flow;
      const pattern = this.pattern(line, S, 2, 'pattern');
      const junction = this.junctionById.get(id);
      if (!junction) {
        this.warn(line.line, S, `'${id}' is not a junction; its demand is ignored (as EPANET does)`);
        continue;
      }
      const demand: Junction['demands'][number] = { base };
      if (pattern) demand.pattern = pattern;
      if (line.comment) demand.category = line.comment;
      // The first entry replaces the demand given in [JUNCTIONS]; later entries add categories.
      if (!this.demandReplaced.has(id)) {
        junction.demands = [demand];
        this.demandReplaced.add(id);
      } else {
        junction.demands.push(demand);
      }
    }
  }

  protected readEmitters(): void {
    const S = 'EMITTERS';
    const u = this.units;
    const exponent = this.model.options.emitterExponent ?? 0.5;
    for (let at = 0, lines = this.extentsOf('EMITTERS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 2, 'junction, coefficient');
      const id = this.node(line, S, 0, 'junction');
      const c = this.number(line, S, 1, 'coefficient', (v) => (v >= 0 ? undefined : 'must not be negative'));
      const junction = this.junctionById.get(id);
      if (!junction) {
        this.warn(line.line, S, `'${id}' is not a junction; its emitter is ignored (as EPANET does)`);
        continue;
      }
      // q_user = C·p_user^n  =>  q [m³/s] = C·(pressure factor / ρg)^n / flow factor · p [Pa]^n.
      if (c > 0) junction.emitterCoefficient = (c * (u.emitterPressure / this.rhoG) ** exponent) / u.flow;
      else delete junction.emitterCoefficient;
    }
  }

  /**
   * [LEAKAGE] pipe, leak area, expansion (EPANET 2.3 leakagedata): the area in mm² per 100 length
   * units and the expansion in mm² per head unit per 100 length units; EPANET scales both by the
   * length unit once (input1.c), which turns them into the model's per-100-m values.
   */
  protected readLeakage(): void {
    const S = 'LEAKAGE';
    for (let at = 0, lines = this.extentsOf('LEAKAGE'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 3, 'pipe, leak area, leak expansion');
      const id = line.tokens[0]!;
      const link = this.linkById.get(id);
      if (!link) this.fail(line, S, 'pipe', `unknown link '${id}'`);
      const nonNegative = (v: number) => (v >= 0 ? undefined : 'must not be negative');
      const area = this.number(line, S, 1, 'leak area', nonNegative);
      const expansion = this.number(line, S, 2, 'leak expansion', nonNegative);
      if (link.kind !== 'pipe') {
        this.warn(line.line, S, `'${id}' is not a pipe; only pipes leak (its line is ignored, as EPANET does)`);
        continue;
      }
      link.link.leakArea = area * this.units.length;
      link.link.leakExpansion = expansion * this.units.length;
    }
  }

  protected readStatus(): void {
    const S = 'STATUS';
    for (let at = 0, lines = this.extentsOf('STATUS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 2, 'link, status');
      const n = line.tokens.length - 1;
      const token = line.tokens[n]!;
      let status: 'open' | 'closed' | 'active' = 'active';
      let value = 0;
      if (matches(token, 'OPEN')) status = 'open';
      else if (matches(token, 'CLOSED')) status = 'closed';
      else value = this.number(line, S, n, 'setting', (v) => (v >= 0 ? undefined : 'must not be negative'));
      const targets: string[] = [];
      if (n === 1) {
        const id = line.tokens[0]!;
        if (!this.linkById.has(id)) this.fail(line, S, 'link', `unknown link '${id}'`);
        targets.push(id);
      } else {
        targets.push(...this.linkRange(line.tokens[0]!, line.tokens[1]!));
      }
      for (const id of targets) this.changeStatus(line, id, status, value);
    }
  }

  /** Links in an id range: numerically when both ends are numbers, else lexicographically (EPANET). */
  protected linkRange(first: string, last: string): string[] {
    const a = Number.parseInt(first, 10);
    const b = Number.parseInt(last, 10);
    const ids = [...this.linkById.keys()];
    if (a > 0 && b > 0) return ids.filter((id) => Number.parseInt(id, 10) >= a && Number.parseInt(id, 10) <= b);
    return ids.filter((id) => first <= id && last >= id);
  }

  protected changeStatus(line: InpLine, id: string, status: 'open' | 'closed' | 'active', value: number): void {
    const S = 'STATUS';
    const entry = this.linkById.get(id)!;
    if (entry.kind === 'pipe') {
      if (entry.link.status === 'cv') this.fail(line, S, 'link', `'${id}' is a check valve; its status cannot be set`);
      if (status !== 'active') entry.link.status = status;
    } else if (entry.kind === 'pump') {
      if (status === 'active') {
        entry.link.speed = value;
        entry.link.status = value === 0 ? 'closed' : 'open';
      } else if (status === 'open') {
        entry.link.speed = 1;
        entry.link.status = 'open';
      } else {
        entry.link.status = 'closed';
      }
    } else {
      const valve = entry.link;
      if (valve.type === 'GPV') {
        if (status === 'active') this.fail(line, S, 'setting', `'${id}' is a GPV: OPEN or CLOSED only`);
        valve.status = status;
      } else {
        if (status === 'active') valve.setting = this.valveSetting(valve.type, value);
        valve.status = status;
      }
    }
  }

  protected readCoordinates(): void {
    // Junctions are found in junctionById (built while reading them); the few other nodes here.
    const others = new Map<string, { position?: { x: number; y: number } }>();
    for (const r of this.model.reservoirs) others.set(r.id, r);
    for (const tk of this.model.tanks) others.set(tk.id, tk);
    for (let at = 0, lines = this.extentsOf('COORDINATES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const id = line.tokens[0]!;
      const node = this.junctionById.get(id) ?? others.get(id);
      const x = parseNumber(line.tokens[1]);
      const y = parseNumber(line.tokens[2]);
      if (!node || x === undefined || y === undefined) {
        this.warn(line.line, 'COORDINATES', `coordinates of '${line.tokens[0]}' ignored (unknown node or not numbers)`);
        continue;
      }
      node.position = { x, y };
    }
  }

  protected readVertices(): void {
    for (let at = 0, lines = this.extentsOf('VERTICES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const entry = this.linkById.get(line.tokens[0]!);
      const x = parseNumber(line.tokens[1]);
      const y = parseNumber(line.tokens[2]);
      if (!entry || x === undefined || y === undefined) {
        this.warn(line.line, 'VERTICES', `vertex of '${line.tokens[0]}' ignored (unknown link or not numbers)`);
        continue;
      }
      (entry.link.vertices ??= []).push({ x, y });
    }
  }
}
