import { Message } from '@simforge/contracts';
import { api } from '../../lib/api';
import { operationMessages, withNotifications } from '../../lib/withNotifications';

/** POST /password-recovery/{email}; announced with the spec's messages; a failure is rethrown. */
export function recoverPassword(email: string): Promise<string> {
  return withNotifications(operationMessages.passwordRecovery, async () =>
    Message.parse(await api.post('/password-recovery/{email}', { pathParams: { email: email.trim() } })).msg,
  );
}

/** POST /reset-password/ with the emailed token; a failure is rethrown. */
export function resetPassword(token: string, newPassword: string): Promise<string> {
  return withNotifications(operationMessages.passwordReset, async () =>
    Message.parse(await api.post('/reset-password/', { body: { token, new_password: newPassword } })).msg,
  );
}
