import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type BeforeInstallPromptEvent,
  installedStore,
  installOffer,
  installPromptStore,
  isIosSafari,
  isStandalone,
  listenForInstallPrompt,
  promptInstall,
} from '#lib/install';
import { requestPersistentStorage } from '#lib/persistent-storage';
import { InstallMenuItem } from '#ui/install-button';

// Whether the browser keeps our storage is not this file's concern; that install asks for it is.
vi.mock('#lib/persistent-storage', () => ({ requestPersistentStorage: vi.fn(async () => true) }));

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneInstagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

const fakeNavigator = (userAgent: string, platform = '', maxTouchPoints = 0) =>
  ({ userAgent, platform, maxTouchPoints }) as Navigator;

/** A `beforeinstallprompt` as Chromium fires it, answering with `outcome`. */
function promptEvent(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  }) as BeforeInstallPromptEvent;
  return { event, prompt };
}

let stopListening: () => void = () => {};
beforeEach(() => {
  installPromptStore.set(null);
  installedStore.set(false);
  vi.mocked(requestPersistentStorage).mockClear();
});
afterEach(() => stopListening());

describe('installOffer', () => {
  const base = { standalone: false, installed: false, hasPrompt: false, iosSafari: false };
  it('offers the browser prompt when there is one', () => {
    expect(installOffer({ ...base, hasPrompt: true })).toBe('prompt');
    expect(installOffer({ ...base, hasPrompt: true, iosSafari: true })).toBe('prompt');
  });
  it('offers the instructions on iOS Safari, which never prompts', () => {
    expect(installOffer({ ...base, iosSafari: true })).toBe('ios');
  });
  it('offers nothing when running installed, once installed, or when the browser offers nothing', () => {
    expect(installOffer({ ...base, standalone: true, hasPrompt: true, iosSafari: true })).toBe('none');
    expect(installOffer({ ...base, installed: true, hasPrompt: true })).toBe('none');
    expect(installOffer(base)).toBe('none');
  });
});

describe('isIosSafari', () => {
  it('is Safari on iPhone, and on iPad in desktop mode (a "Mac" with touch)', () => {
    expect(isIosSafari(fakeNavigator(UA.iphoneSafari, 'iPhone', 5))).toBe(true);
    expect(isIosSafari(fakeNavigator(UA.ipadDesktopMode, 'MacIntel', 5))).toBe(true);
  });
  it('is not other iOS browsers, in-app browsers, a real Mac or Android', () => {
    expect(isIosSafari(fakeNavigator(UA.iphoneChrome, 'iPhone', 5))).toBe(false);
    expect(isIosSafari(fakeNavigator(UA.iphoneInstagram, 'iPhone', 5))).toBe(false);
    expect(isIosSafari(fakeNavigator(UA.ipadDesktopMode, 'MacIntel', 0))).toBe(false);
    expect(isIosSafari(fakeNavigator(UA.androidChrome, 'Linux armv8l', 5))).toBe(false);
  });
});

describe('isStandalone', () => {
  const fakeWindow = (standalone: boolean | undefined, displayModeStandalone: boolean) =>
    ({
      navigator: { standalone },
      matchMedia: (query: string) => ({
        matches: query === '(display-mode: standalone)' && displayModeStandalone,
      }),
    }) as unknown as Window;
  it('follows the display-mode media query and iOS navigator.standalone', () => {
    expect(isStandalone(fakeWindow(undefined, true))).toBe(true);
    expect(isStandalone(fakeWindow(true, false))).toBe(true);
    expect(isStandalone(fakeWindow(false, false))).toBe(false);
  });
});

describe('the install prompt', () => {
  it('keeps the deferred event and stops the browser from showing its own bar', () => {
    stopListening = listenForInstallPrompt(window);
    const { event } = promptEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(installPromptStore.get()).toBe(event);
  });

  it('prompts once, and after an accepted install asks to keep storage and offers nothing more', async () => {
    stopListening = listenForInstallPrompt(window);
    const { event, prompt } = promptEvent('accepted');
    window.dispatchEvent(event);
    expect(await promptInstall()).toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(installPromptStore.get()).toBeNull();
    expect(installedStore.get()).toBe(true);
    expect(requestPersistentStorage).toHaveBeenCalledTimes(1);
    expect(await promptInstall()).toBe('unavailable');
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('after a dismissal drops the used event and asks for nothing', async () => {
    stopListening = listenForInstallPrompt(window);
    window.dispatchEvent(promptEvent('dismissed').event);
    expect(await promptInstall()).toBe('dismissed');
    expect(installPromptStore.get()).toBeNull();
    expect(installedStore.get()).toBe(false);
    expect(requestPersistentStorage).not.toHaveBeenCalled();
  });

  it('treats appinstalled (installed from the browser menu) like an accepted prompt', () => {
    stopListening = listenForInstallPrompt(window);
    window.dispatchEvent(promptEvent('accepted').event);
    window.dispatchEvent(new Event('appinstalled'));
    expect(installPromptStore.get()).toBeNull();
    expect(installedStore.get()).toBe(true);
    expect(requestPersistentStorage).toHaveBeenCalledTimes(1);
  });
});

describe('InstallMenuItem', () => {
  const renderItem = () =>
    render(
      <I18nProvider i18n={i18n}>
        <button type="button">before</button>
        <ul>
          <InstallMenuItem />
        </ul>
      </I18nProvider>,
    );

  it('renders nothing when the browser offers nothing (jsdom is no iOS Safari)', () => {
    const { container } = renderItem();
    expect(container.querySelector('li')).toBeNull();
  });

  it('appears when the browser offers an install, prompts on click, and goes once installed', async () => {
    stopListening = listenForInstallPrompt(window);
    renderItem();
    const { event, prompt } = promptEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull());
  });

  it('is hidden when the app already runs standalone', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
    installPromptStore.set(promptEvent('accepted').event);
    const { container } = renderItem();
    expect(container.querySelector('li')).toBeNull();
  });

  it('on iOS Safari opens labelled add-to-home-screen steps, and gives focus back on close', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(UA.iphoneSafari);
    const user = userEvent.setup();
    renderItem();
    const button = screen.getByRole('button', { name: 'Install app' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Add to Home Screen' });
    const text = dialog.textContent?.replace(/\s+/g, ' ');
    expect(text).toContain("Tap the Share button in Safari's toolbar.");
    expect(text).toContain('Scroll down and tap "Add to Home Screen".');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
