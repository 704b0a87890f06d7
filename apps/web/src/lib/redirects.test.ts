import { describe, expect, it } from 'vitest';
import { forwardRedirect, guardDecision, pipeNetwork2Redirect, postLoginTarget, redirectFor, simulatorRedirect } from './redirects';

describe('/ and /main go to /simulator/ keeping the query', () => {
  it.each([
    ['/', '', '/simulator/'],
    ['/', '?units=si', '/simulator/?units=si'],
    ['/main', '', '/simulator/'],
    ['/main/', '?x=1&y=2', '/simulator/?x=1&y=2'],
  ])('%s%s -> %s', (pathname, search, target) => {
    expect(simulatorRedirect(pathname, search)).toBe(target);
    expect(redirectFor(pathname, search)).toBe(target);
  });

  it('only exactly', () => {
    expect(simulatorRedirect('/main/dashboard', '')).toBeNull();
    expect(simulatorRedirect('/mainx', '')).toBeNull();
    expect(simulatorRedirect('/simulator/', '')).toBeNull();
  });
});

describe('short addresses and section parents', () => {
  it.each([
    ['/jet', '/main/simulations/create-jet'],
    ['/pipe', '/main/simulations/create-pipe'],
    ['/welding', '/main/simulations/create'],
    ['/main/simulations', '/main/simulations/all'],
    ['/main/profile', '/main/profile/view'],
    ['/main/profile/', '/main/profile/view'],
    ['/main/admin', '/main/admin/simulations/all'],
  ])('%s -> %s', (pathname, target) => {
    expect(forwardRedirect(pathname, '')).toBe(target);
    expect(redirectFor(pathname, '?k=v')).toBe(`${target}?k=v`);
  });

  it('leaves final addresses alone', () => {
    for (const p of ['/main/simulations/all', '/main/profile/edit', '/main/admin/users/all', '/login', '/simulator/x']) {
      expect(redirectFor(p, '')).toBeNull();
    }
  });
});

describe('PIPE_NETWORK_2 on create and create-pipe', () => {
  it.each([
    ['/main/simulations/create', '?type=PIPE_NETWORK_2'],
    ['/main/simulations/create', '?type=pipe_network_2&a=b'],
    ['/main/simulations/create-pipe', '?a=1&type=Pipe_Network_2&b=2'],
    ['/main/simulations/create-pipe/', '?type=PIPE_NETWORK_2'],
  ])('%s%s -> create-pipe-v2 keeping the whole query', (pathname, search) => {
    expect(pipeNetwork2Redirect(pathname, search)).toBe(`/main/simulations/create-pipe-v2${search}`);
    expect(redirectFor(pathname, search)).toBe(`/main/simulations/create-pipe-v2${search}`);
  });

  it('not for other types or other screens', () => {
    expect(pipeNetwork2Redirect('/main/simulations/create', '?type=PIPE_NETWORK')).toBeNull();
    expect(pipeNetwork2Redirect('/main/simulations/create', '')).toBeNull();
    expect(pipeNetwork2Redirect('/main/simulations/create-jet', '?type=PIPE_NETWORK_2')).toBeNull();
    expect(pipeNetwork2Redirect('/main/simulations/create-pipe-v2', '?type=PIPE_NETWORK_2')).toBeNull();
  });
});

describe('routes needing login', () => {
  it('allows a signed-in user, waits while unknown', () => {
    expect(guardDecision('loggedIn', { pathname: '/main/dashboard', search: '' })).toEqual({ kind: 'allow' });
    expect(guardDecision('unknown', { pathname: '/main/dashboard', search: '' })).toEqual({ kind: 'wait' });
  });

  it('sends a signed-out user to login, remembering the address with its query', () => {
    expect(guardDecision('loggedOut', { pathname: '/main/simulations/all', search: '?status=running', hash: '#top' })).toEqual({
      kind: 'login',
      remember: '/main/simulations/all?status=running#top',
    });
  });
});

describe('after sign-in', () => {
  it('goes to the remembered address, else /main', () => {
    expect(postLoginTarget('/main/admin/users/all?page=1')).toBe('/main/admin/users/all?page=1');
    expect(postLoginTarget(null)).toBe('/main');
    expect(postLoginTarget('')).toBe('/main');
  });

  it('never leaves the site or loops through the sign-in screens', () => {
    expect(postLoginTarget('https://evil.example/')).toBe('/main');
    expect(postLoginTarget('//evil.example/')).toBe('/main');
    expect(postLoginTarget('/login')).toBe('/main');
    expect(postLoginTarget('/auth-callback?code=x')).toBe('/main');
    expect(postLoginTarget('/logout')).toBe('/main');
  });
});
