import { queryOptions } from '@tanstack/react-query';
import { UserPublic } from '@simforge/contracts';
import { api } from '../../lib/api';
import { getMe, type UserProfile } from '../auth/authApi';
import { operationMessages, withNotifications } from '../notifications/withNotifications';

export const meQuery = queryOptions({ queryKey: ['me'], queryFn: getMe });

export interface ProfileChanges {
  full_name: string | null;
  email: string;
}

/** PUT /users/me with the profile fields; announced with the spec's messages; failures rethrown. */
export function updateProfile(changes: ProfileChanges): Promise<UserProfile> {
  return withNotifications(operationMessages.profileUpdate, async () => UserPublic.parse(await api.put('/users/me', { auth: true, body: changes })));
}

/** PUT /users/me with the current and the new password. */
export function changePassword(currentPassword: string, password: string): Promise<UserProfile> {
  return withNotifications(operationMessages.passwordChange, async () =>
    UserPublic.parse(await api.put('/users/me', { auth: true, body: { current_password: currentPassword, password } })),
  );
}
