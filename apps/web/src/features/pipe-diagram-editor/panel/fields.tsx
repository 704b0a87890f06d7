// Inputs of the side panel and the bulk table: a number in its display unit with its range (the
// value is written when it is valid and the field is left or Enter is pressed), a choice, an id.
import { useEffect, useState } from 'react';
import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { formatNumber } from '../../../lib/displayUnits';
import { parseDisplay, toDisplay, type ChoiceProperty, type NumberSpec } from '../model/properties';

const shown = (property: NumberSpec, si: number | undefined) => (si === undefined ? '' : String(Number(toDisplay(property, si).toPrecision(10))));

export function NumberField({ property, si, onCommit, disabled, dense, label }: { property: NumberSpec; si: number | undefined; onCommit(si: number): void; disabled?: boolean; dense?: boolean; label?: string }) {
  const [text, setText] = useState(() => shown(property, si));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(shown(property, si));
    setError(null);
    // Primitive dependencies: the property objects may be rebuilt on every render, and a new object must not wipe what is being typed.
  }, [property.key, property.unit, si]); // eslint-disable-line react-hooks/exhaustive-deps
  const commit = () => {
    const parsed = parseDisplay(property, text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    if (parsed.si !== si) onCommit(parsed.si);
  };
  const name = label ?? property.label;
  return (
    <TextField
      size="small"
      fullWidth
      label={dense ? undefined : name}
      value={text}
      disabled={disabled}
      error={Boolean(error)}
      helperText={dense ? (error ?? undefined) : (error ?? `${formatNumber(property.min)} to ${formatNumber(property.max)}${property.unit ? ` ${property.unit}` : ''}`)}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
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
  const [text, setText] = useState(id);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(id);
    setError(null);
  }, [id]);
  const commit = () => {
    const next = text.trim();
    if (next === id) return setError(null);
    if (next === '') return setError('This field is required');
    if (/[\s;"]/.test(next)) return setError('No spaces, semicolons or quotes');
    if (next.length > 31) return setError('At most 31 characters');
    if (taken.has(next)) return setError(`${next} is already used`);
    setError(null);
    onCommit(next);
  };
  return (
    <TextField
      size="small"
      fullWidth
      label="ID"
      value={text}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? ' '}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}
