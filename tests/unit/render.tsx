import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { queryClient } from '#lib/query-client';

/** Renders a component inside a memory router whose every path shows it, with the app's providers. */
export async function renderInRouter(ui: () => ReactNode, path = '/') {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '$', component: () => <>{ui()}</> });
  const index = createRoute({ getParentRoute: () => root, path: '/', component: () => <>{ui()}</> });
  const router = createRouter({
    routeTree: root.addChildren([index, page]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await waitFor(() => {
    if (!view.container.firstChild) throw new Error('router has not rendered yet');
  });
  return { ...view, router };
}
