// GEOTHERMAL_PLANT_TES: a geothermal well, a plate heat exchanger, a stratified store and a district
// demand over time (module.ts).
//
//   readPlantCase(parameters) -> PlantCase (validated, SI; a CSV demand read with line numbers)
//   simulatePlant(case) -> PlantSimulation (records, energy ledger)
//   StratifiedTank: the multi-node store on its own (tanks-in-series verification)

export { readPlantCase, geothermalPlantDefaults, DEFAULT_DEMAND_CSV, type GeothermalPlantParameters, type PlantCase } from './parameters.js';
export { simulatePlant, energyBalanceError, type PlantSimulation, type EnergyLedger } from './plant.js';
export { StratifiedTank, type TankPorts } from './tank.js';
export { counterflowEffectiveness } from './heat-exchanger.js';
export { parseDemandCsv, DAILY_SHAPE } from './demand.js';
export { geothermalPlantSolver, solveGeothermalPlant } from './module.js';
