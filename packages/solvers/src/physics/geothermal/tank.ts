// The stratified storage tank: N fully mixed nodes stacked from the bottom (node 0) to the top
// (node N-1), each of mass m = ρ A H/N, exchanging heat by
//
//   m c dT_i/dt = c F (T_up,below - T_up,above)          net vertical flow F, upwind (face values)
//               + K (T_{i+1} - 2 T_i + T_{i-1})          conduction, K = k A / Δz
//               - UA_i (T_i - T_amb)                     loss through the wall (and the lid and floor)
//               + the ports: the charge stream enters the top at T_c and leaves the bottom,
//                 the load stream leaves the top and comes back into the bottom at T_ret,
//
// with F = ṁ_load - ṁ_charge (upward positive) through every internal face (mass balance of equal
// nodes). The charge stream is heated in the plate exchanger from the bottom temperature, so
// T_c = (1 - a) T_0 + a T_source with a = ε C_min / C_charge: the top row depends on the bottom
// node, one entry outside the tridiagonal band (a rank-one correction, Sherman-Morrison).
//
// Time: the θ-scheme (θ = ½, Crank-Nicolson, second order) on the linear system, then the buoyancy
// step: nodes whose temperature falls with height are mixed with their neighbours until the column
// is stable (the "mix inverted nodes" treatment of multi-node tank models such as TRNSYS Type 4;
// here a pool-adjacent-violators pass, which gives the energy-conserving stable column in one
// sweep). The energy that crossed each port is the port's flow times the θ-average of the
// temperatures, so the ledger Σ m c ΔT = Δt (charged - delivered - lost) holds to round-off.
//
// With no charge stream, conduction, loss or mixing, the node equations are the tanks-in-series
// model, whose outlet response to a step in the inlet temperature is exact (see tank.test.ts).

export interface TankGeometry {
  /** m */
  height: number;
  /** m */
  diameter: number;
  nodes: number;
}

export interface TankFluid {
  /** kg/m³ */
  density: number;
  /** J/(kg·K) */
  specificHeat: number;
  /** Effective vertical conductivity (water plus wall), W/(m·K). */
  conductivity: number;
}

export interface TankLoss {
  /** W/(m²·K) of outer surface (wall, lid and floor). */
  coefficient: number;
  /** K */
  ambientTemperature: number;
}

export interface TankNumerics {
  /** θ of the time scheme: ½ Crank-Nicolson, 1 backward Euler. */
  theta: number;
}

export const defaultTankNumerics: TankNumerics = { theta: 0.5 };

/** What flows through the ports during one step (kg/s, K); zero flows close a port. */
export interface TankPorts {
  chargeFlow: number;
  /** a in T_c = (1 - a) T_bottom + a T_source (0 ≤ a ≤ 1). */
  chargeBlend: number;
  /** K */
  chargeSourceTemperature: number;
  loadFlow: number;
  /** K */
  returnTemperature: number;
}

/** Mean rates over a step, W, from the θ-averaged temperatures. */
export interface TankStepFluxes {
  /** Heat carried in by the charge stream (above the bottom temperature it left at). */
  charged: number;
  /** Heat carried out by the load stream (above the return temperature). */
  delivered: number;
  /** Heat lost to the ambient. */
  lost: number;
  /** θ-averaged bottom and top temperatures, K. */
  bottomTemperature: number;
  topTemperature: number;
}

export class StratifiedTank {
  readonly nodes: number;
  readonly temperatures: Float64Array;
  /** m c of one node, J/K. */
  readonly nodeCapacity: number;
  /** k A / Δz between neighbours, W/K. */
  readonly conductance: number;
  /** UA of each node, W/K. */
  readonly lossConductance: Float64Array;
  /** Heights of the node centres, m. */
  readonly heights: Float64Array;
  readonly nodeMass: number;
  private readonly lower: Float64Array;
  private readonly diag: Float64Array;
  private readonly upper: Float64Array;
  private readonly rhs: Float64Array;
  private readonly y: Float64Array;
  private readonly z: Float64Array;
  private readonly pivot: Float64Array;
  private readonly modifiedUpper: Float64Array;
  private readonly old: Float64Array;

  constructor(
    readonly geometry: TankGeometry,
    readonly fluid: TankFluid,
    readonly loss: TankLoss,
    initialTemperature: number | readonly number[],
    readonly numerics: TankNumerics = defaultTankNumerics,
  ) {
    const n = geometry.nodes;
    this.nodes = n;
    const area = (Math.PI * geometry.diameter * geometry.diameter) / 4;
    const dz = geometry.height / n;
    this.nodeMass = fluid.density * area * dz;
    this.nodeCapacity = this.nodeMass * fluid.specificHeat;
    this.conductance = (fluid.conductivity * area) / dz;
    this.lossConductance = new Float64Array(n);
    this.heights = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const ends = (i === 0 ? area : 0) + (i === n - 1 ? area : 0);
      this.lossConductance[i] = loss.coefficient * (Math.PI * geometry.diameter * dz + ends);
      this.heights[i] = (i + 0.5) * dz;
    }
    this.temperatures = new Float64Array(n);
    for (let i = 0; i < n; i++) this.temperatures[i] = typeof initialTemperature === 'number' ? initialTemperature : initialTemperature[i]!;
    this.lower = new Float64Array(n);
    this.diag = new Float64Array(n);
    this.upper = new Float64Array(n);
    this.rhs = new Float64Array(n);
    this.y = new Float64Array(n);
    this.z = new Float64Array(n);
    this.pivot = new Float64Array(n);
    this.modifiedUpper = new Float64Array(n);
    this.old = new Float64Array(n);
  }

  /** Σ m c (T_i - T_ref), J. */
  energy(referenceTemperature: number): number {
    let sum = 0;
    for (let i = 0; i < this.nodes; i++) sum += this.temperatures[i]! - referenceTemperature;
    return sum * this.nodeCapacity;
  }

  get bottomTemperature(): number {
    return this.temperatures[0]!;
  }

  get topTemperature(): number {
    return this.temperatures[this.nodes - 1]!;
  }

  /** Temperature at a relative height (0 bottom, 1 top): the node that holds it. */
  temperatureAt(relativeHeight: number): number {
    const i = Math.min(this.nodes - 1, Math.max(0, Math.floor(relativeHeight * this.nodes)));
    return this.temperatures[i]!;
  }

  /**
   * The largest step for which every node's exchange number Δt Σ|coefficients| / (m c) stays at or
   * below `limit` with these flows (the accuracy control of the caller; θ = ½ stays free of
   * oscillations up to 2).
   */
  stableStep(maxChargeFlow: number, maxLoadFlow: number, limit: number): number {
    const c = this.fluid.specificHeat;
    let rate = 0;
    for (let i = 0; i < this.nodes; i++) {
      const neighbours = (i > 0 ? 1 : 0) + (i < this.nodes - 1 ? 1 : 0);
      rate = Math.max(rate, (c * (maxChargeFlow + maxLoadFlow) + neighbours * this.conductance + this.lossConductance[i]!) / this.nodeCapacity);
    }
    return rate > 0 ? limit / rate : Infinity;
  }

  /** Advances the node temperatures by dt (s) with these ports; returns the mean port and loss rates. */
  step(dt: number, ports: TankPorts): TankStepFluxes {
    const n = this.nodes;
    const c = this.fluid.specificHeat;
    const theta = this.numerics.theta;
    const T = this.temperatures;
    const { lower, diag, upper, rhs } = this;
    // L T + b, assembled as its tridiagonal part (lower, diag, upper), the top row's bottom entry
    // `corner` and b (into rhs).
    lower.fill(0);
    diag.fill(0);
    upper.fill(0);
    rhs.fill(0);
    const K = this.conductance;
    for (let i = 0; i + 1 < n; i++) {
      diag[i] -= K;
      upper[i] += K;
      diag[i + 1] -= K;
      lower[i + 1] += K;
    }
    for (let i = 0; i < n; i++) {
      diag[i] -= this.lossConductance[i]!;
      rhs[i] += this.lossConductance[i]! * this.loss.ambientTemperature;
    }
    const up = c * (ports.loadFlow - ports.chargeFlow);
    for (let i = 0; i + 1 < n; i++) {
      if (up >= 0) {
        diag[i] -= up;
        lower[i + 1] += up;
      } else {
        diag[i + 1] += up;
        upper[i] -= up;
      }
    }
    const top = n - 1;
    const charge = c * ports.chargeFlow;
    const load = c * ports.loadFlow;
    diag[0] -= charge;
    rhs[0] += load * ports.returnTemperature;
    diag[top] -= load;
    rhs[top] += charge * ports.chargeBlend * ports.chargeSourceTemperature;
    let corner = charge * (1 - ports.chargeBlend);
    if (n === 1) {
      diag[0] += corner;
      corner = 0;
    } else if (n === 2) {
      lower[1] += corner;
      corner = 0;
    }

    // (C/Δt - θ L) T_new = (C/Δt + (1 - θ) L) T_old + b
    const capacityRate = this.nodeCapacity / dt;
    this.old.set(T);
    for (let i = 0; i < n; i++) {
      let explicit = diag[i]! * T[i]!;
      if (i > 0) explicit += lower[i]! * T[i - 1]!;
      if (i < n - 1) explicit += upper[i]! * T[i + 1]!;
      if (i === top) explicit += corner * T[0]!;
      rhs[i] = capacityRate * T[i]! + (1 - theta) * explicit + rhs[i]!;
      diag[i] = capacityRate - theta * diag[i]!;
      lower[i] = -theta * lower[i]!;
      upper[i] = -theta * upper[i]!;
    }
    this.factor();
    this.solveFactored(rhs, this.y);
    if (corner !== 0) {
      // A = Tri + e_top (γ e_0)ᵀ: x = y - (γ y_0 / (1 + γ z_0)) z with Tri z = e_top (Sherman-Morrison).
      const gamma = -theta * corner;
      this.z.fill(0);
      this.z[top] = 1;
      this.solveFactored(this.z, this.z);
      const scale = (gamma * this.y[0]!) / (1 + gamma * this.z[0]!);
      for (let i = 0; i < n; i++) T[i] = this.y[i]! - scale * this.z[i]!;
    } else {
      T.set(this.y);
    }

    const averaged = (i: number): number => theta * T[i]! + (1 - theta) * this.old[i]!;
    const bottom = averaged(0);
    const topAverage = averaged(top);
    let lost = 0;
    for (let i = 0; i < n; i++) lost += this.lossConductance[i]! * (averaged(i) - this.loss.ambientTemperature);
    return {
      charged: charge * ports.chargeBlend * (ports.chargeSourceTemperature - bottom),
      delivered: load * (topAverage - ports.returnTemperature),
      lost,
      bottomTemperature: bottom,
      topTemperature: topAverage,
    };
  }

  /**
   * Buoyancy: mixes every run of nodes whose temperature falls with height into their mean (equal
   * node masses), until the column rises monotonically. Returns the number of nodes that mixed.
   */
  mixInvertedNodes(): number {
    const T = this.temperatures;
    const n = this.nodes;
    let inverted = false;
    for (let i = 0; i + 1 < n; i++) if (T[i]! > T[i + 1]!) inverted = true;
    if (!inverted) return 0;
    // Pool adjacent violators: blocks of (sum, count) kept non-decreasing from the bottom up.
    const sums: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < n; i++) {
      let sum = T[i]!;
      let count = 1;
      while (sums.length > 0 && sums[sums.length - 1]! / counts[counts.length - 1]! > sum / count) {
        sum += sums.pop()!;
        count += counts.pop()!;
      }
      sums.push(sum);
      counts.push(count);
    }
    let mixed = 0;
    let i = 0;
    for (let b = 0; b < sums.length; b++) {
      const mean = sums[b]! / counts[b]!;
      if (counts[b]! > 1) mixed += counts[b]!;
      for (let k = 0; k < counts[b]!; k++) T[i++] = mean;
    }
    return mixed;
  }

  private factor(): void {
    const n = this.nodes;
    const { lower, diag, upper, pivot, modifiedUpper } = this;
    for (let i = 0; i < n; i++) {
      const p = i === 0 ? diag[0]! : diag[i]! - lower[i]! * modifiedUpper[i - 1]!;
      pivot[i] = p;
      modifiedUpper[i] = upper[i]! / p;
    }
  }

  private solveFactored(rhs: Float64Array, out: Float64Array): void {
    const n = this.nodes;
    const { lower, pivot, modifiedUpper } = this;
    out[0] = rhs[0]! / pivot[0]!;
    for (let i = 1; i < n; i++) out[i] = (rhs[i]! - lower[i]! * out[i - 1]!) / pivot[i]!;
    for (let i = n - 2; i >= 0; i--) out[i] = out[i]! - modifiedUpper[i]! * out[i + 1]!;
  }
}
