import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pathOf, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { authStore } from '../../lib/authStore';
import { resetAnalytics, tagManagerUrl } from '../../lib/analytics';
import { CONSENT_MAX_AGE_SECONDS, consentCookie, consentStore, readConsent } from './consentStore';

const tagManagerScripts = () => document.querySelectorAll(`script[src^="https://www.googletagmanager.com/"]`);

function server(containerId: string | null) {
  return stubFetch((call) => (pathOf(call) === '/api/v1/utils/config' ? { json: { auth_provider: 'eis-wg', analytics_container_id: containerId } } : undefined));
}

beforeEach(() => {
  consentStore.reset();
  resetAnalytics();
});
afterEach(() => {
  consentStore.reset();
  resetAnalytics();
});

describe('the consent cookie', () => {
  it('is cookiesConsent, 365 days, strict same-site, secure', () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
    expect(consentCookie(true)).toBe('cookiesConsent=true; Max-Age=31536000; Path=/; SameSite=Strict; Secure');
    expect(consentCookie(false)).toBe('cookiesConsent=false; Max-Age=31536000; Path=/; SameSite=Strict; Secure');
  });

  it('reads back true, false or unset', () => {
    expect(readConsent()).toBeNull();
    document.cookie = 'cookiesConsent=false; Path=/';
    expect(readConsent()).toBe(false);
    document.cookie = 'cookiesConsent=true; Path=/';
    expect(readConsent()).toBe(true);
  });
});

describe('cookie banner and analytics', () => {
  it('shows the banner while unset and loads nothing before consent', async () => {
    const { calls } = server('GTM-TEST');
    await authStore.init();
    renderApp('/loggedout');
    expect(await screen.findByRole('button', { name: 'Accept All' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject All' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(tagManagerScripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
    expect(calls.filter((c) => pathOf(c) === '/api/v1/utils/config')).toHaveLength(0);
  });

  it('Accept All stores true and loads the tag manager once, then pushes page views and clicks', async () => {
    const written: string[] = [];
    const cookieSetter = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    server('GTM-TEST');
    await authStore.init();
    const app = renderApp('/loggedout');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept All' }));
    expect(written).toEqual([consentCookie(true)]);
    cookieSetter.mockRestore();
    await waitFor(() => expect(tagManagerScripts()).toHaveLength(1));
    expect(tagManagerScripts()[0]!.getAttribute('src')).toBe(tagManagerUrl('GTM-TEST'));
    expect((tagManagerScripts()[0] as HTMLScriptElement).async).toBe(true);
    expect(screen.queryByRole('button', { name: 'Accept All' })).toBeNull();

    const layer = () => window.dataLayer ?? [];
    expect(layer()[0]).toMatchObject({ event: 'gtm.js' });
    expect(typeof layer()[0]!['gtm.start']).toBe('number');
    await waitFor(() => expect(layer()).toContainEqual(expect.objectContaining({ event: 'page_view', page_path: '/loggedout' })));

    fireEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(app.location()).toBe('/simulator/'));
    expect(layer()).toContainEqual(expect.objectContaining({ event: 'user_interaction', interaction_label: 'Go to the home page' }));
    await waitFor(() => expect(layer()).toContainEqual(expect.objectContaining({ event: 'page_view', page_path: '/simulator/' })));
    expect(tagManagerScripts()).toHaveLength(1);
  });

  it('Reject All stores false and loads nothing', async () => {
    const { calls } = server('GTM-TEST');
    await authStore.init();
    renderApp('/loggedout');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject All' }));
    expect(readConsent()).toBe(false);
    // The banner goes (on a loaded machine the app's lazy screens may render it once more first).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject All' })).toBeNull());
    fireEvent.click(screen.getByRole('link', { name: 'Sign in again' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(tagManagerScripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
    expect(calls.filter((c) => pathOf(c) === '/api/v1/utils/config').length).toBeLessThanOrEqual(1); // only the login screen's own
  });

  it('accepted but no container configured: nothing loads', async () => {
    document.cookie = 'cookiesConsent=true; Path=/';
    const { calls } = server(null);
    await authStore.init();
    renderApp('/loggedout');
    await screen.findByText('You have been signed out');
    await waitFor(() => expect(calls.some((c) => pathOf(c) === '/api/v1/utils/config')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Accept All' })).toBeNull();
    expect(tagManagerScripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });
});
