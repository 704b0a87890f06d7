import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/redirects';
import { AuthLayout } from '../layout/AuthLayout';
import { LoadingScreen } from '../../components/ui/LoadingScreen';
import { authStore } from '../../lib/authStore';

/** The provider sends the browser here with `code` and `state` (or `error`, `error_description`). */
export function AuthCallbackScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    // The code can be used once: never twice, even when effects run twice in development.
    if (handled.current) return;
    handled.current = true;
    void authStore
      .completeLogin({
        code: params.get('code'),
        state: params.get('state'),
        error: params.get('error'),
        errorDescription: params.get('error_description'),
      })
      .then((outcome) => navigate(outcome.ok ? outcome.target : paths.login, { replace: true }));
  }, [params, navigate]);

  return (
    <AuthLayout title="Signing in">
      <LoadingScreen text="Completing sign-in..." />
    </AuthLayout>
  );
}
