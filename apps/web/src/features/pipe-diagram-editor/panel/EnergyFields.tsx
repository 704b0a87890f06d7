// What pumping costs, in the side panel: the network's energy settings (shown with nothing selected)
// and a pump's own efficiency curve, price and price pattern (empty: the network's).
import { Box, Typography } from '@mui/material';
import type { NetworkDocument } from '@simforge/contracts';
import { energyDefaults, energyLabels, energyUnits, energyValueProblem, setEnergyField, setPumpEnergy, type EnergyNumber } from '../model/energy';
import { NONE } from '../model/properties';
import type { QualityValueSpec } from '../model/qualityFields';
import { OptionalNumberField, SelectField } from './optionalFields';

interface EnergyProps {
  network: NetworkDocument;
  disabled?: boolean;
  onEdit(edit: (network: NetworkDocument) => NetworkDocument): void;
}

const energySpec = (key: EnergyNumber, help = energyDefaults[key]): QualityValueSpec => ({ label: energyLabels[key], unit: energyUnits[key], help, problem: (value) => energyValueProblem(key, value) });

const patternOptions = (network: NetworkDocument, none: string) => [{ value: NONE, label: none }, ...network.patterns.map((p) => ({ value: p.id, label: p.id }))];
const optional = (value: string) => (value === NONE ? undefined : value);

export function NetworkEnergy({ network, disabled, onEdit }: EnergyProps) {
  const energy = network.energy ?? {};
  const number = (key: EnergyNumber) => <OptionalNumberField spec={energySpec(key)} value={energy[key]} disabled={disabled} onCommit={(value) => onEdit((n) => setEnergyField(n, key, value))} />;
  return (
    <Box role="group" aria-label="Energy" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        Energy
      </Typography>
      {number('efficiency')}
      {number('price')}
      <SelectField
        label="Price pattern"
        value={energy.pricePattern ?? NONE}
        options={patternOptions(network, 'None (constant)')}
        disabled={disabled}
        helperText="Multiplies the price over time"
        onChange={(value) => onEdit((n) => setEnergyField(n, 'pricePattern', optional(value)))}
      />
      {number('demandCharge')}
    </Box>
  );
}

export function PumpEnergy({ network, pumpId, disabled, onEdit }: EnergyProps & { pumpId: string }) {
  const pump = network.pumps.find((p) => p.id === pumpId);
  if (!pump) return null;
  const efficiencyCurves = network.curves.filter((c) => c.kind === 'efficiency').map((c) => ({ value: c.id, label: c.id }));
  const efficiency = network.energy?.efficiency ?? 75;
  return (
    <Box role="group" aria-label="Energy" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        Energy
      </Typography>
      <SelectField
        label="Efficiency curve"
        value={pump.efficiencyCurve ?? NONE}
        options={[{ value: NONE, label: `None (the network’s ${efficiency} %)` }, ...efficiencyCurves]}
        disabled={disabled}
        helperText="Efficiency (%) against flow; add one in the Curves tab"
        onChange={(value) => onEdit((n) => setPumpEnergy(n, pumpId, 'efficiencyCurve', optional(value)))}
      />
      <OptionalNumberField
        spec={energySpec('price', 'empty: the network’s price')}
        value={pump.energyPrice}
        disabled={disabled}
        onCommit={(value) => onEdit((n) => setPumpEnergy(n, pumpId, 'energyPrice', value))}
      />
      <SelectField
        label="Price pattern"
        value={pump.pricePattern ?? NONE}
        options={patternOptions(network, 'None (the network’s)')}
        disabled={disabled}
        onChange={(value) => onEdit((n) => setPumpEnergy(n, pumpId, 'pricePattern', optional(value)))}
      />
    </Box>
  );
}
