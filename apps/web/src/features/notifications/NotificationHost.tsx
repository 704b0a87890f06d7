import { Alert, Button, CircularProgress, Fade, Snackbar } from '@mui/material';
import { NOTIFICATION_FADE_MS, notifications, type NotificationStore } from '../../lib/notificationStore';
import { useNotificationState } from '../../lib/useNotifications';

/** Shows the first notification of the queue; the store decides when it goes. */
export function NotificationHost({ store = notifications }: { store?: NotificationStore }) {
  const { queue, closingId } = useNotificationState(store);
  const shown = queue[0];
  if (!shown) return null;
  return (
    <Snackbar
      key={shown.id}
      open={closingId !== shown.id}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 72, sm: 80 } }}
      slots={{ transition: Fade }}
      slotProps={{ transition: { timeout: { enter: 200, exit: NOTIFICATION_FADE_MS } } }}
    >
      <Alert
        severity={shown.color}
        variant="filled"
        role={shown.color === 'error' ? 'alert' : 'status'}
        icon={shown.showProgress ? <CircularProgress size={20} color="inherit" aria-label="In progress" /> : undefined}
        action={
          <Button color="inherit" size="small" onClick={() => store.close(shown.id)}>
            Close
          </Button>
        }
        sx={{ alignItems: 'center', minWidth: 280, boxShadow: 3 }}
      >
        {shown.content}
      </Alert>
    </Snackbar>
  );
}
