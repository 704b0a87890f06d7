import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, LinearProgress } from '@mui/material';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorDetail } from '../../lib/errorDetail';
import { authStore } from '../../lib/authStore';
import { paths } from '../../lib/redirects';
import { emptyUser, UserForm } from './UserForm';
import { updateUser, userQuery, usersKeys } from './usersApi';

export function UserEditScreen({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery(userQuery(userId));

  return (
    <>
      <PageHeader title="Edit user" subtitle={user.data?.email} />
      {user.isPending ? <LinearProgress aria-label="Loading user" /> : null}
      {user.isError ? (
        <>
          <ErrorAlert onRetry={() => void user.refetch()}>{errorDetail(user.error).message}</ErrorAlert>
          <Button component={RouterLink} to={paths.adminUsers}>
            Back to users
          </Button>
        </>
      ) : null}
      {user.data ? (
        <UserForm
          key={user.data.id}
          mode="edit"
          initial={{ ...emptyUser, full_name: user.data.full_name ?? '', email: user.data.email, is_active: user.data.is_active, is_superuser: user.data.is_superuser }}
          onCancel={() => navigate(paths.adminUsers)}
          onSubmit={async (body) => {
            const updated = await updateUser(userId, body);
            if (authStore.getState().profile?.id === updated.id) authStore.setProfile(updated);
            queryClient.setQueryData(usersKeys.one(userId), updated);
            await queryClient.invalidateQueries({ queryKey: usersKeys.all });
            navigate(paths.adminUsers);
          }}
        />
      ) : null}
    </>
  );
}
