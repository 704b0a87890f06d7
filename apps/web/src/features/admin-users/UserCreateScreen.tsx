import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/PageHeader';
import { paths } from '../../lib/redirects';
import { emptyUser, UserForm } from './UserForm';
import { createUser, usersKeys } from './usersApi';

export function UserCreateScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader title="Create user" />
      <UserForm
        mode="create"
        initial={emptyUser}
        onCancel={() => navigate(paths.adminUsers)}
        onSubmit={async (body) => {
          await createUser({ ...body, password: body.password ?? '' });
          await queryClient.invalidateQueries({ queryKey: usersKeys.all });
          navigate(paths.adminUsers);
        }}
      />
    </>
  );
}
