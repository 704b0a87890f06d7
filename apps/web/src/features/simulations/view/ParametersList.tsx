import { Box, Typography } from '@mui/material';
import { catalogueEntry, describeForm, getAtPath, isFieldVisible, type FormField } from '@simforge/contracts';
import { formatNumber } from '../../../lib/displayUnits';
import { fromSIIn, unitInSystem, useUnitSystem, type UnitSystem } from '../../../lib/unitSystems';

function valueText(field: FormField, value: unknown, system: UnitSystem): string {
  if (value === undefined || value === null) return '—';
  if (field.kind === 'enum') return field.options.find((o) => o.value === value)?.label ?? String(value);
  if (typeof value !== 'number') return String(value);
  const unit = unitInSystem(system, field.quantity, field.displayUnit);
  const shown = formatNumber(fromSIIn(value, unit), 8);
  return unit ? `${shown} ${unit}` : shown;
}

/** The inputs of a simulation, labelled and in the user's unit system (the schema says which and how). */
export function ParametersList({ type, parameters }: { type: string; parameters: Record<string, unknown> }) {
  const system = useUnitSystem();
  const schema = catalogueEntry(type)?.parameters;
  if (!schema) {
    return (
      <Box component="pre" sx={{ m: 0, fontSize: 12, overflow: 'auto' }}>
        {JSON.stringify(parameters, null, 2)}
      </Box>
    );
  }
  const fields = describeForm(schema).fields.filter((f) => isFieldVisible(f, parameters));
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(140px, auto) 1fr', columnGap: 2, rowGap: 0.75 }} aria-label="Parameters">
      {fields.map((field) => (
        <Box key={field.path} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {field.groups.length ? `${field.groups.join(' · ')} · ` : ''}
            {field.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>
            {valueText(field, getAtPath(parameters, field.path), system)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
