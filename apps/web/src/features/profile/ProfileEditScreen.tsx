import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, LinearProgress } from '@mui/material';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { FormTextField } from '../../components/ui/FormTextField';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorDetail } from '../../lib/errorDetail';
import { rules } from '../../lib/formRules';
import type { UserProfile } from '../auth/authApi';
import { authStore } from '../auth/authStore';
import { applyServerError } from '../forms/serverErrors';
import { paths } from '../navigation/redirects';
import { meQuery, updateProfile } from './profileApi';

interface Values {
  full_name: string;
  email: string;
}

function ProfileForm({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: { full_name: profile.full_name ?? '', email: profile.email },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await updateProfile({ full_name: values.full_name.trim() || null, email: values.email.trim() });
      authStore.setProfile(updated);
      queryClient.setQueryData(meQuery.queryKey, updated);
      navigate(paths.profileView);
    } catch (error) {
      setFailure(applyServerError(error, setError, { full_name: 'full_name', email: 'email' }));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <FormTextField control={control} name="full_name" label="Full Name" autoComplete="name" />
      <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" validate={rules('required', 'email')} />
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          Save
        </Button>
        <Button onClick={() => navigate(paths.profileView)}>Cancel</Button>
      </Box>
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
          {me.isError ? <ErrorAlert onRetry={() => void me.refetch()}>{errorDetail(me.error).message}</ErrorAlert> : null}
          {me.data ? <ProfileForm profile={me.data} /> : null}
        </CardContent>
      </Card>
    </>
  );
}
