import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationStore, NOTIFICATION_AUTO_DISMISS_MS, NOTIFICATION_FADE_MS } from './notificationStore';
import { operationMessages, withNotifications } from './withNotifications';
import { notifications } from './notificationStore';

describe('notification queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the spec constants', () => {
    expect(NOTIFICATION_AUTO_DISMISS_MS).toBe(6500);
    expect(NOTIFICATION_FADE_MS).toBe(500);
  });

  it('shows the first in the queue and removes it after 6.5 s', () => {
    const store = createNotificationStore();
    store.notify({ content: 'first', color: 'info' });
    store.notify({ content: 'second', color: 'success' });
    expect(store.getState().queue.map((n) => n.content)).toEqual(['first', 'second']);
    vi.advanceTimersByTime(NOTIFICATION_AUTO_DISMISS_MS - 1);
    expect(store.getState().queue[0]!.content).toBe('first');
    vi.advanceTimersByTime(1);
    expect(store.getState().queue.map((n) => n.content)).toEqual(['second']);
    // The next one gets its own full 6.5 s from the moment it is shown.
    vi.advanceTimersByTime(NOTIFICATION_AUTO_DISMISS_MS - 1);
    expect(store.getState().queue).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().queue).toHaveLength(0);
  });

  it('Close fades the shown one for 0.5 s, then removes it', () => {
    const store = createNotificationStore();
    const id = store.notify({ content: 'closing' });
    store.notify({ content: 'next' });
    vi.advanceTimersByTime(1000);
    store.close(id);
    expect(store.getState().closingId).toBe(id);
    expect(store.getState().queue[0]!.id).toBe(id);
    vi.advanceTimersByTime(NOTIFICATION_FADE_MS - 1);
    expect(store.getState().queue[0]!.id).toBe(id);
    vi.advanceTimersByTime(1);
    expect(store.getState().queue.map((n) => n.content)).toEqual(['next']);
    expect(store.getState().closingId).toBeNull();
  });

  it('Close during the fade does not restart it, and the auto timer does not fire after Close', () => {
    const store = createNotificationStore();
    const id = store.notify({ content: 'a' });
    vi.advanceTimersByTime(NOTIFICATION_AUTO_DISMISS_MS - 100);
    store.close(id);
    store.close(id);
    const next = store.notify({ content: 'b' });
    vi.advanceTimersByTime(NOTIFICATION_FADE_MS);
    expect(store.getState().queue.map((n) => n.id)).toEqual([next]);
  });

  it('defaults to info without progress; keeps colour and showProgress', () => {
    const store = createNotificationStore();
    store.notify({ content: 'x' });
    store.notify({ content: 'y', color: 'error', showProgress: true });
    expect(store.getState().queue.map(({ color, showProgress }) => ({ color, showProgress }))).toEqual([
      { color: 'info', showProgress: false },
      { color: 'error', showProgress: true },
    ]);
  });

  it('dismiss removes at once, wherever it is in the queue', () => {
    const store = createNotificationStore();
    store.notify({ content: 'a' });
    const b = store.notify({ content: 'b' });
    store.dismiss(b);
    expect(store.getState().queue.map((n) => n.content)).toEqual(['a']);
  });
});

describe('withNotifications', () => {
  afterEach(() => notifications.clear());

  it('announces progress, then success', async () => {
    const seen: string[] = [];
    const stop = notifications.subscribe(() => seen.push(notifications.getState().queue.map((n) => `${n.color}:${n.content}${n.showProgress ? '*' : ''}`).join('|')));
    await withNotifications(operationMessages.profileUpdate, async () => 'ok');
    stop();
    expect(seen).toContain('info:Saving profile...*');
    expect(notifications.getState().queue.map((n) => `${n.color}:${n.content}`)).toEqual(['success:Profile successfully updated']);
  });

  it('announces failure and rethrows', async () => {
    const boom = new Error('boom');
    await expect(withNotifications(operationMessages.passwordRecovery, () => Promise.reject(boom))).rejects.toBe(boom);
    expect(notifications.getState().queue.map((n) => `${n.color}:${n.content}`)).toEqual(['error:Failed to send password recovery email']);
  });
});

describe('notifications carried across a full-page navigation (sign-out through the provider)', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps finished messages, drops progress notices, and restores them once', async () => {
    const { carryOverNotifications, restoreCarriedNotifications } = await import('./notificationStore');
    const before = createNotificationStore();
    before.notify({ content: 'Logged out' });
    before.notify({ content: 'Working...', showProgress: true });
    carryOverNotifications(before);

    const after = createNotificationStore();
    restoreCarriedNotifications(after);
    expect(after.getState().queue.map((n) => [n.content, n.color])).toEqual([['Logged out', 'info']]);

    const again = createNotificationStore();
    restoreCarriedNotifications(again);
    expect(again.getState().queue).toEqual([]);
  });

  it('ignores a damaged entry', async () => {
    const { restoreCarriedNotifications } = await import('./notificationStore');
    sessionStorage.setItem('pendingNotifications', '{not json');
    const store = createNotificationStore();
    restoreCarriedNotifications(store);
    expect(store.getState().queue).toEqual([]);
  });
});
