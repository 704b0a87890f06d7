import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NotificationHost } from './NotificationHost';
import { createNotificationStore, NOTIFICATION_AUTO_DISMISS_MS, NOTIFICATION_FADE_MS } from '../../lib/notificationStore';

describe('NotificationHost', () => {
  afterEach(() => vi.useRealTimers());

  it('shows only the first notification, with a spinner when asked, and Close removes it after the fade', () => {
    vi.useFakeTimers();
    const store = createNotificationStore();
    act(() => {
      store.notify({ content: 'Logging in...', color: 'info', showProgress: true });
      store.notify({ content: 'Logged out', color: 'info' });
    });
    render(<NotificationHost store={store} />);
    expect(screen.getByText('Logging in...')).toBeTruthy();
    expect(screen.queryByText('Logged out')).toBeNull();
    expect(screen.getByLabelText('In progress')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(NOTIFICATION_FADE_MS));
    expect(screen.queryByText('Logging in...')).toBeNull();
    expect(screen.getByText('Logged out')).toBeTruthy();

    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_DISMISS_MS));
    expect(screen.queryByText('Logged out')).toBeNull();
  });
});
