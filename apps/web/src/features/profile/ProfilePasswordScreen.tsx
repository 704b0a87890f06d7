import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { limits } from '@simforge/contracts';
import { SaveCancelButtons } from '../../components/ui/SaveCancelButtons';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { FormTextField } from '../../components/ui/FormTextField';
import { PageHeader } from '../../components/ui/PageHeader';
import { rules } from '../../lib/formRules';
import { NewPasswordFields } from '../forms/NewPasswordFields';
import { useServerSubmit } from '../forms/serverErrors';
import { paths } from '../../lib/redirects';
import { changePassword } from './profileApi';

interface Values {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export function ProfilePasswordScreen() {
  const navigate = useNavigate();
  const { control, handleSubmit, getValues, setError, formState } = useForm<Values>({
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const { submit, failure } = useServerSubmit({ handleSubmit, setError }, { current_password: 'current_password', password: 'new_password' }, async (values) => {
    await changePassword(values.current_password, values.new_password);
    navigate(paths.profileView);
  });

  return (
    <>
      <PageHeader title="Change password" />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          <Box component="form" noValidate onSubmit={submit}>
            <Typography color="text.secondary">The new password needs at least {limits.passwordMin} characters.</Typography>
            {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
            <FormTextField control={control} name="current_password" label="Current Password" type="password" autoComplete="current-password" validate={rules('required')} />
            <NewPasswordFields control={control} newPassword={() => getValues('new_password')} />
            <SaveCancelButtons submitting={formState.isSubmitting} onCancel={() => navigate(paths.profileView)} />
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
