import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Page } from '#ui/page';
import { RefreshButton } from '#ui/refresh-button';
import { renderInRouter } from './render';

describe('Page', () => {
  it('a standalone page: the title bar with back and title, then the main landmark with its class', async () => {
    const { container } = await renderInRouter(() => (
      <Page title="Deposit" bodyClassName="wallet-page" end={<a href="/x">History</a>}>
        <p>Body</p>
      </Page>
    ));
    const frame = container.querySelector('.page');
    expect(frame?.className).toBe('page page--standalone');
    const [header, main] = Array.from(frame?.children ?? []);
    expect(header?.className).toBe('page-header');
    expect(screen.getByRole('button', { name: 'Back' }).className).toBe('icon-button page-header__back');
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit' }).className).toBe('page-header__title');
    expect(header?.querySelector('.page-header__end')?.textContent).toBe('History');
    expect(main?.tagName).toBe('MAIN');
    expect(main?.id).toBe('main');
    expect(main?.className).toBe('page__body wallet-page');
    expect(main?.hasAttribute('aria-label')).toBe(false);
    expect(main?.textContent).toBe('Body');
  });

  it('a tab page: no back button (a spacer keeps the title centred) and not standalone', async () => {
    const { container } = await renderInRouter(() => (
      <Page title="Report" back={false}>
        <p>Body</p>
      </Page>
    ));
    expect(container.querySelector('.page')?.className).toBe('page');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(container.querySelector('.page-header__spacer')).not.toBeNull();
    expect(container.querySelector('main')?.className).toBe('page__body');
  });

  it('a page with its own header: that header in place of the title bar, the frame and main classes, the name', async () => {
    const { container } = await renderInRouter(() => (
      <Page
        header={<header className="home-top">Top</header>}
        className="home"
        bodyClassName="home__body"
        label="Home"
      >
        <p>Body</p>
      </Page>
    ));
    const frame = container.querySelector('.page');
    expect(frame?.className).toBe('page home');
    expect(frame?.firstElementChild?.className).toBe('home-top');
    expect(container.querySelector('.page-header')).toBeNull();
    expect(screen.getByRole('main', { name: 'Home' }).className).toBe('page__body home__body');
  });

  it('overlays follow the main landmark, outside it', async () => {
    const { container } = await renderInRouter(() => (
      <Page title="Cards" overlays={<div data-testid="dialog" />}>
        <p>Body</p>
      </Page>
    ));
    const main = container.querySelector('main');
    expect(main?.nextElementSibling).toBe(screen.getByTestId('dialog'));
    expect(main?.contains(screen.getByTestId('dialog'))).toBe(false);
  });

  it('refresh: a button at the end of the title bar, after the page’s own end, that asks again', async () => {
    const onRefresh = vi.fn();
    const { container } = await renderInRouter(() => (
      <Page title="Team" back={false} end={<span>Own</span>} refresh={{ onRefresh, busy: false }}>
        <p>Body</p>
      </Page>
    ));
    const end = container.querySelector('.page-header__end');
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(end?.lastElementChild).toBe(button);
    expect(end?.firstElementChild?.textContent).toBe('Own');
    fireEvent.click(button);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});

describe('RefreshButton', () => {
  it('says it is busy and turns its icon while a refresh runs, and stays usable', async () => {
    await renderInRouter(() => <RefreshButton onRefresh={() => undefined} busy label="Refresh balance" />);
    const button = screen.getByRole('button', { name: 'Refresh balance' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.querySelector('svg')?.getAttribute('class')).toBe('icon-spin');
    expect(button.textContent).toBe('');
  });

  it('is quiet when idle', async () => {
    await renderInRouter(() => <RefreshButton onRefresh={() => undefined} busy={false} />);
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.querySelector('svg')?.hasAttribute('class')).toBe(false);
  });
});

/** The frame's own classes: only `Page` (src/ui/page.tsx) writes them. */
const FRAME_CLASSES = new Set(['page', 'page--standalone', 'page__body']);
/** Frames that differ: the sign-in pages' layout (brand, locale picker, support; no title bar). */
const OWN_FRAMES = new Set(['src/features/auth/components/auth-layout.tsx']);

const sourcesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(file);
    return /\.tsx?$/.test(entry.name) ? [file.replaceAll('\\', '/')] : [];
  });

/** The text of each className: its string, or the whole expression within its braces. */
const classTexts = (source: string): string[] => {
  const texts: string[] = [];
  for (const match of source.matchAll(/className=/g)) {
    const at = match.index + match[0].length;
    if (source[at] === '"') texts.push(source.slice(at + 1, source.indexOf('"', at + 1)));
    if (source[at] !== '{') continue;
    let depth = 0;
    let end = at;
    for (; end < source.length; end++) {
      if (source[end] === '{') depth++;
      else if (source[end] === '}' && --depth === 0) break;
    }
    texts.push(source.slice(at + 1, end));
  }
  return texts;
};
/** The frame's classes a className names, wherever in its text (a literal, a template, a list joined). */
const frameClassesIn = (source: string): string[] =>
  classTexts(source).flatMap((text) =>
    [...text.matchAll(/(?<![\w-])page(?:__body|--standalone)?(?![\w-])/g)].map(([token]) => token),
  );

describe('pages use the one frame', () => {
  const files = ['src/features', 'src/routes'].flatMap(sourcesOf);

  it('the scan reads the pages (and would see a frame written by hand)', () => {
    expect(files.length).toBeGreaterThan(100);
    // Page itself writes the frame's three classes (in a list joined): the scan finds each.
    const own = new Set(frameClassesIn(readFileSync('src/ui/page.tsx', 'utf8')));
    expect([...FRAME_CLASSES].filter((token) => !own.has(token))).toEqual([]);
    // A feature's own class that ends in "page" is not the frame's, nor is aria-current="page".
    expect(frameClassesIn('<main className="page__body agent-page" aria-current="page" />')).toEqual([
      'page__body',
    ]);
    expect(frameClassesIn('<div className={open ? `page page--standalone` : "x"} />')).toEqual([
      'page',
      'page--standalone',
    ]);
  });

  it('no feature or route writes the page frame, a main landmark or the title bar by hand', () => {
    const handWritten = files
      .filter((file) => !OWN_FRAMES.has(file))
      .flatMap((file) => {
        const source = readFileSync(file, 'utf8');
        const found = [
          ...frameClassesIn(source),
          ...(/<main\b/.test(source) ? ['<main>'] : []),
          ...(/['"]#ui\/page-header['"]/.test(source) ? ['PageHeader'] : []),
        ];
        return found.map((what) => `${file}: ${what}`);
      });
    expect(handWritten).toEqual([]);
  });
});
