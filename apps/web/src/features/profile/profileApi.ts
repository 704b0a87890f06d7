import { queryOptions } from '@tanstack/react-query';
import { UserPublic, UserUpdateMeResponse } from '@simforge/contracts';
import { api } from '../../lib/api';
import { session } from '../../lib/session';
import { getMe, type UserProfile } from '../../lib/authApi';
import { operationMessages, withNotifications } from '../../lib/withNotifications';

export const meQuery = queryOptions({ queryKey: ['me'], queryFn: getMe });

export interface ProfileChanges {
  full_name: string | null;
  email: string;
  /** Needed when the email changes. */
  current_password?: string;
}

/** PUT /users/me with the profile fields; announced with the spec's messages; failures rethrown. */
export function updateProfile(changes: ProfileChanges): Promise<UserProfile> {
  return withNotifications(operationMessages.profileUpdate, async () => UserPublic.parse(await api.put('/users/me', { auth: true, body: changes })));
}

/**
 * PUT /users/me with the current and the new password. The change ends every earlier token, this
 * browser's too: the answer carries the new one, which the session keeps.
 */
export function changePassword(currentPassword: string, password: string): Promise<UserProfile> {
  return withNotifications(operationMessages.passwordChange, async () => {
    const { access_token, ...profile } = UserUpdateMeResponse.parse(
      await api.put('/users/me', { auth: true, body: { current_password: currentPassword, password } }),
    );
    if (access_token) session.setToken(access_token);
    return profile;
  });
}

/** DELETE /users/me: the account with its simulations, runs, results and chat. */
export async function deleteMyAccount(): Promise<void> {
  await api.delete('/users/me', { auth: true });
}
