import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoadingScreen } from '../../components/ui/LoadingScreen';
import { AnalyticsBridge } from '../analytics/AnalyticsBridge';
import { useAuth } from '../../lib/useAuth';
import { CookieBanner } from '../consent/CookieBanner';
import { NotificationSlot } from '../notifications/NotificationSlot';
import { NavigationProgress } from './NavigationProgress';

/** Queries that do not depend on who is signed in (used by screens open to everyone). */
const PUBLIC_QUERIES = new Set(['config', 'health']);

/** Around every screen: the spinner while the auth state is unknown, notifications, cookie banner, analytics. */
export function AppShell() {
  const { status } = useAuth();
  const queryClient = useQueryClient();

  const previous = useRef(status);

  // Signing out: nothing of the previous user stays in the cache (public answers may).
  useEffect(() => {
    if (previous.current === 'loggedIn' && status === 'loggedOut') {
      queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERIES.has(String(query.queryKey[0])) });
    }
    previous.current = status;
  }, [status, queryClient]);

  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      {status === 'unknown' ? <LoadingScreen /> : <Outlet />}
      <NotificationSlot />
      <CookieBanner />
      <AnalyticsBridge />
    </>
  );
}
