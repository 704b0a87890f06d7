import { useForm } from 'react-hook-form';
import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { limits } from '@simforge/contracts';
import { SaveCancelButtons } from '../../components/ui/SaveCancelButtons';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { FormCheckbox } from '../../components/ui/FormCheckbox';
import { FormTextField } from '../../components/ui/FormTextField';
import { rules, PASSWORDS_DO_NOT_MATCH } from '../../lib/formRules';
import { useServerSubmit } from '../forms/serverErrors';
import type { UserFields } from './usersApi';

export interface UserFormValues {
  full_name: string;
  email: string;
  is_superuser: boolean;
  is_active: boolean;
  /** Edit only: whether to set a new password. */
  set_password: boolean;
  password: string;
  confirm_password: string;
}

export const emptyUser: UserFormValues = {
  full_name: '',
  email: '',
  is_superuser: false,
  is_active: true,
  set_password: false,
  password: '',
  confirm_password: '',
};

/** The API body for the form's values: the password only when it is being set. */
export function userBody(values: UserFormValues, mode: 'create' | 'edit'): UserFields {
  const body: UserFields = {
    email: values.email.trim(),
    full_name: values.full_name.trim() || null,
    is_active: values.is_active,
    is_superuser: values.is_superuser,
  };
  if (mode === 'create' || values.set_password) body.password = values.password;
  return body;
}

interface Props {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  onSubmit: (body: UserFields) => Promise<void>;
  onCancel: () => void;
}

/** Create and edit a user: Full Name, E-mail, Is Superuser, Is Active, and the password pair. */
export function UserForm({ mode, initial, onSubmit, onCancel }: Props) {
  const { control, handleSubmit, getValues, setError, watch, formState } = useForm<UserFormValues>({ defaultValues: initial });
  const passwordEnabled = mode === 'create' || watch('set_password');
  const needsPassword = () => mode === 'create' || getValues('set_password');

  const { submit, failure } = useServerSubmit({ handleSubmit, setError }, { email: 'email', full_name: 'full_name', password: 'password', is_active: 'is_active', is_superuser: 'is_superuser' }, async (values) => {
    await onSubmit(userBody(values, mode));
  });

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent>
        <Box component="form" noValidate onSubmit={submit}>
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <FormTextField control={control} name="full_name" label="Full Name" autoComplete="off" />
          <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="off" validate={rules('required', 'email')} />
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 1 }}>
            <FormCheckbox control={control} name="is_superuser" label="Is Superuser" />
            <FormCheckbox control={control} name="is_active" label="Is Active" />
          </Box>
          <Divider sx={{ my: 2 }} />
          {mode === 'edit' ? (
            <FormCheckbox control={control} name="set_password" label="Set password" />
          ) : (
            <Typography variant="body2" color="text.secondary">
              At least {limits.passwordMin} characters.
            </Typography>
          )}
          <FormTextField
            control={control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            disabled={!passwordEnabled}
            validate={(value) => (needsPassword() ? rules('required', ['min', limits.passwordMin])(value) : true)}
          />
          <FormTextField
            control={control}
            name="confirm_password"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            disabled={!passwordEnabled}
            validate={(value) => {
              if (!needsPassword()) return true;
              const required = rules('required')(value);
              if (required !== true) return required;
              return value === getValues('password') ? true : PASSWORDS_DO_NOT_MATCH;
            }}
          />
          <SaveCancelButtons submitting={formState.isSubmitting} onCancel={onCancel} />
        </Box>
      </CardContent>
    </Card>
  );
}
