import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Demand, WxApp } from '#contract/catalogue';
import { demandApplyOutcome } from '#features/catalogue/apply-result.ts';
import { demandCatalogue, wxCatalogue } from '#features/catalogue/catalogues.ts';
import { ItemActions } from '#features/catalogue/components/item-actions.tsx';
import { activateLocale, LOCALES, loadBeyondHome } from '#lib/i18n';
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

// Issue 31 item 7: a refused apply (a queued one answered later) left the row at Apply with no hint.
describe('a refused apply', () => {
  const task: Demand = {
    demandId: 7,
    demandName: 'Dance challenge',
    demandDesc: '',
    demandIcon: '',
    apply: true,
    link: '',
    pinned: false,
  };
  const refused = (result: number, addAppCard = () => {}) => ({
    apply: () => {},
    pin: () => {},
    applyState: () => undefined,
    pinState: () => undefined,
    refusal: () => demandApplyOutcome(result as never),
    addAppCard,
  });

  it('result 0: the row says to add the account card and opens its form', async () => {
    const addAppCard = vi.fn();
    await renderInRouter(() => (
      <ItemActions
        catalogue={demandCatalogue as never}
        item={task}
        actions={refused(0, addAppCard) as never}
        canPin={false}
      />
    ));
    expect(
      (await screen.findByRole('status')).textContent?.startsWith(
        'Add your short-video account card first, then apply again.',
      ),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add account card' }));
    expect(addAppCard).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Apply for Dance challenge' })).toBeTruthy();
  });

  it('result 2: says nothing more is to do, with no card button', async () => {
    await renderInRouter(() => (
      <ItemActions
        catalogue={demandCatalogue as never}
        item={task}
        actions={refused(2) as never}
        canPin={false}
      />
    ));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Every claim of this task is taken: there is nothing more to do.',
    );
    expect(screen.queryByRole('button', { name: 'Add account card' })).toBeNull();
  });
});
