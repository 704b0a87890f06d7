import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Card, CardContent, LinearProgress } from '@mui/material';
import { SaveCancelButtons } from '../../components/ui/SaveCancelButtons';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { FormTextField } from '../../components/ui/FormTextField';
import { PageHeader } from '../../components/ui/PageHeader';
import { rules } from '../../lib/formRules';
import type { UserProfile } from '../../lib/authApi';
import { authStore } from '../../lib/authStore';
import { useServerSubmit } from '../forms/serverErrors';
import { paths } from '../../lib/redirects';
import { meQuery, updateProfile } from './profileApi';
import { QueryError } from '../../components/ui/QueryError';

interface Values {
  full_name: string;
  email: string;
  current_password: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function ProfileForm({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError, formState, watch } = useForm<Values>({
    defaultValues: { full_name: profile.full_name ?? '', email: profile.email, current_password: '' },
  });
  // A new email is confirmed with the current password (a stolen session alone cannot take the account).
  const changesEmail = !sameEmail(watch('email'), profile.email);

  const { submit, failure } = useServerSubmit({ handleSubmit, setError }, { full_name: 'full_name', email: 'email', current_password: 'current_password' }, async (values) => {
    const updated = await updateProfile({
      full_name: values.full_name.trim() || null,
      email: values.email.trim(),
      ...(changesEmail ? { current_password: values.current_password } : {}),
    });
    authStore.setProfile(updated);
    queryClient.setQueryData(meQuery.queryKey, updated);
    navigate(paths.profileView);
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <FormTextField control={control} name="full_name" label="Full Name" autoComplete="name" />
      <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" validate={rules('required', 'email')} />
      {changesEmail ? (
        <FormTextField
          control={control}
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          helperText="Needed to change the e-mail"
          validate={rules('required')}
        />
      ) : null}
      <SaveCancelButtons submitting={formState.isSubmitting} onCancel={() => navigate(paths.profileView)} />
    </Box>
  );
}

/** The form starts from the server's current profile, so nothing stale is saved back. */
export function ProfileEditScreen() {
  const me = useQuery({ ...meQuery, staleTime: 0 });
  return (
    <>
      <PageHeader title="Edit profile" />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          {me.isPending ? <LinearProgress aria-label="Loading profile" /> : null}
          <QueryError query={me} />
          {me.data ? <ProfileForm profile={me.data} /> : null}
        </CardContent>
      </Card>
    </>
  );
}
