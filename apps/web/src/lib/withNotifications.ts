import { notify, notifications } from './notificationStore';

export interface OperationMessages {
  progress: string;
  success: string;
  failure: string;
}

/**
 * Runs `work` announcing it: a progress notice with a spinner while it runs, then success or failure
 * (the failure text, or what `failureOf` makes of the error). The failure is rethrown so the caller's
 * form can show the API's detail and stay put.
 */
export async function withNotifications<T>(messages: OperationMessages, work: () => Promise<T>, failureOf: (error: unknown) => string = () => messages.failure): Promise<T> {
  const progressId = notify({ content: messages.progress, color: 'info', showProgress: true });
  try {
    const result = await work();
    notifications.dismiss(progressId);
    notify({ content: messages.success, color: 'success' });
    return result;
  } catch (error) {
    notifications.dismiss(progressId);
    notify({ content: failureOf(error), color: 'error' });
    throw error;
  }
}

/** The spec's texts (section 8). */
export const operationMessages = {
  profileUpdate: {
    progress: 'Saving profile...',
    success: 'Profile successfully updated',
    failure: 'Failed to update profile',
  },
  passwordRecovery: {
    progress: 'Sending password recovery email...',
    success: 'Password recovery email sent successfully',
    failure: 'Failed to send password recovery email',
  },
  passwordReset: {
    progress: 'Resetting password...',
    success: 'Password successfully reset',
    failure: 'Failed to reset password',
  },
  passwordChange: {
    progress: 'Saving password...',
    success: 'Password successfully updated',
    failure: 'Failed to update password',
  },
  userCreate: {
    progress: 'Creating user...',
    success: 'User successfully created',
    failure: 'Failed to create user',
  },
  userUpdate: {
    progress: 'Saving user...',
    success: 'User successfully updated',
    failure: 'Failed to update user',
  },
} satisfies Record<string, OperationMessages>;

export const LOGGING_IN = 'Logging in...';
export const LOGGED_OUT = 'Logged out';
