import { Checkbox, FormControlLabel } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export function FormCheckbox<T extends FieldValues>({ control, name, label, disabled }: { control: Control<T>; name: FieldPath<T>; label: string; disabled?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} slotProps={{ input: { ref: field.ref } }} />}
        />
      )}
    />
  );
}
