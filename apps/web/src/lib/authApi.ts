// The sign-in calls of spec section 7. Answers are checked against the shared schemas so that a
// wrong answer (an HTML page from a misconfigured proxy, say) fails here instead of deep in the UI.
import type { LoginUrlResponse, UserPublic } from '@simforge/contracts';
import { api } from './api';
import { contractSchemas } from './contractSchemas';

/** The signed-in user's profile as the app keeps it (session key `userProfile`). */
export type UserProfile = UserPublic;

/** The address the identity provider sends the browser back to (the spec's "suffix" is empty). */
export const authCallbackUrl = () => `${window.location.origin}/auth-callback`;
export const loggedOutUrl = () => `${window.location.origin}/loggedout`;

/** GET /login/external-loginurl. A failure "yields nothing" (spec section 8): the answer is then null. */
export async function getLoginUrl(sessionId: string): Promise<LoginUrlResponse | null> {
  try {
    const answer = await api.get('/login/external-loginurl', {
      query: { redirect_uri: authCallbackUrl(), session_id: sessionId },
    });
    const { LoginUrlResponse } = await contractSchemas();
    const parsed = LoginUrlResponse.safeParse(answer);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface CallbackParams {
  code: string;
  state: string;
  codeVerifier: string;
}

/** POST /login/auth-callback: trades the provider's code for our access token. */
export async function exchangeCode(params: CallbackParams): Promise<string> {
  const answer = await api.post('/login/auth-callback', {
    body: { redirect_uri: authCallbackUrl(), code: params.code, code_verifier: params.codeVerifier, state: params.state },
  });
  const { TokenResponse } = await contractSchemas();
  const token = TokenResponse.parse(answer).access_token;
  if (!token) throw new Error('The sign-in answer has no access token');
  return token;
}

/** GET /users/me with the session's token. */
export async function getMe(): Promise<UserProfile> {
  const [answer, { UserPublic }] = await Promise.all([api.get('/users/me', { auth: true }), contractSchemas()]);
  return UserPublic.parse(answer);
}

/**
 * POST /login/logout: the server ends every session of the token's user (all its tokens, here and
 * on other devices) and answers where to end the provider's session. The bearer is optional.
 */
export async function signOut(token: string | null): Promise<string> {
  const answer = await api.post('/login/logout', {
    body: { post_logout_redirect_uri: loggedOutUrl() },
    token,
  });
  const { LogoutUrlResponse } = await contractSchemas();
  return LogoutUrlResponse.parse(answer).logout_url;
}
