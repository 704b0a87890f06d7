// The network's demand model: demand-driven, or pressure-driven with its minimum and required
// pressures (kPa here, Pa in the document) and pressure exponent. A value is written when it is valid
// on its own; the gap between the two pressures needs both, so it is shown under the required
// pressure and keeps the network from being saved (validation.ts) until it holds.
import { Box, InputAdornment, MenuItem, TextField, Typography } from '@mui/material';
import { demandModelOf, pdaDisplay, pdaLabels, pdaProblems, pdaUnits, readPdaValue, setDemandModel, setPdaValue, type DemandModel, type PdaField } from '../model/demandModel';
import type { SectionProps } from './PatternsSection';
import { commitRead, useDraftText } from './useDraftText';

const models: { value: DemandModel; label: string }[] = [
  { value: 'dda', label: 'Demand-driven (DDA)' },
  { value: 'pda', label: 'Pressure-driven (PDA)' },
];

const fields: PdaField[] = ['minimumPressure', 'requiredPressure', 'exponent'];

export function DemandModelSection({ network, disabled, onEdit }: SectionProps) {
  const model = demandModelOf(network);
  const pda = network.options.pressureDrivenDemand;
  const problems = pdaProblems(network);
  return (
    <Box role="group" aria-label="Demand model" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        Demand-driven: every junction takes its full demand whatever its pressure. Pressure-driven: a junction takes nothing at or below the minimum pressure, its full demand at or above the required pressure, and
        ((p − minimum) / (required − minimum))^exponent of it between.
      </Typography>
      <TextField select size="small" label="Demand model" value={model} disabled={disabled} onChange={(event) => onEdit((n) => setDemandModel(n, event.target.value as DemandModel))} sx={{ maxWidth: 280 }}>
        {models.map((m) => (
          <MenuItem key={m.value} value={m.value}>
            {m.label}
          </MenuItem>
        ))}
      </TextField>
      {pda ? (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {fields.map((field) => (
            <PdaValueField
              key={field}
              field={field}
              si={pda[field]}
              problem={problems.find((p) => p.field === field)?.message ?? null}
              disabled={disabled}
              onCommit={(si) => onEdit((n) => setPdaValue(n, field, si))}
            />
          ))}
        </Box>
      ) : null}
      {pda ? (
        <Typography variant="caption" color="text.secondary">
          Switching to pressure-driven starts from 0 and 200 kPa (a common minimum service pressure) with exponent 0.5: set your network’s own.
        </Typography>
      ) : null}
    </Box>
  );
}

function PdaValueField({ field, si, problem, disabled, onCommit }: { field: PdaField; si: number; problem: string | null; disabled?: boolean; onCommit(si: number): void }) {
  const { error, inputProps } = useDraftText(() => String(pdaDisplay(field, si)), commitRead('si', (text) => readPdaValue(field, text), si, onCommit), [field, si]);
  const unit = pdaUnits[field];
  const message = error ?? problem;
  return (
    <TextField
      size="small"
      label={pdaLabels[field]}
      {...inputProps}
      error={Boolean(message)}
      disabled={disabled}
      helperText={message ?? (field === 'exponent' ? 'More than 0; 0.5 as an orifice' : `0 ${unit} or more`)}
      sx={{ width: 260 }}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined }}
    />
  );
}
