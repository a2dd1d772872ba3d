import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BUILD_ID } from '#lib/build-info';
import { withDeadline } from '#lib/deadline';
import { clearHomeSnapshot } from '#lib/home-snapshot';
import { startQueryPersistence } from '#lib/persist';
import { listenToServiceWorker, registerServiceWorker } from '#lib/pwa';
import { queryClient } from '#lib/query-client';
import { MESSAGES_QUERY_ROOT } from '#lib/query-keys';
import { subscribeSession } from '#lib/session';
import { runBoot } from './boot/run-boot';
import { hideAppLoading, loadSite } from './boot/sites';
import { BOOT_STEPS } from './boot/steps';
import { setCatalogueMutationDefaults } from './features/catalogue/catalogue.mutations';
import { CONTENT_NOTICES_ROOT } from './features/content/content.queries';
import { seedLaunchBanners } from './features/content/launch-data';
import { setNoticeMutationDefaults } from './features/notices/notices.mutations';
import { NOTICES_QUERY_ROOT } from './features/notices/notices.queries';
import { router } from './router';

/** The longest the first render waits for the first page's route code and loaders. */
const FIRST_LOAD_WAIT_MS = 1000;

/** Boot steps, the saved cache, then the app (DESIGN.md section 2's main.tsx, loaded by the entry). */
export async function start(): Promise<void> {
  // Which build runs, for support and for the update check in the end-to-end suite.
  document.documentElement.dataset.build = BUILD_ID;
  const outcome = await runBoot(BOOT_STEPS);
  if (outcome.kind === 'redirect') return;
  if (outcome.kind === 'failed') {
    hideAppLoading();
    return;
  }

  // Launch data paints from the persisted cache before any network answer; a restored queued apply needs
  // its mutation defaults first. A failed or empty restore leaves the network as the source.
  setCatalogueMutationDefaults(queryClient);
  setNoticeMutationDefaults(queryClient);
  await startQueryPersistence(queryClient);
  // A first visit: the banners came with the page, so the first render paints the first one.
  seedLaunchBanners(queryClient, i18n.locale);

  // A session ended elsewhere (999, another tab's logout) re-runs the route guards.
  subscribeSession(() => void router.invalidate());
  // The last home screen may show this session's notices and balance: never to the next one.
  subscribeSession(() => void clearHomeSnapshot());
  window.addEventListener('storage', (event) => {
    if (event.key === 'token' && !event.newValue) window.location.reload();
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  // The first page mounts once, loaded, in a transition: React then builds it in short slices instead of
  // one long task per router update (docs/perf.md, cold TBT). A loader may wait on a slow network with
  // nothing saved: past the wait the app mounts and the page shows Loading (the router's pending
  // component) until it answers. The first view stays on screen meanwhile.
  await withDeadline(
    router.load().catch(() => undefined),
    FIRST_LOAD_WAIT_MS,
    undefined,
  );
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
  void loadSite();
  registerServiceWorker();
  listenToServiceWorker({
    onNoticePushed: () => {
      void queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: CONTENT_NOTICES_ROOT });
    },
    onMessagePushed: () => void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT }),
    onOpenUrl: (path) => router.history.push(path),
  });
}
