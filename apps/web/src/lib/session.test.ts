import { describe, expect, it } from 'vitest';
import { session, sessionKeys } from './session';

describe('session storage', () => {
  it('uses exactly the spec keys', () => {
    expect(sessionKeys).toMatchObject({ token: 'token', sessionId: 'sessionId', userProfile: 'userProfile', originalUrl: 'originalUrl' });
    session.setToken('t');
    session.setProfile({ id: 'u', full_name: 'Ada' });
    session.setOriginalUrl('/main/dashboard?x=1');
    const id = session.getOrCreateSessionId();
    expect(sessionStorage.getItem('token')).toBe('t');
    expect(JSON.parse(sessionStorage.getItem('userProfile')!)).toEqual({ id: 'u', full_name: 'Ada' });
    expect(sessionStorage.getItem('originalUrl')).toBe('/main/dashboard?x=1');
    expect(sessionStorage.getItem('sessionId')).toBe(id);
  });

  it('keeps one session id per tab session', () => {
    const first = session.getOrCreateSessionId();
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(session.getOrCreateSessionId()).toBe(first);
  });

  it('hands out the remembered address and the code verifier once', () => {
    session.setOriginalUrl('/main/admin/users/all?page=2');
    expect(session.takeOriginalUrl()).toBe('/main/admin/users/all?page=2');
    expect(session.takeOriginalUrl()).toBeNull();
    session.setCodeVerifier('v'.repeat(43));
    expect(sessionStorage.getItem('codeVerifier')).toBe('v'.repeat(43));
    expect(session.takeCodeVerifier()).toBe('v'.repeat(43));
    expect(session.takeCodeVerifier()).toBeNull();
  });

  it('clears token and profile but keeps the session id', () => {
    const id = session.getOrCreateSessionId();
    session.setToken('t');
    session.setProfile({ id: 'u' });
    session.clearCredentials();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('userProfile')).toBeNull();
    expect(sessionStorage.getItem('sessionId')).toBe(id);
  });

  it('survives a corrupted profile', () => {
    sessionStorage.setItem('userProfile', '{not json');
    expect(session.getProfile()).toBeNull();
    expect(sessionStorage.getItem('userProfile')).toBeNull();
  });
});
