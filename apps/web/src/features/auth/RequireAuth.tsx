import { useLayoutEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { session } from '../../lib/session';
import { LoadingScreen } from '../../components/ui/LoadingScreen';
import { guardDecision, paths } from '../../lib/redirects';
import { useAuth } from '../../lib/useAuth';

function RememberAndSignIn({ remember }: { remember: string }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    session.setOriginalUrl(remember);
    navigate(paths.login, { replace: true });
  }, [remember, navigate]);
  return null;
}

/** Routes under main: a signed-out user goes to sign in, and the wanted address is remembered. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  const decision = guardDecision(status, location);
  if (decision.kind === 'allow') return children;
  if (decision.kind === 'wait') return <LoadingScreen />;
  return <RememberAndSignIn remember={decision.remember} />;
}
