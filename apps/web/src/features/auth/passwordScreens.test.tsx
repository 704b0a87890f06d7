import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathOf, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { messageBeside } from '../../test/signedIn';
import { notifications } from '../../lib/notificationStore';
import { authStore } from '../../lib/authStore';
import { AFTER_RESET_DELAY_MS } from './ResetPasswordScreen';

afterEach(() => notifications.clear());

const contents = () => notifications.getState().queue.map((n) => `${n.color}:${n.content}`);

describe('recover password', () => {
  it('shows the spec messages beside the field and sends nothing while invalid', async () => {
    const { calls } = stubFetch(() => ({ json: { msg: 'ok' } }));
    await authStore.init();
    renderApp('/recover-password');
    const button = await screen.findByRole('button', { name: 'Send recovery email' });
    fireEvent.click(button);
    await waitFor(() => expect(messageBeside('E-mail')).toBe('This field is required'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-address');
    fireEvent.click(button);
    await waitFor(() => expect(messageBeside('E-mail')).toBe('This field must be a valid email'));
    expect(calls).toHaveLength(0);
  });

  it('sends the recovery email with the progress and success notifications', async () => {
    const { calls } = stubFetch(() => ({ json: { msg: 'Password recovery email sent' } }));
    await authStore.init();
    renderApp('/recover-password');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ada@simforge.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(await screen.findByText(/Check your inbox/)).toBeTruthy();
    expect(calls[0]!.method).toBe('POST');
    expect(pathOf(calls[0]!)).toBe('/api/v1/password-recovery/ada%40simforge.test');
    expect(calls[0]!.body).toBeUndefined();
    expect(contents()).toEqual(['success:Password recovery email sent successfully']);
  });

  it('a failure shows the API detail in red, the failure notification, and stays on the form', async () => {
    stubFetch(() => ({ status: 429, json: { detail: 'Too many requests, please try again later' } }));
    await authStore.init();
    renderApp('/recover-password');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ada@simforge.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send recovery email' }));
    const alert = await screen.findByText('Too many requests, please try again later');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Send recovery email' })).toBeTruthy();
    expect(contents()).toEqual(['error:Failed to send password recovery email']);
  });
});

describe('reset password', () => {
  it('checks the pair, sends token and new password, then goes on to login', async () => {
    const { calls } = stubFetch((call) => (pathOf(call) === '/api/v1/reset-password/' ? { json: { msg: 'Password updated successfully' } } : undefined));
    await authStore.init();
    const app = renderApp('/reset-password?token=tok-123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'different');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(messageBeside('New Password')).toBe('Minimum length is 8'));
    expect(messageBeside('Confirm Password')).toBe('Passwords do not match');

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'long-enough-1');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText(/Taking you to sign in/);
    expect(calls[0]!.body).toEqual({ token: 'tok-123', new_password: 'long-enough-1' });
    expect(contents()).toEqual(['success:Password successfully reset']);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: AFTER_RESET_DELAY_MS + 1000 });
    // The sign-in page says it worked and waits for the user.
    expect(await screen.findByText('Password successfully reset. Sign in with your new password.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('an invalid token shows the API detail and the failure notification', async () => {
    stubFetch(() => ({ status: 400, json: { detail: 'Invalid token' } }));
    await authStore.init();
    renderApp('/reset-password?token=used');
    await userEvent.type(await screen.findByLabelText('New Password'), 'long-enough-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Invalid token')).toBeTruthy();
    expect(contents()).toEqual(['error:Failed to reset password']);
  });
});
