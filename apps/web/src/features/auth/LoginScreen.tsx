import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Box, CircularProgress, Typography } from '@mui/material';
import { browser } from '../../lib/browser';
import { errorDetail } from '../../lib/errorDetail';
import { session } from '../../lib/session';
import { configQuery } from '../app-config/configQuery';
import { AuthLayout } from '../layout/AuthLayout';
import { AuthNotice } from './AuthNotice';
import { notifications, notify } from '../../lib/notificationStore';
import { LOGGING_IN } from '../../lib/withNotifications';
import { getLoginUrl } from '../../lib/authApi';
import { authStore } from '../../lib/authStore';
import { useAuth } from '../../lib/useAuth';

type Phase = { kind: 'idle' } | { kind: 'starting' } | { kind: 'failed'; message: string } | { kind: 'elsewhere'; publicUrl: string };

/** PUBLIC_URL when this page is at another origin (sign-in only works there); else null. */
function otherPublicUrl(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null;
  try {
    return new URL(publicUrl).origin === window.location.origin ? null : publicUrl;
  } catch {
    return null;
  }
}

/**
 * Starts sign-in: session id, login URL (the PKCE verifier is kept for the callback), then the
 * provider's page. A signed-in user skips all that; a failed sign-in waits for "Try again".
 */
export function LoginScreen() {
  const { status, loginError } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // Back from a password reset: say that it worked, and sign in when the user asks (not at once,
  // or the provider's page would replace this one before it is read).
  const afterReset = params.get('password_reset') === '1';
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const started = useRef(false);

  const start = useCallback(async () => {
    started.current = true;
    authStore.clearLoginError();
    setPhase({ kind: 'starting' });
    const notice = notify({ content: LOGGING_IN, color: 'info', showProgress: true });
    const fail = (message: string) => {
      notifications.dismiss(notice);
      setPhase({ kind: 'failed', message });
    };
    let elsewhere: string | null;
    try {
      elsewhere = otherPublicUrl((await queryClient.fetchQuery(configQuery)).public_url);
    } catch (error) {
      fail(`The sign-in configuration could not be loaded (${errorDetail(error).message}).`);
      return;
    }
    if (elsewhere) {
      notifications.dismiss(notice);
      setPhase({ kind: 'elsewhere', publicUrl: elsewhere });
      return;
    }
    const answer = await getLoginUrl(session.getOrCreateSessionId());
    if (!answer) {
      fail('The sign-in service could not be reached.');
      return;
    }
    session.setCodeVerifier(answer.code_verifier);
    browser.assign(answer.login_url);
  }, [queryClient]);

  useEffect(() => {
    if (status === 'loggedIn') {
      navigate(authStore.takeLandingTarget(), { replace: true });
      return;
    }
    if (status !== 'loggedOut' || loginError !== null || started.current || afterReset) return;
    void start();
  }, [status, loginError, navigate, start, afterReset]);

  if (afterReset && phase.kind === 'idle' && status !== 'loggedIn') {
    return (
      <AuthNotice title="Sign in" severity="success" next={{ label: 'Sign in', onClick: () => void start() }}>
        Password successfully reset. Sign in with your new password.
      </AuthNotice>
    );
  }

  if (loginError !== null && phase.kind !== 'starting') {
    return (
      <AuthNotice title="Sign-in failed" severity="error" next={{ label: 'Try again', onClick: () => void start() }}>
        {loginError}
      </AuthNotice>
    );
  }

  if (phase.kind === 'elsewhere') {
    return (
      <AuthNotice title="Sign in" severity="warning" next={{ label: `Open ${phase.publicUrl}`, href: `${phase.publicUrl}/login` }}>
        This page is open at {window.location.origin}, but SimForge signs in at {phase.publicUrl} only (its PUBLIC_URL).
      </AuthNotice>
    );
  }

  if (phase.kind === 'failed') {
    return (
      <AuthNotice title="Sign in" severity="error" next={{ label: 'Try again', onClick: () => void start() }}>
        {phase.message} Please try again in a moment.
      </AuthNotice>
    );
  }

  return (
    <AuthLayout title="Sign in">
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{LOGGING_IN}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        You are being taken to the sign-in page.
      </Typography>
    </AuthLayout>
  );
}
