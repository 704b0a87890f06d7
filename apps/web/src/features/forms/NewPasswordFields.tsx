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
  // Both are password fields the browser may fill with a newly generated password.
  const password = { control, type: 'password', autoComplete: 'new-password' } as const;
  return (
    <>
      <FormTextField {...password} name={'new_password' as FieldPath<T>} label="New Password" autoFocus={autoFocus} validate={rules('required', ['min', limits.passwordMin])} />
      <FormTextField {...password} name={'confirm_password' as FieldPath<T>} label="Confirm Password" validate={all(rules('required'), sameAs(newPassword))} />
    </>
  );
}
