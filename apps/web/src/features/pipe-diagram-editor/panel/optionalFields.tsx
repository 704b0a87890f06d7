// Inputs of the water-quality and energy settings: a number with its unit that may be left empty
// (the engine's default, or the network's value for an element), written when it is valid and the
// field is left or Enter is pressed; and a choice among named options.
import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { readQualityValue, type QualityValueSpec } from '../model/qualityFields';
import { commitRead, useDraftText } from './useDraftText';

const shown = (value: number | undefined) => (value === undefined ? '' : String(Number(value.toPrecision(12))));

export function OptionalNumberField({ spec, value, onCommit, disabled }: { spec: QualityValueSpec; value: number | undefined; onCommit(value: number | undefined): void; disabled?: boolean }) {
  const { error, inputProps } = useDraftText(
    () => shown(value),
    commitRead('value', (text) => readQualityValue(spec, text), value, onCommit),
    // Primitive keys: the spec is rebuilt on every render and must not wipe what is being typed.
    [spec.label, spec.unit, value],
  );
  return (
    <TextField
      size="small"
      fullWidth
      label={spec.label}
      {...inputProps}
      disabled={disabled}
      helperText={error ?? spec.help}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: spec.unit ? { endAdornment: <InputAdornment position="end">{spec.unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({ label, value, options, onChange, disabled, helperText }: { label: string; value: string; options: readonly SelectOption[]; onChange(value: string): void; disabled?: boolean; helperText?: string }) {
  // A value the options lack (a missing node or pattern) is still shown, marked, rather than blanked.
  const all = options.some((o) => o.value === value) || value === '' ? options : [...options, { value, label: `${value} (missing)` }];
  return (
    <TextField select size="small" fullWidth label={label} value={value} disabled={disabled} helperText={helperText} onChange={(event) => onChange(event.target.value)}>
      {all.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
