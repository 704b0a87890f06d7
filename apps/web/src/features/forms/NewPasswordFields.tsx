import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { limits } from '@simforge/contracts';
import { FormTextField } from '../../components/ui/FormTextField';
import { all, rules, sameAs } from '../../lib/formRules';

interface NewPassword {
  new_password: string;
  confirm_password: string;
}

/**
 * The new password (at least the minimum length) and the same typed again, for a form whose values
 * hold `new_password` and `confirm_password`; `newPassword` reads the first for the comparison.
 */
export function NewPasswordFields<T extends FieldValues & NewPassword>({ control, newPassword, autoFocus }: { control: Control<T>; newPassword: () => unknown; autoFocus?: boolean }) {
  return (
    <>
      <FormTextField
        control={control}
        name={'new_password' as FieldPath<T>}
        label="New Password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        validate={rules('required', ['min', limits.passwordMin])}
      />
      <FormTextField
        control={control}
        name={'confirm_password' as FieldPath<T>}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        validate={all(rules('required'), sameAs(newPassword))}
      />
    </>
  );
}
