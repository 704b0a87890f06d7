// Everything the app keeps in the browser's session storage, under the keys of the spec (section 3).
// Session storage can be unavailable (privacy modes, sandboxed frames): every access degrades to "nothing stored".

export const sessionKeys = {
  token: 'token',
  sessionId: 'sessionId',
  userProfile: 'userProfile',
  originalUrl: 'originalUrl',
  /** PKCE verifier handed out with the login URL, needed once by the auth callback. */
  codeVerifier: 'codeVerifier',
  /** Notifications still to show when the app leaves for another site and comes back (sign-out). */
  pendingNotifications: 'pendingNotifications',
} as const;

type SessionKey = (typeof sessionKeys)[keyof typeof sessionKeys];

function read(key: SessionKey): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: SessionKey, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused: the app keeps working for this page's lifetime.
  }
}

function take(key: SessionKey): string | null {
  const value = read(key);
  write(key, null);
  return value;
}

/** A random identifier; crypto.randomUUID only exists in secure contexts, getRandomValues everywhere. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const session = {
  getToken: () => read(sessionKeys.token),
  setToken: (token: string | null) => write(sessionKeys.token, token),

  getProfile<T>(): T | null {
    const raw = read(sessionKeys.userProfile);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      write(sessionKeys.userProfile, null);
      return null;
    }
  },
  setProfile: (profile: unknown) => write(sessionKeys.userProfile, profile === null ? null : JSON.stringify(profile)),

  /** The session id sent with the login request; created on first use and kept for the tab's session. */
  getOrCreateSessionId(): string {
    const existing = read(sessionKeys.sessionId);
    if (existing) return existing;
    const created = randomId();
    write(sessionKeys.sessionId, created);
    return created;
  },

  getOriginalUrl: () => read(sessionKeys.originalUrl),
  setOriginalUrl: (url: string | null) => write(sessionKeys.originalUrl, url),
  /** Reads the remembered address and forgets it. */
  takeOriginalUrl: () => take(sessionKeys.originalUrl),

  setCodeVerifier: (verifier: string | null) => write(sessionKeys.codeVerifier, verifier),
  takeCodeVerifier: () => take(sessionKeys.codeVerifier),

  setPendingNotifications: (raw: string | null) => write(sessionKeys.pendingNotifications, raw),
  takePendingNotifications: () => take(sessionKeys.pendingNotifications),

  /** Forgets who is signed in (token and profile); the session id and remembered address stay. */
  clearCredentials(): void {
    write(sessionKeys.token, null);
    write(sessionKeys.userProfile, null);
  },
};
