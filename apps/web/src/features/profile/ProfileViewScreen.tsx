import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Chip, LinearProgress, Typography } from '@mui/material';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorDetail } from '../../lib/errorDetail';
import { authStore } from '../../lib/authStore';
import { useAuth } from '../../lib/useAuth';
import { DeleteAccountCard } from './DeleteAccountCard';
import { meQuery } from './profileApi';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box>{children}</Box>
    </Box>
  );
}

export function ProfileViewScreen() {
  const cached = useAuth().profile;
  const me = useQuery(meQuery);
  const profile = me.data ?? cached;

  useEffect(() => {
    if (me.data) authStore.setProfile(me.data);
  }, [me.data]);

  return (
    <>
      <PageHeader title="Profile" />
      {me.isFetching && !profile ? <LinearProgress aria-label="Loading profile" /> : null}
      {me.isError && !profile ? <ErrorAlert onRetry={() => void me.refetch()}>{errorDetail(me.error).message}</ErrorAlert> : null}
      {profile ? (
        <Card>
          <CardContent>
            <Field label="Full Name">{profile.full_name || <Typography color="text.secondary">Not set</Typography>}</Field>
            <Field label="E-mail">{profile.email}</Field>
            <Field label="Superuser">
              <Chip size="small" label={profile.is_superuser ? 'Yes' : 'No'} color={profile.is_superuser ? 'primary' : 'default'} />
            </Field>
            <Field label="Active">{profile.is_active ? 'Yes' : 'No'}</Field>
            <Field label="Member since">{new Date(profile.created_at).toLocaleDateString()}</Field>
          </CardContent>
        </Card>
      ) : null}
      {profile ? <DeleteAccountCard profile={profile} /> : null}
    </>
  );
}
