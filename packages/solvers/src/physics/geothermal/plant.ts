// The plant over time: the production well feeds the plate exchanger, whose plant side takes water
// from the bottom of the store and returns it, heated, to the top (charging); the district draws
// from the top and sends its return into the bottom (discharging); the cooled brine is reinjected.
// The store is the hydraulic separator between the two loops, so both can run at once.
//
// One control step (time_step) at a time:
//   control     the well runs (storage mode) from when the store's upper sensor falls below the
//               charge start temperature until its bottom node passes the charge stop temperature,
//               and never while the brine is not warmer than the bottom of the store (continuous
//               mode: always, under that last condition);
//   demand      the demand at the middle of the step;
//   substeps    the store's node equations (tank.ts) in substeps short enough for the accuracy
//               rule of numerics.ts; in each, the load flow meets the demand at the current top
//               temperature (ṁ = P / (c (T_top - T_ret)), corrected by what the step's earlier
//               substeps delivered short or over, at most the maximum flow), and nothing is
//               delivered while the top is below the supply temperature; then buoyancy mixing;
//   ledger      energy from the brine (= heat charged into the store, through the exchanger),
//               delivered, lost and stored, every substep; unmet demand per step.
// The brine leaves the exchanger at T_reinj = T_prod - Q / (ṁ_w c_w), the reinjection temperature.

import { InvalidParametersError } from '../../errors.js';
import { rateHeatExchanger, type HeatExchangerRating } from './heat-exchanger.js';
import { MAX_SUBSTEPS, type PlantCase } from './parameters.js';
import { StratifiedTank } from './tank.js';

/** Tank energies are counted from 0 °C (smaller numbers, fewer lost digits). */
export const ENERGY_REFERENCE_TEMPERATURE = 273.15;

export interface SubstepPlan {
  substepsPerStep: number;
  /** Integration substeps of the whole run. */
  totalSubsteps: number;
  /** Control steps of the whole run (the last may be shorter). */
  steps: number;
}

/** How each control step is split, from the largest flows the store can see. */
export function planSubsteps(plant: PlantCase, tank: StratifiedTank): SubstepPlan {
  const longest = tank.stableStep(plant.heatExchanger.secondaryFlowRate, plant.demand.maxFlowRate, plant.numerics.maxExchangeNumber);
  const substepsPerStep = Math.max(1, Math.ceil(plant.timeStep / longest - 1e-9));
  const steps = Math.ceil(plant.duration / plant.timeStep - 1e-9);
  return { substepsPerStep, steps, totalSubsteps: substepsPerStep * steps };
}

export function buildTank(plant: PlantCase): StratifiedTank {
  return new StratifiedTank(
    plant.tank,
    { density: plant.fluid.density, specificHeat: plant.fluid.specificHeat, conductivity: plant.tank.conductivity },
    { coefficient: plant.tank.lossCoefficient, ambientTemperature: plant.tank.ambientTemperature },
    plant.tank.initialTemperature,
    plant.numerics.tank,
  );
}

/** Checks that the run stays within MAX_SUBSTEPS; InvalidParametersError names the fields to change. */
export function checkRunSize(plan: SubstepPlan): void {
  if (plan.totalSubsteps > MAX_SUBSTEPS) {
    throw new InvalidParametersError([
      {
        path: 'tank.nodes',
        message: `the store's nodes are so small for these flows that the run needs ${plan.totalSubsteps.toExponential(2)} substeps (at most ${MAX_SUBSTEPS.toExponential(0)}): use fewer nodes, a larger tank, smaller flows (heat_exchanger.secondary_flow_rate, demand.max_flow_rate) or a shorter duration`,
      },
    ]);
  }
}

/** Cumulative energies, J. */
export interface EnergyLedger {
  demand: number;
  delivered: number;
  unmet: number;
  /** Heat taken from the brine = heat charged into the store. */
  wellHeat: number;
  lost: number;
  /** Store energy now minus at the start. */
  stored: number;
}

/** One reported time: the store's profile and the means over the interval that ends here. */
export interface PlantRecord {
  time: number;
  /** Node temperatures, bottom to top, K. */
  tank: Float64Array;
  /** Interval means, W. */
  demand: number;
  delivered: number;
  unmet: number;
  wellHeat: number;
  lost: number;
  /** Share of the interval the well ran. */
  wellOnShare: number;
  /** K */
  productionTemperature: number;
  /** Mean reinjection temperature while the well ran in the interval (NaN when it did not). */
  reinjectionTemperature: number;
  ledger: EnergyLedger;
}

export interface PlantSimulation {
  records: PlantRecord[];
  ledger: EnergyLedger;
  heights: Float64Array;
  exchanger: HeatExchangerRating;
  plan: SubstepPlan;
  substep: number;
  maxTankTemperature: number;
  /** Reinjection temperature averaged over the well's running time, K (NaN if it never ran). */
  meanReinjectionTemperature: number;
  minReinjectionTemperature: number;
  wellRunningTime: number;
  wellStarts: number;
  /** Σ|per-substep ledger residual| / heat charged; and the largest residual of one substep, J. */
  ledgerResidual: { relative: number; largest: number };
  /** Time the store's top was below the supply temperature while there was demand, s. */
  coldTopTime: number;
}

export interface PlantHooks {
  /** Called every control step with the fraction done; may return a promise (abort, yielding). */
  checkpoint?(fraction: number): void | Promise<void>;
}

// Long function: the time loop over the plant's components, which share the state of one step.
export async function simulatePlant(plant: PlantCase, hooks: PlantHooks = {}): Promise<PlantSimulation> {
  const tank = buildTank(plant);
  const plan = planSubsteps(plant, tank);
  checkRunSize(plan);
  const c = plant.fluid.specificHeat;
  const hotCapacityRate = plant.well.massFlowRate * plant.well.specificHeat;
  const exchanger = rateHeatExchanger({ conductance: plant.heatExchanger.conductance, hotCapacityRate, coldCapacityRate: plant.heatExchanger.secondaryFlowRate * c });
  const chargeBlend = exchanger.effectiveConductance / (plant.heatExchanger.secondaryFlowRate * c);
  const { supplyTemperature, returnTemperature, maxFlowRate, profile } = plant.demand;
  const control = plant.control;

  const ledger: EnergyLedger = { demand: 0, delivered: 0, unmet: 0, wellHeat: 0, lost: 0, stored: 0 };
  const startEnergy = tank.energy(ENERGY_REFERENCE_TEMPERATURE);
  const interval = { demand: 0, delivered: 0, unmet: 0, wellHeat: 0, lost: 0, wellOn: 0, reinjection: 0, length: 0 };
  const records: PlantRecord[] = [
    {
      time: 0,
      tank: Float64Array.from(tank.temperatures),
      demand: 0,
      delivered: 0,
      unmet: 0,
      wellHeat: 0,
      lost: 0,
      wellOnShare: 0,
      productionTemperature: plant.well.temperature,
      reinjectionTemperature: Number.NaN,
      ledger: { ...ledger },
    },
  ];
  let charging = false;
  let wellStarts = 0;
  let wellRunningTime = 0;
  let reinjectionIntegral = 0;
  let minReinjection = Infinity;
  let maxTank = Math.max(...tank.temperatures);
  let residualSum = 0;
  let largestResidual = 0;
  let coldTopTime = 0;
  let energy = startEnergy;

  for (let step = 0; step < plan.steps; step++) {
    const t = step * plant.timeStep;
    const dt = Math.min(plant.timeStep, plant.duration - t);
    const production = plant.well.temperature - plant.well.declinePerSecond * (t + dt / 2);

    // control
    const wasCharging = charging;
    if (control.mode === 'continuous') charging = true;
    else if (charging && tank.bottomTemperature >= control.chargeStopTemperature) charging = false;
    else if (!charging && tank.temperatureAt(control.upperSensorHeight) < control.chargeStartTemperature) charging = true;
    if (production <= tank.bottomTemperature) charging = false;
    if (charging && !wasCharging) wellStarts++;

    // demand
    const demand = profile.power(t + dt / 2);
    const h = dt / plan.substepsPerStep;
    let deliveredEnergy = 0;
    for (let s = 0; s < plan.substepsPerStep; s++) {
      const top = tank.topTemperature;
      // The flow that brings the step's delivery so far up to its demand so far: the top cools (or
      // warms) within a substep, and what one substep missed the next one makes up.
      let loadFlow = 0;
      if (demand > 0 && top >= supplyTemperature) loadFlow = Math.min(maxFlowRate, Math.max(0, (demand * (s + 1) * h - deliveredEnergy) / (h * c * (top - returnTemperature))));
      else if (demand > 0) coldTopTime += h;
      const fluxes = tank.step(h, {
        chargeFlow: charging ? plant.heatExchanger.secondaryFlowRate : 0,
        chargeBlend,
        chargeSourceTemperature: production,
        loadFlow,
        returnTemperature,
      });
      tank.mixInvertedNodes();
      const after = tank.energy(ENERGY_REFERENCE_TEMPERATURE);
      const residual = after - energy - h * (fluxes.charged - fluxes.delivered - fluxes.lost);
      residualSum += Math.abs(residual);
      largestResidual = Math.max(largestResidual, Math.abs(residual));
      energy = after;
      deliveredEnergy += h * fluxes.delivered;
      ledger.wellHeat += h * fluxes.charged;
      ledger.lost += h * fluxes.lost;
      interval.wellHeat += h * fluxes.charged;
      interval.lost += h * fluxes.lost;
      if (charging) {
        const reinjection = production - fluxes.charged / hotCapacityRate;
        reinjectionIntegral += h * reinjection;
        interval.reinjection += h * reinjection;
        minReinjection = Math.min(minReinjection, reinjection);
      }
      maxTank = Math.max(maxTank, tank.topTemperature);
    }
    const demandEnergy = demand * dt;
    const unmet = Math.max(0, demandEnergy - deliveredEnergy);
    ledger.demand += demandEnergy;
    ledger.delivered += deliveredEnergy;
    ledger.unmet += unmet;
    interval.demand += demandEnergy;
    interval.delivered += deliveredEnergy;
    interval.unmet += unmet;
    interval.length += dt;
    if (charging) {
      wellRunningTime += dt;
      interval.wellOn += dt;
    }

    const last = step === plan.steps - 1;
    if ((step + 1) % plant.reportEvery === 0 || last) {
      ledger.stored = energy - startEnergy;
      const span = interval.length;
      records.push({
        time: t + dt,
        tank: Float64Array.from(tank.temperatures),
        demand: interval.demand / span,
        delivered: interval.delivered / span,
        unmet: interval.unmet / span,
        wellHeat: interval.wellHeat / span,
        lost: interval.lost / span,
        wellOnShare: interval.wellOn / span,
        productionTemperature: production,
        reinjectionTemperature: interval.wellOn > 0 ? interval.reinjection / interval.wellOn : Number.NaN,
        ledger: { ...ledger },
      });
      Object.assign(interval, { demand: 0, delivered: 0, unmet: 0, wellHeat: 0, lost: 0, wellOn: 0, reinjection: 0, length: 0 });
    }
    if (hooks.checkpoint) await hooks.checkpoint((step + 1) / plan.steps);
  }
  ledger.stored = energy - startEnergy;
  return {
    records,
    ledger,
    heights: Float64Array.from(tank.heights),
    exchanger,
    plan,
    substep: plant.timeStep / plan.substepsPerStep,
    maxTankTemperature: maxTank,
    meanReinjectionTemperature: wellRunningTime > 0 ? reinjectionIntegral / wellRunningTime : Number.NaN,
    minReinjectionTemperature: minReinjection,
    wellRunningTime,
    wellStarts,
    ledgerResidual: { relative: ledger.wellHeat > 0 ? residualSum / ledger.wellHeat : residualSum, largest: largestResidual },
    coldTopTime,
  };
}

/** Relative closure of the whole run: |ΔE_store - (E_well - E_delivered - E_lost)| / E_well. */
export function energyBalanceError(ledger: EnergyLedger): number {
  const scale = Math.max(ledger.wellHeat, ledger.delivered + ledger.lost, Math.abs(ledger.stored), Number.MIN_VALUE);
  return Math.abs(ledger.stored - (ledger.wellHeat - ledger.delivered - ledger.lost)) / scale;
}
