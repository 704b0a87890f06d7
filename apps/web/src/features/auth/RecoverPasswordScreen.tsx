import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Box, Button, Typography } from '@mui/material';
import { FormTextField } from '../../components/ui/FormTextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { rules } from '../../lib/formRules';
import { useServerSubmit } from '../forms/serverErrors';
import { AuthLayout } from '../layout/AuthLayout';
import { paths } from '../../lib/redirects';
import { recoverPassword } from './passwordApi';

interface Values {
  email: string;
}

export function RecoverPasswordScreen() {
  const { control, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: { email: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { submit, failure } = useServerSubmit({ handleSubmit, setError }, { email: 'email' }, async ({ email }) => {
    await recoverPassword(email);
    setSentTo(email.trim());
  });

  return (
    <AuthLayout title="Password recovery" link={{ to: paths.login, label: 'Back to sign in' }}>
      {sentTo ? (
        <Alert severity="success">
          Check your inbox: if an account exists for {sentTo}, a link to set a new password is on its way. The link is valid for 48 hours and
          works once.
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Typography color="text.secondary">Enter the email address of your account and we will send you a link to set a new password.</Typography>
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" autoFocus validate={rules('required', 'email')} />
          <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={formState.isSubmitting}>
            Send recovery email
          </Button>
        </Box>
      )}
    </AuthLayout>
  );
}
