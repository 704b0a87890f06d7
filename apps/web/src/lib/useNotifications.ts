import { useSyncExternalStore } from 'react';
import { notifications, type NotificationState, type NotificationStore } from './notificationStore';

export function useNotificationState(store: NotificationStore = notifications): NotificationState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
