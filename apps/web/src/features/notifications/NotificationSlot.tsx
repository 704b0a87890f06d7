// Where notifications appear in the app frame. The snackbar and its alert (NotificationHost) load
// with the first notification, not with the first page; the store queues it meanwhile.
import { lazy, Suspense } from 'react';
import { notifications, type NotificationStore } from '../../lib/notificationStore';
import { useNotificationState } from '../../lib/useNotifications';

const NotificationHost = lazy(() => import('./NotificationHost').then((m) => ({ default: m.NotificationHost })));

export function NotificationSlot({ store = notifications }: { store?: NotificationStore }) {
  const { queue } = useNotificationState(store);
  if (queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NotificationHost store={store} />
    </Suspense>
  );
}
