import { session } from './session';
import { createListeners } from './listeners';
// The notification queue of spec section 4: the first in the queue is shown; it is removed
// automatically after 6.5 s; Close removes it after a 0.5 s fade.

export const NOTIFICATION_AUTO_DISMISS_MS = 6500;
export const NOTIFICATION_FADE_MS = 500;

export type NotificationColor = 'info' | 'success' | 'error';

export interface Notification {
  id: number;
  content: string;
  color: NotificationColor;
  showProgress: boolean;
}

export interface NotificationInput {
  content: string;
  color?: NotificationColor;
  showProgress?: boolean;
}

export interface NotificationState {
  queue: readonly Notification[];
  /** The shown notification while it fades out after Close. */
  closingId: number | null;
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createNotificationStore(timers: Timers = browserTimers) {
  let state: NotificationState = { queue: [], closingId: null };
  let nextId = 1;
  let shownId: number | null = null;
  let autoTimer: unknown = null;
  let fadeTimer: unknown = null;
  const listeners = createListeners();

  function clearTimers() {
    if (autoTimer !== null) timers.clearTimeout(autoTimer);
    if (fadeTimer !== null) timers.clearTimeout(fadeTimer);
    autoTimer = null;
    fadeTimer = null;
  }

  /** Starts the auto-dismiss clock whenever a new notification reaches the head of the queue. */
  function setState(next: NotificationState) {
    state = next;
    const head = state.queue[0] ?? null;
    if ((head?.id ?? null) !== shownId) {
      clearTimers();
      shownId = head?.id ?? null;
      if (head) {
        const id = head.id;
        autoTimer = timers.setTimeout(() => remove(id), NOTIFICATION_AUTO_DISMISS_MS);
      }
    }
    listeners.notify();
  }

  function remove(id: number) {
    if (!state.queue.some((n) => n.id === id)) return;
    setState({ queue: state.queue.filter((n) => n.id !== id), closingId: state.closingId === id ? null : state.closingId });
  }

  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    /** Queues a notification and answers its id (to dismiss it when the work it announces ends). */
    notify(input: NotificationInput): number {
      const notification: Notification = {
        id: nextId++,
        content: input.content,
        color: input.color ?? 'info',
        showProgress: input.showProgress ?? false,
      };
      setState({ ...state, queue: [...state.queue, notification] });
      return notification.id;
    },
    /** The Close button: the shown notification fades for 0.5 s, then leaves the queue. */
    close(id: number) {
      if (state.queue[0]?.id !== id) {
        remove(id);
        return;
      }
      if (state.closingId === id) return;
      if (autoTimer !== null) timers.clearTimeout(autoTimer);
      autoTimer = null;
      fadeTimer = timers.setTimeout(() => remove(id), NOTIFICATION_FADE_MS);
      setState({ ...state, closingId: id });
    },
    /** Removes a notification at once (a progress notice whose work has finished). */
    dismiss(id: number) {
      remove(id);
    },
    /** The queued notifications as data, to carry across a full-page navigation. */
    pending(): NotificationInput[] {
      return state.queue.map(({ content, color, showProgress }) => ({ content, color, showProgress }));
    },
    clear() {
      clearTimers();
      shownId = null;
      setState({ queue: [], closingId: null });
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** The app's one queue. */
export const notifications = createNotificationStore();

export const notify = (input: NotificationInput): number => notifications.notify(input);

/**
 * Keeps what is queued in session storage before the page leaves for another site (the provider's
 * sign-out), so `Logged out` is still shown when the browser comes back to /loggedout.
 */
export function carryOverNotifications(store: NotificationStore = notifications): void {
  const pending = store.pending().filter((n) => !n.showProgress);
  session.setPendingNotifications(pending.length > 0 ? JSON.stringify(pending) : null);
}

/** Queues the notifications a previous page carried over (once). */
export function restoreCarriedNotifications(store: NotificationStore = notifications): void {
  const raw = session.takePendingNotifications();
  if (!raw) return;
  try {
    const items = JSON.parse(raw) as unknown;
    if (!Array.isArray(items)) return;
    for (const item of items) {
      if (item && typeof item === 'object' && typeof (item as NotificationInput).content === 'string') {
        const { content, color } = item as NotificationInput;
        store.notify({ content, color: color === 'success' || color === 'error' ? color : 'info' });
      }
    }
  } catch {
    // A damaged entry is dropped: it only held messages.
  }
}
