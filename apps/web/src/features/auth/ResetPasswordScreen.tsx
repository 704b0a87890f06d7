import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams, Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { limits } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { NewPasswordFields } from '../forms/NewPasswordFields';
import { useServerSubmit } from '../forms/serverErrors';
import { AuthLayout } from '../layout/AuthLayout';
import { AuthNotice } from './AuthNotice';
import { paths } from '../../lib/redirects';
import { resetPassword } from './passwordApi';

interface Values {
  new_password: string;
  confirm_password: string;
}

/** The sign-in page that says the reset worked (it waits for the user instead of leaving at once). */
export const PASSWORD_RESET_LOGIN = `${paths.login}?password_reset=1`;

/** Time to read the success message before going on to sign in. */
export const AFTER_RESET_DELAY_MS = 2000;

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { control, handleSubmit, setError, getValues, formState } = useForm<Values>({ defaultValues: { new_password: '', confirm_password: '' } });
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(PASSWORD_RESET_LOGIN), AFTER_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const { submit, failure } = useServerSubmit({ handleSubmit, setError }, { new_password: 'new_password' }, async ({ new_password }) => {
    await resetPassword(token, new_password);
    setDone(true);
  });

  if (!token) {
    return (
      <AuthLayout title="Set a new password">
        <ErrorAlert>This link has no reset token. Open the link from the recovery email again, or ask for a new one.</ErrorAlert>
        <Button variant="contained" component={RouterLink} to={paths.recoverPassword}>
          Send a new recovery email
        </Button>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthNotice title="Set a new password" severity="success" next={{ label: 'Sign in', onClick: () => navigate(PASSWORD_RESET_LOGIN) }}>
        Password successfully reset. Taking you to sign in...
      </AuthNotice>
    );
  }

  return (
    <AuthLayout title="Set a new password" link={{ to: paths.recoverPassword, label: 'Request a new link' }}>
      <Box component="form" noValidate onSubmit={submit}>
        <Typography color="text.secondary">Choose a new password of at least {limits.passwordMin} characters.</Typography>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <NewPasswordFields control={control} newPassword={() => getValues('new_password')} autoFocus />
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={formState.isSubmitting}>
          Reset password
        </Button>
      </Box>
    </AuthLayout>
  );
}
