// GEOTHERMAL_PLANT_TES as a solver module: the parameters read into a PlantCase, the plant simulated
// over the period (plant.ts), and the results of simulations.md (results.ts).

import { estimateGeothermalPlant } from './estimate.js';
import { runPhases, type Phase, type RunContext } from '../../run/context.js';
import { fromCase, type SolverModule } from '../../run/solver-module.js';
import type { SolverOutput } from '../../run/types.js';
import { geothermalPlantDefaults, readPlantCase, type PlantCase } from './parameters.js';
import { energyBalanceError, simulatePlant, type PlantSimulation } from './plant.js';
import { plantOutput, storageEfficiency } from './results.js';

interface PlantRun {
  plant: PlantCase;
  simulation?: PlantSimulation;
  output?: SolverOutput;
}

const fmt = (value: number, digits = 5): string => Number(value.toPrecision(digits)).toString();
const celsius = (kelvin: number): string => `${fmt(kelvin - 273.15, 4)} °C`;
const mwh = (joules: number): string => `${fmt(joules / 3.6e9, 6)} MWh`;

const setupPhase: Phase<PlantRun> = {
  name: 'setup',
  weight: 1,
  run({ plant }, ctx) {
    const { well, heatExchanger: hx, tank, demand, control } = plant;
    ctx.info(
      `well: ${fmt(well.massFlowRate)} kg/s at ${celsius(well.temperature)}` +
        (well.declinePerSecond > 0 ? `, declining ${fmt(well.declinePerSecond * 365 * 86_400)} K per year` : '') +
        `; plate exchanger UA ${fmt(hx.conductance)} W/K, plant side ${fmt(hx.secondaryFlowRate)} kg/s`,
    );
    const volume = (Math.PI * tank.diameter * tank.diameter * tank.height) / 4;
    ctx.info(`store: ${fmt(volume)} m³ (${fmt(tank.height)} m high, ${fmt(tank.diameter)} m across) in ${tank.nodes} nodes, from ${celsius(tank.initialTemperature)}; loss ${fmt(tank.lossCoefficient)} W/(m²·K) to ${celsius(tank.ambientTemperature)}`);
    ctx.info(`demand: ${demand.profile.description}; supply at least ${celsius(demand.supplyTemperature)}, return ${celsius(demand.returnTemperature)}, at most ${fmt(demand.maxFlowRate)} kg/s`);
    ctx.info(
      control.mode === 'continuous'
        ? 'control: the well runs whenever the brine is warmer than the bottom of the store'
        : `control: charge from when the store at ${fmt(control.upperSensorHeight * 100, 3)} % of its height falls below ${celsius(control.chargeStartTemperature)} until its bottom passes ${celsius(control.chargeStopTemperature)}`,
    );
    for (const note of plant.notes) ctx.warn(note);
  },
};

const simulationPhase: Phase<PlantRun> = {
  name: 'simulation',
  weight: 20,
  async run(run, ctx) {
    const { plant } = run;
    const sim = await simulatePlant(plant, { checkpoint: (fraction) => ctx.checkpoint(fraction) });
    run.simulation = sim;
    ctx.info(
      `${sim.plan.steps} control steps of ${fmt(plant.timeStep)} s, each in ${sim.plan.substepsPerStep} substeps of ${fmt(sim.substep)} s ` +
        `(Crank-Nicolson, θ = ${plant.numerics.tank.theta}; node exchange number at most ${plant.numerics.maxExchangeNumber}); exchanger ε = ${fmt(sim.exchanger.effectiveness)} (NTU ${fmt(sim.exchanger.ntu)})`,
    );
    const { ledger } = sim;
    ctx.info(`energy ledger: from the well ${mwh(ledger.wellHeat)}, delivered ${mwh(ledger.delivered)}, lost ${mwh(ledger.lost)}, stored ${mwh(ledger.stored)}; demand ${mwh(ledger.demand)}, unmet ${mwh(ledger.unmet)}`);
    ctx.info(`energy balance error ${energyBalanceError(ledger).toExponential(2)} (sum of per-substep residuals ${sim.ledgerResidual.relative.toExponential(2)} of the heat from the well)`);
    ctx.info(`the well ran ${fmt(sim.wellRunningTime / 3600)} h in ${sim.wellStarts} start(s)`);
    if (sim.coldTopTime > 0) ctx.warn(`for ${fmt(sim.coldTopTime / 3600)} h the top of the store was below the supply temperature while there was demand (counted as unmet)`);
    const efficiency = storageEfficiency(sim);
    if (efficiency === undefined) ctx.info('the well never ran: no storage efficiency');
  },
};

const resultsPhase: Phase<PlantRun> = {
  name: 'results',
  weight: 1,
  run(run) {
    run.output = plantOutput(run.plant, run.simulation!);
  },
};

export async function solveGeothermalPlant(plant: PlantCase, ctx: RunContext): Promise<SolverOutput> {
  const run: PlantRun = { plant };
  await runPhases(ctx, run, [setupPhase, simulationPhase, resultsPhase]);
  return run.output!;
}

export const geothermalPlantSolver: SolverModule = {
  type: 'GEOTHERMAL_PLANT_TES',
  model: 'geothermal-tes',
  modelVersion: '1.0.0',
  title: 'Geothermal plant with a stratified store: well, plate exchanger (ε-NTU), multi-node tank, demand and charge control over time',
  parameterDefaults: geothermalPlantDefaults,
  ...fromCase(readPlantCase, solveGeothermalPlant, estimateGeothermalPlant),
};
