import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aUser, pathOf, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signedIn';
import { authStore } from '../../lib/authStore';
import { visibleNavItems } from './navItems';

function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

beforeEach(() => wideScreen());

/** The main navigation of the dashboard, signed in as `user`. */
async function navigationOfDashboardAs(user: typeof aUser) {
  stubFetch((call) => (pathOf(call) === '/api/v1/users/me' ? { json: user } : undefined));
  signIn(user);
  await authStore.init();
  renderApp('/main/dashboard');
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

describe('main layout', () => {
  it('navigation: Dashboard, Simulations, Create, Profile, Sign out; Admin only for superusers', async () => {
    const nav = await navigationOfDashboardAs(aUser);
    const names = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(names).toEqual(['Dashboard', 'Simulations', 'Create', 'Profile', 'Sign out']);
    expect(within(nav).getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/logout');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows Admin to a superuser', async () => {
    const admin = { ...aUser, is_superuser: true };
    const nav = await navigationOfDashboardAs(admin);
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/main/admin');
  });

  it('knows which section is current', () => {
    const items = visibleNavItems(true);
    const active = (p: string) => items.filter((i) => i.isActive(p)).map((i) => i.label);
    expect(active('/main/simulations/all')).toEqual(['Simulations']);
    expect(active('/main/simulations/create-pipe')).toEqual(['Create']);
    expect(active('/main/admin/users/all')).toEqual(['Admin']);
    expect(visibleNavItems(false).map((i) => i.label)).not.toContain('Admin');
  });
});
