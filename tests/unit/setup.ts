import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toastStore } from '#lib/toast';

// Outside production builds the lingui macros keep the English source text, so en-US needs no catalogue.
i18n.loadAndActivate({ locale: 'en-US', messages: {} });

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // The files share one module graph (vitest.config.ts): no toast of another test is on screen.
  toastStore.set([]);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
