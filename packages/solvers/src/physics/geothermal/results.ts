// The plant's results in the shape of simulations.md: the summary keys, series over time (power
// flows as means over each reporting interval, temperatures, the cumulative energy ledger) and the
// store's temperature as a field over (time, height) for the heat map.

import type { Field, ScalarResult, Series, SeriesAxis, SolverOutput } from '../../run/types.js';
import type { PlantCase } from './parameters.js';
import { energyBalanceError, type PlantSimulation } from './plant.js';

function axis(name: string, unit: string, label: string, values: ArrayLike<number>): SeriesAxis {
  return { name, unit, label, values: Array.from(values) };
}

const scalar = (value: number | string, unit: string, label: string): ScalarResult => ({ value, unit, label });

/** Storage efficiency: (delivered + stored at the end - stored at the start) / charged. */
export function storageEfficiency(sim: PlantSimulation): number | undefined {
  const { ledger } = sim;
  return ledger.wellHeat > 0 ? (ledger.delivered + ledger.stored) / ledger.wellHeat : undefined;
}

export function plantSummary(plant: PlantCase, sim: PlantSimulation): Record<string, ScalarResult> {
  const { ledger } = sim;
  const summary: Record<string, ScalarResult> = {
    energy_delivered: scalar(ledger.delivered, 'J', 'Heat delivered to the district'),
    unmet_demand: scalar(ledger.unmet, 'J', 'Demand not met (store top below the supply temperature, or flow limit)'),
  };
  const efficiency = storageEfficiency(sim);
  if (efficiency !== undefined) summary['storage_efficiency'] = scalar(efficiency, '', 'Storage efficiency: (delivered + change of stored heat) / heat charged');
  summary['max_tank_temperature'] = scalar(sim.maxTankTemperature, 'K', 'Highest store temperature');
  if (Number.isFinite(sim.meanReinjectionTemperature)) {
    summary['reinjection_temperature'] = scalar(sim.meanReinjectionTemperature, 'K', 'Reinjection temperature (mean while the well runs)');
    summary['min_reinjection_temperature'] = scalar(sim.minReinjectionTemperature, 'K', 'Lowest reinjection temperature');
  }
  summary['energy_balance_error'] = scalar(energyBalanceError(ledger), '', 'Energy balance error: |Δstored - (from well - delivered - lost)| / from well');
  summary['energy_demand'] = scalar(ledger.demand, 'J', 'Heat demand');
  summary['demand_coverage'] = scalar(ledger.demand > 0 ? Math.min(1, ledger.delivered / ledger.demand) : 1, '', 'Share of the demand met');
  summary['well_heat'] = scalar(ledger.wellHeat, 'J', 'Heat taken from the brine (through the heat exchanger)');
  summary['tank_heat_loss'] = scalar(ledger.lost, 'J', 'Heat lost from the store to the ambient');
  summary['stored_energy_change'] = scalar(ledger.stored, 'J', 'Change of the heat stored (end minus start)');
  summary['well_operating_time'] = scalar(sim.wellRunningTime, 's', 'Time the well ran');
  summary['well_starts'] = scalar(sim.wellStarts, '', 'Times the well was started');
  summary['heat_exchanger_effectiveness'] = scalar(sim.exchanger.effectiveness, '', 'Heat-exchanger effectiveness (counterflow ε-NTU)');
  summary['mean_delivered_power'] = scalar(ledger.delivered / plant.duration, 'W', 'Mean delivered power');
  return summary;
}

export function plantSeries(sim: PlantSimulation): Record<string, Series> {
  const records = sim.records.slice(1);
  const time = () => axis('time', 's', 'Time (end of each reporting interval)', records.map((r) => r.time));
  const pick = (f: (r: (typeof records)[number]) => number) => records.map(f);
  const series: Record<string, Series> = {
    power: {
      label: 'Power flows (means over each reporting interval)',
      x: time(),
      y: [
        axis('demand', 'W', 'Demand', pick((r) => r.demand)),
        axis('delivered', 'W', 'Delivered', pick((r) => r.delivered)),
        axis('unmet', 'W', 'Unmet demand', pick((r) => r.unmet)),
        axis('well_heat', 'W', 'From the well (heat exchanger)', pick((r) => r.wellHeat)),
        axis('tank_loss', 'W', 'Store heat loss', pick((r) => r.lost)),
        axis('storage', 'W', 'Into the store (+) or out of it (−)', records.map((r, k) => (r.ledger.stored - sim.records[k]!.ledger.stored) / (r.time - sim.records[k]!.time))),
      ],
    },
    temperatures: {
      label: 'Temperatures',
      x: axis('time', 's', 'Time', sim.records.map((r) => r.time)),
      y: [
        axis('tank_top', 'K', 'Store top', sim.records.map((r) => r.tank[r.tank.length - 1]!)),
        axis('tank_bottom', 'K', 'Store bottom', sim.records.map((r) => r.tank[0]!)),
        axis('production', 'K', 'Production (well head)', sim.records.map((r) => r.productionTemperature)),
      ],
    },
    well: {
      label: 'Well operation (share of each reporting interval it ran)',
      x: time(),
      y: [axis('well_on', '', 'Share of the interval the well ran', pick((r) => r.wellOnShare))],
    },
    energy: {
      label: 'Energy ledger (cumulative)',
      x: axis('time', 's', 'Time', sim.records.map((r) => r.time)),
      y: [
        axis('demand', 'J', 'Demand', sim.records.map((r) => r.ledger.demand)),
        axis('delivered', 'J', 'Delivered', sim.records.map((r) => r.ledger.delivered)),
        axis('unmet', 'J', 'Unmet demand', sim.records.map((r) => r.ledger.unmet)),
        axis('well_heat', 'J', 'From the well', sim.records.map((r) => r.ledger.wellHeat)),
        axis('tank_loss', 'J', 'Store heat loss', sim.records.map((r) => r.ledger.lost)),
        axis('stored', 'J', 'Change of stored heat', sim.records.map((r) => r.ledger.stored)),
      ],
    },
  };
  // Reinjection only where the well ran (no brine flows otherwise).
  const running = records.filter((r) => Number.isFinite(r.reinjectionTemperature));
  if (running.length > 0) {
    series['reinjection'] = {
      label: 'Reinjection temperature (mean over the running time of each reporting interval)',
      x: axis('time', 's', 'Time (end of the reporting interval)', running.map((r) => r.time)),
      y: [axis('reinjection_temperature', 'K', 'Reinjection temperature', running.map((r) => r.reinjectionTemperature))],
    };
  }
  return series;
}

/** The store's node temperatures over (time, height): shape [times, nodes], height fastest. */
export function tankTemperatureField(sim: PlantSimulation): Field {
  const values: number[] = [];
  for (const record of sim.records) for (const t of record.tank) values.push(t);
  return {
    label: 'Store temperature versus height and time',
    unit: 'K',
    grid: {
      axes: [
        { name: 'time', unit: 's', values: sim.records.map((r) => r.time) },
        { name: 'height', unit: 'm', values: Array.from(sim.heights) },
      ],
    },
    shape: [sim.records.length, sim.heights.length],
    values,
  };
}

export function plantOutput(plant: PlantCase, sim: PlantSimulation): SolverOutput {
  return { summary: plantSummary(plant, sim), series: plantSeries(sim), fields: { tank_temperature: tankTemperatureField(sim) } };
}
