// Cookie consent (spec sections 4 and 9): unset shows the banner; the choice is kept in the cookie
// `cookiesConsent` for 365 days, strict same-site, secure.
import { useSyncExternalStore } from 'react';
import { cookieString, readCookie } from '../../lib/cookies';
import { createListeners } from '../../lib/listeners';

export const CONSENT_COOKIE = 'cookiesConsent';
export const CONSENT_DAYS = 365;
export const CONSENT_MAX_AGE_SECONDS = CONSENT_DAYS * 24 * 60 * 60;

/** true: accepted, false: rejected, null: not asked yet. */
export type Consent = boolean | null;

export function consentCookie(accepted: boolean): string {
  return cookieString(CONSENT_COOKIE, String(accepted), { maxAgeSeconds: CONSENT_MAX_AGE_SECONDS, sameSite: 'Strict', secure: true });
}

export function readConsent(): Consent {
  const value = readCookie(CONSENT_COOKIE);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

let current: Consent | undefined;
const listeners = createListeners();

export const consentStore = {
  get(): Consent {
    if (current === undefined) current = readConsent();
    return current;
  },
  /** Stores the choice. It holds for this page even where the browser refuses the cookie. */
  set(accepted: boolean): void {
    document.cookie = consentCookie(accepted);
    current = accepted;
    listeners.notify();
  },
  subscribe: listeners.subscribe,
  /** Tests: forget the cached value (the cookie is read again). */
  reset(): void {
    current = undefined;
  },
};

export function useConsent(): Consent {
  return useSyncExternalStore(consentStore.subscribe, consentStore.get, consentStore.get);
}
