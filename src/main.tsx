import './styles/global.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { runBoot } from './boot/run-boot';
import { hideAppLoading, loadSite } from './boot/sites';
import { BOOT_STEPS } from './boot/steps';
import { queryClient } from './lib/query-client';
import { subscribeSession } from './lib/session';
import { router } from './router';

async function start(): Promise<void> {
  const outcome = await runBoot(BOOT_STEPS);
  if (outcome.kind === 'redirect') return;
  if (outcome.kind === 'failed') {
    hideAppLoading();
    return;
  }

  // A session ended elsewhere (999, another tab's logout) re-runs the route guards.
  subscribeSession(() => void router.invalidate());
  window.addEventListener('storage', (event) => {
    if (event.key === 'token' && !event.newValue) window.location.reload();
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
  void loadSite();
}

void start();
