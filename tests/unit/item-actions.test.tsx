import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WxApp } from '../../src/contract/catalogue';
import { wxCatalogue } from '../../src/features/catalogue/catalogues';
import { ItemActions } from '../../src/features/catalogue/components/item-actions';
import { activateLocale, LOCALES, loadBeyondHome } from '../../src/lib/i18n';
import { renderInRouter } from './render';

// Issue 31, item 12: the queued apply's accessible name did not contain its visible text (axe
// label-content-name-mismatch, WCAG 2.5.3): a voice user saying "Queued" could not reach it.

const app: WxApp = {
  id: 1,
  appid: 'wx1',
  appname: 'Star Farm',
  brief_intro: '',
  logo_square: '',
  category_2_name: 'casual',
  newcps: 0.1,
  apply: true,
  link: '',
  video_info: null,
  publicity_img: { img_list: [] },
  pinned: false,
};

const queued = {
  apply: () => {},
  pin: () => {},
  applyState: () => 'queued' as const,
  pinState: () => undefined,
};

afterEach(async () => {
  await act(() => activateLocale('en-US'));
});

describe('a queued apply', () => {
  it.each(LOCALES)('%s: is named by what it shows, then what it waits for', async (locale) => {
    await act(async () => {
      await loadBeyondHome();
      await activateLocale(locale);
    });
    await renderInRouter(() => (
      <ItemActions catalogue={wxCatalogue} item={app} actions={queued as never} canPin={false} />
    ));
    const button = await screen.findByRole('button');
    const shown = button.textContent?.trim() ?? '';
    expect(shown).not.toBe('');
    expect(button.getAttribute('aria-label')?.startsWith(shown)).toBe(true);
    expect(button.getAttribute('aria-label')).toContain('Star Farm');
  });
});
