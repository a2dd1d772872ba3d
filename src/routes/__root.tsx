import { Trans } from '@lingui/react/macro';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { loadBeyondHome } from '#lib/i18n';
import type { Viewer } from '#lib/session';
import { EmptyState } from '#ui/empty-state';
import { LoadingOverlay } from '#ui/loading-overlay';
import { NotFound } from '#ui/not-found';
import { OfflineIndicator } from '#ui/offline-indicator';
import { Page } from '#ui/page';
import { SupportDialog } from '#ui/support-dialog';
import { Toaster } from '#ui/toaster';
import { UpdatePrompt } from '#ui/update-prompt';
import { MessagePushWording } from '../features/messages/push/message-push-wording';
import { NoticeSync } from '../features/notices/components/notice-sync';

export interface RouterContext {
  queryClient: QueryClient;
  viewer: Viewer;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Home's strings came with the app; every other page waits for the rest of the catalogue (decision 0026).
  beforeLoad: ({ location }) => (location.pathname === '/' ? undefined : loadBeyondHome()),
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});

function RootLayout() {
  return (
    <div className="app">
      <Outlet />
      <SupportDialog />
      <Toaster />
      <LoadingOverlay />
      <OfflineIndicator />
      <UpdatePrompt />
      <NoticeSync />
      <MessagePushWording />
    </div>
  );
}

function RootError({ reset }: { reset: () => void }) {
  return (
    <Page>
      <EmptyState
        title={<Trans>Something went wrong</Trans>}
        action={
          <button type="button" className="button button--primary" onClick={reset}>
            <Trans>Try again</Trans>
          </button>
        }
      />
    </Page>
  );
}
