import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { UserPublic, UsersPublic } from '@simforge/contracts';
import { api } from '../../lib/api';
import { operationMessages, withNotifications } from '../../lib/withNotifications';

export const usersKeys = {
  all: ['users'] as const,
  page: (skip: number, limit: number) => ['users', 'list', skip, limit] as const,
  one: (id: string) => ['users', 'one', id] as const,
};

/** GET /users/?skip=&limit= (superuser): one page and the total count. */
export const usersPageQuery = (skip: number, limit: number) =>
  queryOptions({
    queryKey: usersKeys.page(skip, limit),
    queryFn: async () => UsersPublic.parse(await api.get('/users/', { auth: true, query: { skip, limit } })),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: usersKeys.one(id),
    queryFn: async () => UserPublic.parse(await api.get('/users/{user_id}', { auth: true, pathParams: { user_id: id } })),
  });

export interface UserFields {
  email: string;
  full_name: string | null;
  is_active: boolean;
  is_superuser: boolean;
  password?: string;
}

export function createUser(body: UserFields & { password: string }): Promise<UserPublic> {
  return withNotifications(operationMessages.userCreate, async () => UserPublic.parse(await api.post('/users/', { auth: true, body })));
}

export function updateUser(id: string, body: UserFields): Promise<UserPublic> {
  return withNotifications(operationMessages.userUpdate, async () =>
    UserPublic.parse(await api.put('/users/{user_id}', { auth: true, pathParams: { user_id: id }, body })),
  );
}

/** DELETE /users/{user_id} (superuser): the user with their simulations, runs, results and chat. */
export async function deleteUser(id: string): Promise<void> {
  await api.delete('/users/{user_id}', { auth: true, pathParams: { user_id: id } });
}
