import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { browser } from '../../lib/browser';
import { AuthLayout } from '../layout/AuthLayout';
import { LoadingScreen } from '../../components/ui/LoadingScreen';
import { authStore } from '../../lib/authStore';
import { carryOverNotifications } from '../../lib/notificationStore';

/** Clears the session, says `Logged out`, then ends the provider's session (or goes home). The app shell empties the cache. */
export function LogoutScreen() {
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void authStore.logout().then((target) => {
      if (target.startsWith('/') && !target.startsWith('//')) navigate(target, { replace: true });
      else {
        carryOverNotifications();
        browser.assign(target);
      }
    });
  }, [navigate]);

  return (
    <AuthLayout title="Signing out">
      <LoadingScreen text="Signing out..." />
    </AuthLayout>
  );
}
