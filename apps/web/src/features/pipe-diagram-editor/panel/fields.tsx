// Inputs of the side panel and the bulk table: a number in its display unit with its range (the
// value is written when it is valid and the field is left or Enter is pressed), a choice, an id.
import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { formatNumber } from '../../../lib/displayUnits';
import { parseDisplay, toDisplay, type ChoiceProperty, type NumberSpec } from '../model/properties';
import { commitRead, useDraftText } from './useDraftText';

const shown = (property: NumberSpec, si: number | undefined) => (si === undefined ? '' : String(Number(toDisplay(property, si).toPrecision(10))));

export function NumberField({ property, si, onCommit, disabled, dense, label }: { property: NumberSpec; si: number | undefined; onCommit(si: number): void; disabled?: boolean; dense?: boolean; label?: string }) {
  // Primitive reset keys: the property objects may be rebuilt on every render, and a new object must not wipe what is being typed.
  const { error, inputProps } = useDraftText(() => shown(property, si), commitRead('si', (text) => parseDisplay(property, text), si, onCommit), [property.key, property.unit, si]);
  const name = label ?? property.label;
  return (
    <TextField
      size="small"
      fullWidth
      label={dense ? undefined : name}
      {...inputProps}
      disabled={disabled}
      helperText={dense ? (error ?? undefined) : (error ?? `${formatNumber(property.min)} to ${formatNumber(property.max)}${property.unit ? ` ${property.unit}` : ''}`)}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-label': dense ? name : undefined, 'data-property': property.key },
        input: property.unit ? { endAdornment: <InputAdornment position="end">{property.unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

export function ChoiceField({ property, value, onCommit, disabled, dense }: { property: ChoiceProperty; value: string; onCommit(value: string): void; disabled?: boolean; dense?: boolean }) {
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={dense ? undefined : property.label}
      value={value}
      disabled={disabled}
      onChange={(event) => onCommit(event.target.value)}
      slotProps={{ htmlInput: { 'aria-label': dense ? property.label : undefined } }}
    >
      {property.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Ids: non-empty, no spaces, semicolons or quotes (what an `.inp` line can carry), unique among nodes or among links. */
export function IdField({ id, taken, onCommit, disabled }: { id: string; taken: ReadonlySet<string>; onCommit(id: string): void; disabled?: boolean }) {
  const commit = (text: string) => {
    const next = text.trim();
    if (next === id) return null;
    if (next === '') return 'This field is required';
    if (/[\s;"]/.test(next)) return 'No spaces, semicolons or quotes';
    if (next.length > 31) return 'At most 31 characters';
    if (taken.has(next)) return `${next} is already used`;
    onCommit(next);
    return null;
  };
  const { error, inputProps } = useDraftText(() => id, commit, [id]);
  return (
    <TextField
      size="small"
      fullWidth
      label="ID"
      {...inputProps}
      disabled={disabled}
      helperText={error ?? ' '}
    />
  );
}
