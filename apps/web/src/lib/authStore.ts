// The authentication state machine of spec section 4:
//   unknown -> loggedOut | loggedIn;  loggedOut -> loggedIn (callback with a token, then the profile);
//   loggedIn -> loggedOut (logout, 401 on a call, 401/403 on the profile).
import { ApiError, onUnauthorized } from './api';
import { errorDetail } from './errorDetail';
import { createListeners } from './listeners';
import { session } from './session';
import { postLoginTarget, type AuthStatus } from './redirects';
import { LOGGED_OUT } from './withNotifications';
import { notify as defaultNotify, type NotificationInput } from './notificationStore';
import * as authApi from './authApi';
import type { UserProfile } from './authApi';

export interface AuthState {
  status: AuthStatus;
  profile: UserProfile | null;
  /** Set when the last sign-in failed; shown on the login screen and cleared by the next attempt. */
  loginError: string | null;
}

export interface AuthDeps {
  getMe: () => Promise<UserProfile>;
  exchangeCode: (params: authApi.CallbackParams) => Promise<string>;
  signOut: (token: string | null) => Promise<string>;
  notify: (input: NotificationInput) => unknown;
}

export interface CallbackQuery {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

export type CallbackOutcome = { ok: true; target: string } | { ok: false };

const defaultDeps: AuthDeps = {
  getMe: authApi.getMe,
  exchangeCode: authApi.exchangeCode,
  signOut: authApi.signOut,
  notify: defaultNotify,
};

/** 401 (token no longer valid) and 403 (e.g. the account was deactivated) on /users/me end the session. */
function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export function createAuthStore(deps: AuthDeps = defaultDeps) {
  let state: AuthState = { status: 'unknown', profile: null, loginError: null };
  const listeners = createListeners();

  function setState(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    listeners.notify();
  }

  function logoutLocally() {
    session.clearCredentials();
    setState({ status: 'loggedOut', profile: null });
  }

  function acceptProfile(profile: UserProfile) {
    session.setProfile(profile);
    setState({ status: 'loggedIn', profile });
  }

  /** Loads the profile for the stored token; 401/403 log out, other failures keep what is known. */
  async function refreshProfile(): Promise<UserProfile | null> {
    try {
      const profile = await deps.getMe();
      if (!session.getToken()) return null; // signed out meanwhile
      acceptProfile(profile);
      return profile;
    } catch (error) {
      if (endsSession(error)) logoutLocally();
      else if (state.status === 'unknown') setState({ status: state.profile ? 'loggedIn' : 'loggedOut' });
      return null;
    }
  }

  return {
    getState: () => state,
    subscribe: listeners.subscribe,

    /** Decides the first state from the session: no token is logged out; a cached profile is trusted and re-checked. */
    init(): Promise<unknown> {
      const token = session.getToken();
      if (!token) {
        session.setProfile(null);
        setState({ status: 'loggedOut', profile: null });
        return Promise.resolve();
      }
      const cached = session.getProfile<UserProfile>();
      if (cached) setState({ status: 'loggedIn', profile: cached });
      else setState({ status: 'unknown', profile: null });
      return refreshProfile();
    },

    refreshProfile,

    /** After the user changed their own profile. */
    setProfile(profile: UserProfile) {
      if (state.status === 'loggedIn') acceptProfile(profile);
    },

    /** The auth-callback screen: code -> token -> profile -> the remembered address (or /main). */
    async completeLogin(query: CallbackQuery): Promise<CallbackOutcome> {
      const fail = (message: string): CallbackOutcome => {
        logoutLocally();
        setState({ loginError: message });
        return { ok: false };
      };
      if (query.error) return fail(query.errorDescription || query.error);
      if (!query.code || !query.state) return fail('The sign-in answer is incomplete. Please try again.');
      const codeVerifier = session.takeCodeVerifier();
      if (!codeVerifier) return fail('This sign-in has expired. Please try again.');
      try {
        const token = await deps.exchangeCode({ code: query.code, state: query.state, codeVerifier });
        session.setToken(token);
        const profile = await deps.getMe();
        acceptProfile(profile);
        setState({ loginError: null });
        return { ok: true, target: postLoginTarget(session.takeOriginalUrl()) };
      } catch (error) {
        return fail(errorDetail(error).message);
      }
    },

    clearLoginError() {
      if (state.loginError !== null) setState({ loginError: null });
    },

    /** Where an already signed-in user visiting /login goes (the remembered address is used up). */
    takeLandingTarget(): string {
      return postLoginTarget(session.takeOriginalUrl());
    },

    /** A call was refused with 401: the session is over; the route guard asks for a new sign-in. */
    expire() {
      if (state.status !== 'loggedOut') logoutLocally();
    },

    /**
     * Logout: clears token and profile, shows `Logged out`, has the server end the sessions of
     * the token's user, and answers where to go next: the provider's logout URL, or `/` when it
     * cannot be had.
     */
    async logout(): Promise<string> {
      const token = session.getToken();
      logoutLocally();
      deps.notify({ content: LOGGED_OUT, color: 'info' });
      try {
        return await deps.signOut(token);
      } catch {
        return '/';
      }
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore();

onUnauthorized(() => authStore.expire());
