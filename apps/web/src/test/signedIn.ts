import { afterEach, beforeEach } from 'vitest';
import { screen } from '@testing-library/react';
import { session } from '../lib/session';
import { notifications } from '../lib/notificationStore';
import { aUser, stubFetch, type StubbedCall, type StubResponse } from './fetchStub';

/** One answer of a stubbed API, or undefined to leave the call to the next one. */
export type Answer = (call: StubbedCall) => StubResponse | undefined;

/** The session as the app keeps it for a signed-in user: the access token and the profile. */
export function signIn(profile: typeof aUser = aUser, token = 'tok') {
  session.setToken(token);
  session.setProfile(profile);
}

/** Every test of the file starts with a signed-in user and ends with no notifications left over. */
export function signedInForEachTest(profile: typeof aUser = aUser, token = 'tok') {
  beforeEach(() => signIn(profile, token));
  afterEach(() => notifications.clear());
}

/** Stubs fetch with a test's own answers first and the suite's usual ones behind them. */
export function stubApi(usual: Answer, own: Answer = () => undefined) {
  return stubFetch((call) => own(call) ?? usual(call));
}

/** The message a field shows under it (its aria-describedby), or null when it has none. */
export function messageBeside(label: string, field: HTMLElement = screen.getByLabelText(label)): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}
