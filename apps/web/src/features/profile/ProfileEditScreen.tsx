import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent } from '@mui/material';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { FormTextField } from '../../components/ui/FormTextField';
import { PageHeader } from '../../components/ui/PageHeader';
import { rules } from '../../lib/formRules';
import { authStore } from '../auth/authStore';
import { useAuth } from '../auth/useAuth';
import { applyServerError } from '../forms/serverErrors';
import { paths } from '../navigation/redirects';
import { meQuery, updateProfile } from './profileApi';

interface Values {
  full_name: string;
  email: string;
}

export function ProfileEditScreen() {
  const cached = useAuth().profile;
  const me = useQuery(meQuery);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = me.data ?? cached;
  const { control, handleSubmit, reset, setError, formState } = useForm<Values>({
    defaultValues: { full_name: profile?.full_name ?? '', email: profile?.email ?? '' },
  });
  const [failure, setFailure] = useState<string | null>(null);

  // Fresh values from the server replace the cached ones, unless the user already typed.
  useEffect(() => {
    if (me.data && !formState.isDirty) reset({ full_name: me.data.full_name ?? '', email: me.data.email });
  }, [me.data, formState.isDirty, reset]);

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
    <>
      <PageHeader title="Edit profile" />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
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
        </CardContent>
      </Card>
    </>
  );
}
