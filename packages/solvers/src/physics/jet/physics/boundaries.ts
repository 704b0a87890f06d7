// Long file: one BoundaryFaces record serves every variable's boundary update (velocity, T, k, ω, p) on the same face arrays (the curvilinear ring values in curvilinear-ring.ts, the inflow in inflow.ts); the table below maps them.
// Boundary conditions as data, resolved to one record per boundary face. Each face links its
// boundary node B (on the face, in the halo ring) and the adjacent cell P; the solver's equations
// read the ring values (Dirichlet) or ignore them (zero normal gradient, `fixed` = 0), and these
// routines keep the ring up to date for each variable:
//
//   kind       velocity                     T                       k, ω           p
//   wall       0 (no-slip)                  T_w, or ∂T/∂n = q/k     0, ω_w          linear extrapolation
//   symmetry   u_n = 0, ∂u_t/∂n = 0         ∂T/∂n = 0               ∂/∂n = 0        ∂p/∂n = 0
//   inlet      profile                      T_in                    k_in, ω_in      linear extrapolation
//   outlet     ∂u/∂n = 0 (mass-corrected)   ∂T/∂n = 0               ∂/∂n = 0        linear extrapolation
//   opening    u_n from the flux,           ∂T/∂n = 0;              ∂/∂n = 0;       out: p₀ (static)
//              ∂u_t/∂n = 0                  in: T_amb convected     in: ambient     in: p₀ − ½ρu_n²
//
// Entering fluid carries the inflow values (temperatureInflow, kInflow, omegaInflow) into the
// convection term; the ring values at openings stay zero-gradient, so nothing the gradients or the
// TVD stencils read jumps when the flow through an opening face changes direction (which otherwise
// locks the iteration into a limit cycle).
//
// ω at a wall follows Menter (1994): ω_w = 10 · 6ν / (β₁ Δy₁²) on the wall face, with Δy₁ the
// height of the wall-adjacent cell. (Menter's Δy₁ is the first node spacing of a vertex grid. Taking
// the half-cell distance of the centre instead lets ω spill ~40 % above the viscous-sublayer solution
// 6ν/(β₁ y²) into y⁺ ≈ 2–5 on a 1.1-graded grid, and the channel friction then drifts from −7 % at
// y⁺₁ = 0.6 to −2 % at y⁺₁ = 0.1; with the cell height it stays within −3 … −1.6 % over that range.)
//
// On a curvilinear grid (grid.curvilinear; planar) the records come from grid.faces: |S|, the node
// distance |d| from the cell's centroid to the face's midpoint (the ring node), the outward unit normal
// n̂ = ±S/|S|, and s the arc length along the side (offset by the side's first corner's x or y, so a
// straight axis-aligned side keeps its coordinate; over a ridge, the wall's arc length). The ring values
// follow the table in vector form: zero normal gradient is φ_B = φ_P + ∇φ_P·t, t the part of c_f − P
// along the face (the ring value the face's over-relaxed diffusion flux sees as zero flux), with ∇φ_P
// by Gauss on grid.faces (nonorthogonal-diffusion.ts) from the current ring; symmetry removes the normal
// component of that velocity, an opening replaces it by the face flux's. Walls take Δy₁ as the cell's
// height normal to the wall: the normal distance from the wall face to the cell's opposite face's
// midpoint, exact for parallelograms and for trapezoids whose opposite face is parallel to the wall
// (a sheared first row), and within the σ grid's taper of it beside a ridge. On FlowGrid's rectangles
// the Cartesian arithmetic below is kept as it was, bit for bit.

import { InvalidParametersError, type ParameterIssue } from '../../../errors.js';
import { SIDES, type BoundaryCondition, type FlowCase, type Side } from '../case.js';
import type { FlowGrid } from '../grid/grid.js';
import { PRIVATE_ARENA, type FieldArena } from '../../../numerics/field-arena.js';
import { INLET, OPENING, OUTLET, SYMMETRY, THERMAL_FLUX, THERMAL_TEMPERATURE, WALL } from './boundary-kinds.js';
import { CurvilinearRing, type RingSplitter } from './curvilinear-ring.js';
import { conditionAt, DEFAULT_INLET_TURBULENCE, DEFAULT_OPENING_TURBULENCE, inflowTurbulence, profileFactor, segmentAt } from './inflow.js';
import { BETA_1 } from './sst-constants.js';

export { WALL, SYMMETRY, INLET, OUTLET, OPENING } from './boundary-kinds.js';

export { BETA_1 } from './sst-constants.js';


/** One record per boundary face, in typed arrays (index k = 0 … count−1). */
export class BoundaryFaces {
  readonly count: number;
  /** Halo index of the boundary node, and of the adjacent cell. */
  readonly node: Int32Array;
  readonly cell: Int32Array;
  /** Halo index of the second cell inward (the first one again when the grid is one cell thick). */
  readonly inner: Int32Array;
  /** Index into Fx (axis 0) or Fy (axis 1): the node on the low side of the face. */
  readonly face: Int32Array;
  /** 0: an x-face (normal along x); 1: a y-face. */
  readonly axis: Uint8Array;
  /** +1 when the outward normal points along +x or +y, −1 otherwise. */
  readonly outward: Int8Array;
  readonly kind: Uint8Array;
  readonly side: Side[];
  /** m² (planar, per metre) or m² per radian. */
  readonly area: Float64Array;
  /** Distance from the boundary node to the cell centre (m). */
  readonly distance: Float64Array;
  /** Outward unit normal (exactly ±1 and 0 on FlowGrid's rectangles). */
  readonly nx: Float64Array;
  readonly ny: Float64Array;
  /** The cell centre's normal distance from the face, (c_f − P)·n̂ (m; the distance on rectangles). */
  readonly normalDistance: Float64Array;
  /** Tangential part t of c_f − P (0 on rectangles): zero-gradient ring values are φ_P + ∇φ_P·t. */
  readonly tx: Float64Array;
  readonly ty: Float64Array;
  /** Height of the adjacent cell normal to the face: Δy₁ of the wall's ω (m). */
  readonly height: Float64Array;
  /** The face's ends, from the low to the high end of s. */
  readonly x0: Float64Array;
  readonly y0: Float64Array;
  readonly x1: Float64Array;
  readonly y1: Float64Array;
  /** Face centre, and the coordinate along the side with the face's extent on it. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly s: Float64Array;
  readonly sFrom: Float64Array;
  readonly sTo: Float64Array;
  /** Prescribed inflow values (inlets; openings when fluid enters). */
  readonly uIn: Float64Array;
  readonly vIn: Float64Array;
  readonly temperatureIn: Float64Array;
  readonly kIn: Float64Array;
  readonly omegaIn: Float64Array;
  /** Opening static pressure (Pa). */
  readonly pressure: Float64Array;
  /** Walls: THERMAL_TEMPERATURE with wallTemperature, THERMAL_FLUX with heatFlux (W/m² into the fluid), or 0 (adiabatic). */
  readonly thermal: Uint8Array;
  readonly wallTemperature: Float64Array;
  readonly heatFlux: Float64Array;
  readonly omegaWall: Float64Array;
  /** Dirichlet flags on the halo, per variable (1: the ring value is imposed in the diffusion term). */
  readonly fixedU: Uint8Array;
  readonly fixedV: Uint8Array;
  readonly fixedT: Uint8Array;
  readonly fixedTurbulence: Uint8Array;
  /** Values carried in by entering fluid, at the ring nodes of inlets and openings (halo-sized). */
  readonly temperatureInflow: Float64Array;
  readonly kInflow: Float64Array;
  readonly omegaInflow: Float64Array;
  readonly hasOpening: boolean;
  readonly hasOutlet: boolean;
  /** Inlet segments whose profiles are recycled from the opposite side. */
  private readonly recycled: { faces: Int32Array; sources: Int32Array; mean: number; area: number }[] = [];
  /** Each side's extent in s (curvilinear grids; the axes' first and last faces otherwise). */
  private readonly sideRange = new Map<Side, [number, number]>();
  /** The ring values on a curvilinear grid, with their cell gradients (empty work arrays otherwise). */
  private readonly curved: CurvilinearRing;

  constructor(
    readonly grid: FlowGrid,
    flowCase: FlowCase,
    arena: FieldArena = PRIVATE_ARENA,
  ) {
    const { nx, ny, stride: W } = grid;
    const count = (this.count = 2 * (nx + ny));
    const i32 = (): Int32Array => new Int32Array(count);
    const f64 = (): Float64Array => arena.f64(count);
    [this.node, this.cell, this.inner, this.face] = [i32(), i32(), i32(), i32()];
    this.axis = new Uint8Array(count);
    this.outward = new Int8Array(count);
    this.kind = arena.u8(count);
    this.thermal = arena.u8(count);
    this.side = [];
    [this.area, this.distance, this.x, this.y, this.s, this.sFrom, this.sTo] = [f64(), f64(), f64(), f64(), f64(), f64(), f64()];
    [this.nx, this.ny, this.normalDistance, this.tx, this.ty, this.height] = [f64(), f64(), f64(), f64(), f64(), f64()];
    [this.x0, this.y0, this.x1, this.y1] = [f64(), f64(), f64(), f64()];
    const work = grid.curvilinear ? grid.size : 0;
    this.curved = new CurvilinearRing(this, arena, work);
    [this.uIn, this.vIn, this.temperatureIn, this.kIn, this.omegaIn, this.pressure] = [f64(), f64(), f64(), f64(), f64(), f64()];
    [this.wallTemperature, this.heatFlux, this.omegaWall] = [f64(), f64(), f64()];
    const u8 = (): Uint8Array => arena.u8(grid.size);
    [this.fixedU, this.fixedV, this.fixedT, this.fixedTurbulence] = [u8(), u8(), u8(), u8()];
    [this.temperatureInflow, this.kInflow, this.omegaInflow] = [arena.f64(grid.size), arena.f64(grid.size), arena.f64(grid.size)];

    const issues: ParameterIssue[] = [];
    const conditions = new Array<BoundaryCondition>(count);
    let k = 0;
    for (const side of SIDES) {
      const alongX = side === 'ymin' || side === 'ymax';
      const n = alongX ? nx : ny;
      for (let m = 1; m <= n; m++, k++) {
        let B: number, P: number, P2: number, distance: number;
        if (side === 'xmin') [B, P, P2, distance] = [W * m, 1 + W * m, Math.min(2, nx) + W * m, grid.x.spacing[0]!];
        else if (side === 'xmax') [B, P, P2, distance] = [nx + 1 + W * m, nx + W * m, Math.max(nx - 1, 1) + W * m, grid.x.spacing[nx]!];
        else if (side === 'ymin') [B, P, P2, distance] = [m, m + W, m + W * Math.min(2, ny), grid.y.spacing[0]!];
        else [B, P, P2, distance] = [m + W * (ny + 1), m + W * ny, m + W * Math.max(ny - 1, 1), grid.y.spacing[ny]!];
        const outward = side === 'xmin' || side === 'ymin' ? -1 : 1;
        this.node[k] = B;
        this.cell[k] = P;
        this.inner[k] = P2;
        this.face[k] = Math.min(B, P);
        this.axis[k] = alongX ? 1 : 0;
        this.outward[k] = outward;
        this.side.push(side);
        this.distance[k] = distance;
        this.area[k] = alongX ? grid.Ay[Math.min(B, P)]! : grid.Ax[Math.min(B, P)]!;
        const axis = alongX ? grid.x : grid.y;
        this.s[k] = axis.node[m]!;
        this.sFrom[k] = axis.faces[m - 1]!;
        this.sTo[k] = axis.faces[m]!;
        this.x[k] = alongX ? grid.x.node[m]! : side === 'xmin' ? grid.x.faces[0]! : grid.x.faces[nx]!;
        this.y[k] = alongX ? (side === 'ymin' ? grid.y.faces[0]! : grid.y.faces[ny]!) : grid.y.node[m]!;
        this.nx[k] = alongX ? 0 : outward;
        this.ny[k] = alongX ? outward : 0;
        this.normalDistance[k] = distance;
        this.height[k] = 2 * distance;
        [this.x0[k], this.x1[k]] = alongX ? [this.sFrom[k]!, this.sTo[k]!] : [this.x[k]!, this.x[k]!];
        [this.y0[k], this.y1[k]] = alongX ? [this.y[k]!, this.y[k]!] : [this.sFrom[k]!, this.sTo[k]!];
      }
    }
    if (grid.curvilinear) this.curvilinearGeometry();
    for (let f = 0; f < count; f++) {
      const side = this.side[f]!;
      const condition = conditionAt(flowCase.boundaries[side], this.s[f]!);
      if (!condition) issues.push({ path: `boundaries.${side}`, message: `no condition covers ${this.s[f]!.toPrecision(6)} m` });
      else conditions[f] = condition;
    }
    if (issues.length > 0) throw new InvalidParametersError(issues);

    const nu = flowCase.fluid.viscosity / flowCase.fluid.density;
    for (let f = 0; f < count; f++) this.describe(f, conditions[f]!, flowCase, nu);
    for (const side of SIDES) this.inletProfiles(side, conditions, flowCase);
    this.updateInflowValues();
    this.hasOpening = this.kind.includes(OPENING);
    this.hasOutlet = this.kind.includes(OUTLET);
    if (grid.geometry === 'axisymmetric' && grid.y.faces[0] === 0) {
      for (let f = 0; f < count; f++) {
        if (this.side[f] === 'ymin' && this.kind[f] !== SYMMETRY) {
          throw new InvalidParametersError([{ path: 'boundaries.ymin', message: 'the axis (r = 0) of an axisymmetric grid must be a symmetry boundary' }]);
        }
      }
    }
  }

  /**
   * The records' geometry from grid.faces and the mesh's corners (same faces, cells and order as on the
   * rectangles): see the header.
   */
  private curvilinearGeometry(): void {
    const grid = this.grid;
    const { nx, ny } = grid;
    const { cornerX, cornerY } = grid.mesh!;
    const { nodeX, nodeY } = grid.faces;
    const C = nx + 1;
    const corner = (i: number, j: number): number => i + C * j;
    for (let f = 0, start = 0; f < this.count; f++) {
      const side = this.side[f]!;
      const alongX = this.axis[f] === 1;
      const m = alongX ? (this.node[f]! % grid.stride) : Math.floor(this.node[f]! / grid.stride);
      // Ends a → b (increasing i or j), and the cell's opposite face c → d.
      let a: number, b: number, c: number, d: number;
      if (side === 'xmin') [a, b, c, d] = [corner(0, m - 1), corner(0, m), corner(1, m - 1), corner(1, m)];
      else if (side === 'xmax') [a, b, c, d] = [corner(nx, m - 1), corner(nx, m), corner(nx - 1, m - 1), corner(nx - 1, m)];
      else if (side === 'ymin') [a, b, c, d] = [corner(m - 1, 0), corner(m, 0), corner(m - 1, 1), corner(m, 1)];
      else [a, b, c, d] = [corner(m - 1, ny), corner(m, ny), corner(m - 1, ny - 1), corner(m, ny - 1)];
      const set = alongX ? grid.faces.yFaces : grid.faces.xFaces;
      const I = this.face[f]!;
      const area = set.area[I]!;
      const [nX, nY] = [(this.outward[f]! * set.Sx[I]!) / area, (this.outward[f]! * set.Sy[I]!) / area];
      const B = this.node[f]!;
      const P = this.cell[f]!;
      const [rx, ry] = [nodeX[B]! - nodeX[P]!, nodeY[B]! - nodeY[P]!];
      const normal = rx * nX + ry * nY;
      if (m === 1) start = alongX ? cornerX[a]! : cornerY[a]!;
      this.area[f] = area;
      this.distance[f] = set.distance[I]!;
      this.nx[f] = nX;
      this.ny[f] = nY;
      this.normalDistance[f] = normal;
      this.tx[f] = rx - normal * nX;
      this.ty[f] = ry - normal * nY;
      // From the opposite face's midpoint out to the wall face, along n̂.
      this.height[f] = (0.5 * (cornerX[a]! + cornerX[b]! - cornerX[c]! - cornerX[d]!)) * nX + (0.5 * (cornerY[a]! + cornerY[b]! - cornerY[c]! - cornerY[d]!)) * nY;
      this.x[f] = nodeX[B]!;
      this.y[f] = nodeY[B]!;
      [this.x0[f], this.y0[f], this.x1[f], this.y1[f]] = [cornerX[a]!, cornerY[a]!, cornerX[b]!, cornerY[b]!];
      this.sFrom[f] = start;
      start += area;
      this.sTo[f] = start;
      this.s[f] = 0.5 * (this.sFrom[f]! + this.sTo[f]!);
      if (m === 1) this.sideRange.set(side, [this.sFrom[f]!, 0]);
      this.sideRange.get(side)![1] = start;
    }
  }

  private describe(f: number, condition: BoundaryCondition, flowCase: FlowCase, nu: number): void {
    const B = this.node[f]!;
    const normalIsX = this.axis[f] === 0;
    const at = (value: number | ((x: number, y: number) => number)): number => (typeof value === 'number' ? value : value(this.x[f]!, this.y[f]!));
    // Menter's 10 · 6ν/(β₁ Δy₁²) with Δy₁ the height of the wall-adjacent cell (on rectangles twice
    // the distance of its centre): see the header.
    this.omegaWall[f] = (60 * nu) / (BETA_1 * this.height[f]! ** 2);
    switch (condition.kind) {
      case 'wall': {
        this.kind[f] = WALL;
        this.fixedU[B] = this.fixedV[B] = this.fixedTurbulence[B] = 1;
        const thermal = condition.thermal ?? { kind: 'adiabatic' };
        if (thermal.kind === 'temperature') {
          this.thermal[f] = THERMAL_TEMPERATURE;
          this.wallTemperature[f] = thermal.value;
          this.fixedT[B] = 1;
        } else if (thermal.kind === 'heat-flux') {
          this.thermal[f] = THERMAL_FLUX;
          this.heatFlux[f] = thermal.value;
        }
        return;
      }
      case 'symmetry':
        this.kind[f] = SYMMETRY;
        if (normalIsX) this.fixedU[B] = 1;
        else this.fixedV[B] = 1;
        return;
      case 'outlet':
        this.kind[f] = OUTLET;
        return;
      case 'inlet':
        this.kind[f] = INLET;
        this.fixedU[B] = this.fixedV[B] = this.fixedT[B] = this.fixedTurbulence[B] = 1;
        this.temperatureIn[f] = at(condition.temperature);
        return;
      case 'opening': {
        this.kind[f] = OPENING;
        this.pressure[f] = at(condition.pressure);
        this.temperatureIn[f] = condition.temperature;
        const [k, omega] = inflowTurbulence(condition.turbulence ?? DEFAULT_OPENING_TURBULENCE, flowCase.reference.velocity, nu);
        this.kIn[f] = k;
        this.omegaIn[f] = omega;
        return;
      }
    }
  }

  /** Inlet velocities (and turbulence) face by face, with the profile scaled to the inlet's mean. */
  private inletProfiles(side: Side, conditions: BoundaryCondition[], flowCase: FlowCase): void {
    const nu = flowCase.fluid.viscosity / flowCase.fluid.density;
    const radial = this.grid.geometry === 'axisymmetric' && (side === 'xmin' || side === 'xmax');
    const constantRadius = this.grid.geometry === 'axisymmetric' ? (side === 'ymin' ? this.grid.y.faces[0]! : this.grid.y.faces[this.grid.ny]!) : 1;
    // Σ A·u_n and Σ A per inlet segment, to make the discrete flow rate exactly mean × area.
    const sums = new Map<string, { flow: number; area: number; faces: number[]; mean: number; recycled: boolean }>();
    for (let f = 0; f < this.count; f++) {
      const condition = conditions[f]!;
      if (this.side[f] !== side || condition.kind !== 'inlet') continue;
      const segment = segmentAt(flowCase.boundaries[side], this.s[f]!);
      const from = segment?.from ?? this.sideStart(side);
      const to = segment?.to ?? this.sideEnd(side);
      const velocity = condition.velocity;
      let normal = 0;
      let tangential = 0;
      if (velocity.profile === 'custom') {
        const u = velocity.u(this.x[f]!, this.y[f]!);
        const v = velocity.v(this.x[f]!, this.y[f]!);
        this.uIn[f] = u;
        this.vIn[f] = v;
        normal = Math.abs(this.grid.curvilinear ? u * this.nx[f]! + v * this.ny[f]! : this.axis[f] === 0 ? u : v);
      } else {
        normal = velocity.mean * profileFactor(velocity, this.s[f]!, { from, to, weight: radial ? [0, 1] : [constantRadius, 0] });
        const inward = -this.outward[f]!;
        if (this.grid.curvilinear) [this.uIn[f], this.vIn[f]] = [-this.nx[f]! * normal, -this.ny[f]! * normal];
        else if (this.axis[f] === 0) [this.uIn[f], this.vIn[f]] = [inward * normal, tangential];
        else [this.uIn[f], this.vIn[f]] = [tangential, inward * normal];
        const key = `${from}:${to}`;
        const sum = sums.get(key) ?? { flow: 0, area: 0, faces: [], mean: velocity.mean, recycled: velocity.profile === 'recycled' };
        sum.flow += normal * this.area[f]!;
        sum.area += this.area[f]!;
        sum.faces.push(f);
        sums.set(key, sum);
      }
      const speed = velocity.profile === 'custom' ? normal : velocity.mean;
      const turbulence = condition.turbulence ?? DEFAULT_INLET_TURBULENCE;
      const [k, omega] = inflowTurbulence(turbulence, turbulence.velocity ?? (speed || flowCase.reference.velocity), nu);
      this.kIn[f] = k;
      this.omegaIn[f] = omega;
    }
    // The profile sampled at the face centres carries mean × area up to the midpoint rule's error;
    // scale it so that the discrete flow rate is exact.
    for (const sum of sums.values()) {
      if (sum.recycled) this.recycled.push({ faces: Int32Array.from(sum.faces), sources: Int32Array.from(sum.faces, (f) => this.opposite(f)), mean: sum.mean, area: sum.area });
      if (sum.flow === 0) continue;
      const scale = (sum.mean * sum.area) / sum.flow;
      for (const f of sum.faces) {
        this.uIn[f] *= scale;
        this.vIn[f] *= scale;
      }
    }
  }

  /** The cell next to the opposite side, across the grid from boundary face f. */
  private opposite(f: number): number {
    const { nx, ny, stride: W } = this.grid;
    const B = this.node[f]!;
    switch (this.side[f]) {
      case 'xmin':
        return B + nx;
      case 'xmax':
        return B - nx;
      case 'ymin':
        return B + W * ny;
      default:
        return B - W * ny;
    }
  }

  /**
   * Recycled inlets take the velocity, k and ω of the cells next to the opposite side (the normal
   * velocity scaled to the inlet's mean): the periodic, fully developed state of a straight duct.
   */
  recycle(u: Float64Array, v: Float64Array, k?: Float64Array, omega?: Float64Array): void {
    for (const { faces, sources, mean, area } of this.recycled) {
      let flow = 0;
      for (let m = 0; m < faces.length; m++) {
        const f = faces[m]!;
        const source = sources[m]!;
        const normal = this.grid.curvilinear ? -(this.nx[f]! * u[source]! + this.ny[f]! * v[source]!) : -this.outward[f]! * (this.axis[f] === 0 ? u[source]! : v[source]!);
        flow += normal * this.area[f]!;
      }
      if (!(flow > 0)) continue;
      const scale = (mean * area) / flow;
      for (let m = 0; m < faces.length; m++) {
        const f = faces[m]!;
        const source = sources[m]!;
        this.uIn[f] = scale * u[source]!;
        this.vIn[f] = scale * v[source]!;
        if (k && omega) {
          this.kIn[f] = k[source]!;
          this.omegaIn[f] = omega[source]!;
        }
      }
    }
    if (this.recycled.length > 0) this.updateInflowValues();
  }

  private updateInflowValues(): void {
    for (let f = 0; f < this.count; f++) {
      const B = this.node[f]!;
      this.temperatureInflow[B] = this.temperatureIn[f]!;
      this.kInflow[B] = this.kIn[f]!;
      this.omegaInflow[B] = this.omegaIn[f]!;
    }
  }

  private sideStart(side: Side): number {
    if (this.grid.curvilinear) return this.sideRange.get(side)![0];
    return side === 'ymin' || side === 'ymax' ? this.grid.x.faces[0]! : this.grid.y.faces[0]!;
  }

  private sideEnd(side: Side): number {
    if (this.grid.curvilinear) return this.sideRange.get(side)![1];
    return side === 'ymin' || side === 'ymax' ? this.grid.x.faces[this.grid.nx]! : this.grid.y.faces[this.grid.ny]!;
  }

  /** On a curvilinear grid, the ring's gradients of `fields` split by `parts` from now on (curvilinear-ring.ts). */
  splitRingGradients(parts: RingSplitter, fields: readonly Float64Array[]): void {
    if (this.grid.curvilinear) this.curved.splitGradients(parts, fields);
  }

  /** Velocity ring values from the cells (and, at openings with inflow, from the face flux F). */
  applyVelocity(u: Float64Array, v: Float64Array, Fx: Float64Array, Fy: Float64Array, density: number): void {
    if (this.grid.curvilinear) return this.curved.velocity(u, v, Fx, Fy, density);
    for (let f = 0; f < this.count; f++) {
      const B = this.node[f]!;
      const P = this.cell[f]!;
      switch (this.kind[f]) {
        case WALL:
          u[B] = 0;
          v[B] = 0;
          break;
        case SYMMETRY:
          if (this.axis[f] === 0) [u[B], v[B]] = [0, v[P]!];
          else [u[B], v[B]] = [u[P]!, 0];
          break;
        case INLET:
          u[B] = this.uIn[f]!;
          v[B] = this.vIn[f]!;
          break;
        case OUTLET:
          u[B] = u[P]!;
          v[B] = v[P]!;
          break;
        case OPENING: {
          // The normal component is the face velocity (continuous through a change of direction),
          // the tangential one has zero gradient.
          const flux = this.axis[f] === 0 ? Fx[this.face[f]!]! : Fy[this.face[f]!]!;
          const normal = this.area[f]! > 0 ? flux / (density * this.area[f]!) : 0;
          if (this.axis[f] === 0) [u[B], v[B]] = [normal, v[P]!];
          else [u[B], v[B]] = [u[P]!, normal];
          break;
        }
      }
    }
  }

  /** Temperature ring values; `conductivity` converts a wall heat flux to the wall temperature. */
  applyTemperature(T: Float64Array, conductivity: number): void {
    if (this.grid.curvilinear) return this.curved.temperature(T, conductivity);
    for (let f = 0; f < this.count; f++) {
      const B = this.node[f]!;
      const P = this.cell[f]!;
      switch (this.kind[f]) {
        case WALL:
          if (this.thermal[f] === THERMAL_TEMPERATURE) T[B] = this.wallTemperature[f]!;
          else T[B] = T[P]! + (this.heatFlux[f]! * this.distance[f]!) / conductivity;
          break;
        case INLET:
          T[B] = this.temperatureIn[f]!;
          break;
        default:
          T[B] = T[P]!;
      }
    }
  }

  /** k and ω ring values. */
  applyTurbulence(k: Float64Array, omega: Float64Array): void {
    if (this.grid.curvilinear) return this.curved.turbulence(k, omega);
    for (let f = 0; f < this.count; f++) {
      const B = this.node[f]!;
      const P = this.cell[f]!;
      const kind = this.kind[f];
      if (kind === WALL) {
        k[B] = 0;
        omega[B] = this.omegaWall[f]!;
      } else if (kind === INLET) {
        k[B] = this.kIn[f]!;
        omega[B] = this.omegaIn[f]!;
      } else {
        k[B] = k[P]!;
        omega[B] = omega[P]!;
      }
    }
  }

  /**
   * Pressure ring values: mirrored at symmetry planes, linearly extrapolated at walls, inlets and
   * outlets; at openings the ambient pressure p₀ is the static pressure where fluid leaves and the
   * total pressure where it enters (p_b = p₀ − ½ρu_n², fluid at rest outside accelerates into the
   * domain; a fixed static pressure would let entrainment grow without bound next to a jet).
   */
  applyPressure(p: Float64Array, Fx: Float64Array, Fy: Float64Array, density: number): void {
    const curvilinear = this.grid.curvilinear;
    const { gx, gy } = this.curved;
    if (curvilinear) this.curved.gradientBesideBoundary(p, gx, gy);
    for (let f = 0; f < this.count; f++) {
      const B = this.node[f]!;
      const P = this.cell[f]!;
      const kind = this.kind[f];
      if (kind === OPENING) {
        const outward = this.outwardFlux(f, Fx, Fy);
        const velocity = outward < 0 && this.area[f]! > 0 ? outward / (density * this.area[f]!) : 0;
        p[B] = this.pressure[f]! - 0.5 * density * velocity * velocity;
      }
      else if (curvilinear && kind === SYMMETRY) p[B] = this.curved.alongFace(f, p, gx, gy);
      else if (kind === SYMMETRY || this.inner[f] === P) p[B] = p[P]!;
      else p[B] = this.extrapolate(f, p);
    }
  }

  /** The value at the boundary node by linear extrapolation from the two cells next to it. */
  extrapolate(f: number, phi: Float64Array): number {
    const P = this.cell[f]!;
    const Q = this.inner[f]!;
    if (Q === P) return phi[P]!;
    if (this.grid.curvilinear) {
      // Along the broken line Q → P → B of the nodes, with its segments' lengths.
      const set = this.axis[f] === 0 ? this.grid.faces.xFaces : this.grid.faces.yFaces;
      return phi[P]! + ((phi[P]! - phi[Q]!) * this.distance[f]!) / set.distance[Math.min(P, Q)]!;
    }
    const axis = this.axis[f] === 0 ? this.grid.x : this.grid.y;
    const W = this.grid.stride;
    const spacing = this.axis[f] === 0 ? Math.abs(axis.node[P % W]! - axis.node[Q % W]!) : Math.abs(axis.node[Math.floor(P / W)]! - axis.node[Math.floor(Q / W)]!);
    return phi[P]! + ((phi[P]! - phi[Q]!) * this.distance[f]!) / spacing;
  }

  /** Outward mass flux through face f (kg/s per metre or per radian). */
  outwardFlux(f: number, Fx: Float64Array, Fy: Float64Array): number {
    return this.outward[f]! * (this.axis[f] === 0 ? Fx[this.face[f]!]! : Fy[this.face[f]!]!);
  }

  isHeatFluxWall(f: number): boolean {
    return this.kind[f] === WALL && this.thermal[f] === THERMAL_FLUX;
  }

  isTemperatureWall(f: number): boolean {
    return this.kind[f] === WALL && this.thermal[f] === THERMAL_TEMPERATURE;
  }
}
