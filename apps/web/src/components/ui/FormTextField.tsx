import type { ReactNode } from 'react';
import { TextField } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues, type RegisterOptions } from 'react-hook-form';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  /** Also the accessible name of the input. */
  label: string;
  validate?: (value: unknown) => true | string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  multiline?: boolean;
  minRows?: number;
}

/** A text field bound to react-hook-form; a failed rule's message shows beside it (helper text). */
export function FormTextField<T extends FieldValues>({ control, name, label, validate, type = 'text', autoComplete, autoFocus, disabled, helperText, multiline, minRows }: Props<T>) {
  const rules = validate ? ({ validate: (value: unknown) => validate(value) } as RegisterOptions<T>) : undefined;
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          value={value ?? ''}
          inputRef={ref}
          label={label}
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          multiline={multiline}
          minRows={minRows}
          margin="normal"
        />
      )}
    />
  );
}
