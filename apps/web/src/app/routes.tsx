// The route table of spec section 2. Redirect rules live in lib/redirects.ts (pure,
// tested); here they run as loaders, before anything renders. Screens load lazily, one chunk each,
// the sign-in pages too: the first page holds only the frame (apps/web/README.md, "First page").
import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/LoadingScreen';
import { RequireAuth } from '../features/auth/RequireAuth';
import { AppShell } from '../features/layout/AppShell';
import { MainLayout } from '../features/layout/MainLayout';
import { PublicLayout } from '../features/layout/PublicLayout';
import { RouteErrorScreen } from '../features/layout/RouteErrorScreen';
import { redirectFor } from '../lib/redirects';

/** Applies the address rules (/, /main, jet, pipe, welding, the section parents, PIPE_NETWORK_2). */
export function redirectLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = redirectFor(url.pathname, url.search);
  return target ? redirect(target) : null;
}

/** Redirect-only routes render nothing: their loader has already sent the browser on. */
function Redirecting() {
  return null;
}

/** A redirect-only route (index or short address). */
const forward = { loader: redirectLoader, Component: Redirecting };

const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });
/** The profile and admin frames (their tabs) load with their section's first page. */
const sectionLayout = (name: 'AdminLayout' | 'ProfileLayout') => async () => ({ Component: (await import('../features/layout/sectionLayouts'))[name] });
const notFound = screen(() => import('../routes/NotFoundRoute'));

function ProtectedMain() {
  return (
    <RequireAuth>
      <MainLayout />
    </RequireAuth>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteErrorScreen,
    children: [
      { index: true, ...forward },
      { path: 'jet', ...forward },
      { path: 'pipe', ...forward },
      { path: 'welding', ...forward },

      { path: 'login', lazy: screen(() => import('../routes/LoginRoute')) },
      { path: 'logout', lazy: screen(() => import('../routes/LogoutRoute')) },
      { path: 'loggedout', lazy: screen(() => import('../routes/LoggedOutRoute')) },
      { path: 'auth-callback', lazy: screen(() => import('../routes/AuthCallbackRoute')) },
      { path: 'recover-password', lazy: screen(() => import('../routes/RecoverPasswordRoute')) },
      { path: 'reset-password', lazy: screen(() => import('../routes/ResetPasswordRoute')) },

      {
        path: 'main',
        Component: ProtectedMain,
        children: [
          { index: true, ...forward },
          { path: 'dashboard', lazy: screen(() => import('../routes/main/DashboardRoute')) },
          {
            path: 'simulations',
            children: [
              { index: true, ...forward },
              { path: 'all', lazy: screen(() => import('../routes/main/simulations/AllSimulationsRoute')) },
              { path: 'view/:id', lazy: screen(() => import('../routes/main/simulations/ViewSimulationRoute')) },
              { path: 'create', loader: redirectLoader, lazy: screen(() => import('../routes/main/simulations/CreateWeldingRoute')) },
              { path: 'create-pipe', loader: redirectLoader, lazy: screen(() => import('../routes/main/simulations/CreatePipeRoute')) },
              { path: 'create-jet', lazy: screen(() => import('../routes/main/simulations/CreateJetRoute')) },
              { path: 'create-melt-pool', lazy: screen(() => import('../routes/main/simulations/CreateMeltPoolRoute')) },
              { path: 'create-v2', lazy: screen(() => import('../routes/main/simulations/CreateV2Route')) },
              { path: 'create-v2/:familyOrType', lazy: screen(() => import('../routes/main/simulations/CreateV2Route')) },
              { path: 'create-v2/:familyOrType/:simulationType', lazy: screen(() => import('../routes/main/simulations/CreateV2Route')) },
              { path: 'create-pipe-v2', lazy: screen(() => import('../routes/main/simulations/CreatePipeV2Route')) },
              { path: 'compare', lazy: screen(() => import('../routes/main/simulations/CompareRoute')) },
              { path: 'log-test', lazy: screen(() => import('../routes/main/simulations/LogTestRoute')) },
              { path: 'sse-test', lazy: screen(() => import('../routes/main/simulations/SseTestRoute')) },
            ],
          },
          {
            path: 'profile',
            lazy: sectionLayout('ProfileLayout'),
            children: [
              { index: true, ...forward },
              { path: 'view', lazy: screen(() => import('../routes/main/profile/ProfileViewRoute')) },
              { path: 'edit', lazy: screen(() => import('../routes/main/profile/ProfileEditRoute')) },
              { path: 'password', lazy: screen(() => import('../routes/main/profile/ProfilePasswordRoute')) },
            ],
          },
          {
            path: 'admin',
            lazy: sectionLayout('AdminLayout'),
            children: [
              { index: true, ...forward },
              { path: 'simulations/all', lazy: screen(() => import('../routes/main/admin/AdminSimulationsRoute')) },
              { path: 'simulations/edit/:id', lazy: screen(() => import('../routes/main/admin/AdminSimulationEditRoute')) },
              { path: 'users/all', lazy: screen(() => import('../routes/main/admin/AdminUsersRoute')) },
              { path: 'users/edit/:id', lazy: screen(() => import('../routes/main/admin/AdminUserEditRoute')) },
              { path: 'users/create', lazy: screen(() => import('../routes/main/admin/AdminUserCreateRoute')) },
            ],
          },
          { path: '*', lazy: notFound },
        ],
      },

      {
        Component: PublicLayout,
        children: [
          { path: 'simulator/*', lazy: screen(() => import('../routes/SimulatorRoute')) },
          { path: 'debug', lazy: screen(() => import('../routes/debug/DebugRoute')) },
          { path: 'debug/components/pipe-diagram-editor', lazy: screen(() => import('../routes/debug/PipeDiagramEditorRoute')) },
          { path: 'debug/components/polygon-cross-section-designer', lazy: screen(() => import('../routes/debug/PolygonDesignerRoute')) },
          { path: 'status', lazy: screen(() => import('../routes/StatusRoute')) },
          { path: 'verification', lazy: screen(() => import('../routes/VerificationReportRoute')) },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
