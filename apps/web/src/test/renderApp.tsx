import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/queryClient';
import { routes as appRoutes } from '../app/routes';

/** Renders the real route table (or given routes) at an address, with the app's providers. */
export function renderApp(initialEntry: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...utils, router, queryClient, location };
}
