import { describe, expect, it } from 'vitest';
import { exampleNetworkDocument, isNetworkElementResult, NetworkDocument, NetworkToInpRequest, networkLinkIds, networkNodeIds, pumpEnergyKey } from './pipe-network-document.js';

describe('the network document', () => {
  it('accepts the example and names the columns of the result tables in the engine’s order', () => {
    expect(NetworkDocument.safeParse(exampleNetworkDocument()).success).toBe(true);
    expect(networkNodeIds(exampleNetworkDocument())).toEqual(['J1', 'J2', 'J3', 'J4', 'J5', 'J6', 'R1', 'T1']);
    expect(networkLinkIds(exampleNetworkDocument())).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9']);
  });

  it('refuses impossible values on their path', () => {
    const network = exampleNetworkDocument();
    network.pipes[2]!.diameter = 0;
    network.junctions[0]!.id = 'J 1;';
    const checked = NetworkToInpRequest.safeParse({ network });
    expect(checked.success).toBe(false);
    expect(checked.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['network.junctions.0.id', 'No semicolons, quotes or line breaks'],
      ['network.pipes.2.diameter', 'This field must be more than 0'],
    ]);
  });

  it('tells the network view’s results from the generic ones', () => {
    expect(['node:J1', 'link:P1', 'network_node_pressure', 'network_link_flow', 'totals', 'pressure'].map(isNetworkElementResult)).toEqual([true, true, true, true, false, false]);
    // Quality tables and each pump's energy figures are the view's; the network's energy totals stay generic.
    expect(['network_node_quality', 'network_link_quality', 'pump_energy:9:peak_power', 'peak_pumping_power', 'pumping_cost', 'min_quality', 'constructor'].map(isNetworkElementResult)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads the pump and the metric of a per-pump energy key', () => {
    expect(pumpEnergyKey('pump_energy:9:utilisation')).toEqual({ pump: '9', metric: 'utilisation' });
    expect(pumpEnergyKey('pump_energy:PS:1:energy_per_volume')).toEqual({ pump: 'PS:1', metric: 'energy_per_volume' });
    expect(pumpEnergyKey('pump_energy:9:speed')).toBeNull();
    expect(pumpEnergyKey('pump_energy::peak_power')).toBeNull();
    expect(pumpEnergyKey('peak_pumping_power')).toBeNull();
  });
});
