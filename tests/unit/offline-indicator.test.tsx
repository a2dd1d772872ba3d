import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineIndicator } from '#ui/offline-indicator';

const MESSAGE = "You're offline. Showing saved data.";

afterEach(() => onlineManager.setOnline(true));

describe('OfflineIndicator', () => {
  it('follows the browser online and offline events, through the query client, in a polite live region', () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <button type="button">focused</button>
        <OfflineIndicator />
      </I18nProvider>,
    );
    const region = container.querySelector('.offline-indicator');
    if (!region) throw new Error('no offline indicator region');
    expect(region.getAttribute('aria-live')).toBe('polite');
    // The toaster owns the page's role="status" region; two would make "the status message" ambiguous.
    expect(screen.queryByRole('status')).toBeNull();
    expect(region.textContent).toBe('');
    const focused = screen.getByRole('button', { name: 'focused' });
    focused.focus();

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // The same region, so a screen reader announces the change.
    expect(container.querySelector('.offline-indicator')).toBe(region);
    expect(region.textContent).toBe(MESSAGE);
    expect(onlineManager.isOnline()).toBe(false);
    expect(document.activeElement).toBe(focused);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(region.textContent).toBe('');
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });
});
