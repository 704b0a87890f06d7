// The redirect rules of spec section 2, as pure functions of the address (and the auth state).
import { PIPE_NETWORK_2 } from '@simforge/contracts/catalogue';

export const paths = {
  root: '/',
  simulator: '/simulator/',
  login: '/login',
  logout: '/logout',
  loggedOut: '/loggedout',
  authCallback: '/auth-callback',
  recoverPassword: '/recover-password',
  resetPassword: '/reset-password',
  main: '/main',
  dashboard: '/main/dashboard',
  simulations: '/main/simulations',
  simulationsAll: '/main/simulations/all',
  simulationView: (id: string) => `/main/simulations/view/${encodeURIComponent(id)}`,
  create: '/main/simulations/create',
  createPipe: '/main/simulations/create-pipe',
  createJet: '/main/simulations/create-jet',
  createMeltPool: '/main/simulations/create-melt-pool',
  createV2: '/main/simulations/create-v2',
  createPipeV2: '/main/simulations/create-pipe-v2',
  profile: '/main/profile',
  profileView: '/main/profile/view',
  profileEdit: '/main/profile/edit',
  profilePassword: '/main/profile/password',
  admin: '/main/admin',
  adminSimulations: '/main/admin/simulations/all',
  adminSimulationEdit: (id: string) => `/main/admin/simulations/edit/${encodeURIComponent(id)}`,
  adminUsers: '/main/admin/users/all',
  adminUserCreate: '/main/admin/users/create',
  adminUserEdit: (id: string) => `/main/admin/users/edit/${encodeURIComponent(id)}`,
  debug: '/debug',
  pipeDiagramEditor: '/debug/components/pipe-diagram-editor',
  polygonDesigner: '/debug/components/polygon-cross-section-designer',
  status: '/status',
} as const;

/** The short addresses and the parents that only forward somewhere (the query travels along). */
export const forwards: Readonly<Record<string, string>> = {
  '/jet': paths.createJet,
  '/pipe': paths.createPipe,
  '/welding': paths.create,
  '/main/simulations': paths.simulationsAll,
  '/main/profile': paths.profileView,
  '/main/admin': paths.adminSimulations,
};

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** `/` and `/main` (exactly) go to `/simulator/`, keeping the query. */
export function simulatorRedirect(pathname: string, search: string): string | null {
  const p = trimSlash(pathname);
  return p === '/' || p === '/main' ? `${paths.simulator}${search}` : null;
}

/** `jet`, `pipe`, `welding` and the parents `main/simulations`, `main/profile`, `main/admin`. */
export function forwardRedirect(pathname: string, search: string): string | null {
  const target = forwards[trimSlash(pathname)];
  return target ? `${target}${search}` : null;
}

/** create and create-pipe with `type=PIPE_NETWORK_2` (any case) go to create-pipe-v2, keeping the whole query. */
export function pipeNetwork2Redirect(pathname: string, search: string): string | null {
  const p = trimSlash(pathname);
  if (p !== paths.create && p !== paths.createPipe) return null;
  const type = new URLSearchParams(search).get('type');
  return type !== null && type.toUpperCase() === PIPE_NETWORK_2 ? `${paths.createPipeV2}${search}` : null;
}

/** Every address-only rule, in order; null when the address is final. */
export function redirectFor(pathname: string, search: string): string | null {
  return simulatorRedirect(pathname, search) ?? forwardRedirect(pathname, search) ?? pipeNetwork2Redirect(pathname, search);
}

export type AuthStatus = 'unknown' | 'loggedOut' | 'loggedIn';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'login'; remember: string };

/** A route needing login: wait while the auth state is unknown, else send to login remembering the address. */
export function guardDecision(status: AuthStatus, location: { pathname: string; search: string; hash?: string }): GuardDecision {
  if (status === 'loggedIn') return { kind: 'allow' };
  if (status === 'unknown') return { kind: 'wait' };
  return { kind: 'login', remember: `${location.pathname}${location.search}${location.hash ?? ''}` };
}

const NOT_A_DESTINATION = [paths.login, paths.logout, paths.loggedOut, paths.authCallback];

/**
 * Where to go after signing in: the remembered address when it is one of ours (a same-origin path,
 * not a sign-in screen itself), else /main.
 */
export function postLoginTarget(originalUrl: string | null): string {
  if (!originalUrl || !originalUrl.startsWith('/') || originalUrl.startsWith('//') || originalUrl.startsWith('/\\')) return paths.main;
  const pathname = trimSlash(originalUrl.split(/[?#]/)[0]!);
  if ((NOT_A_DESTINATION as readonly string[]).includes(pathname)) return paths.main;
  return originalUrl;
}
