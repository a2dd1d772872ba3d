import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListEmpty, SearchBox } from '#features/catalogue/components/catalogue-portal.tsx';
import { HtmlContent } from '#ui/html-content';
import { Marquee } from '#ui/marquee';
import { QrCode } from '#ui/qr-code';
import { Tabs } from '#ui/tabs';

const withI18n = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe('SearchBox (spec section 2: applies on Enter or when cleared)', () => {
  it('does not search while typing, searches on Enter with the trimmed text', () => {
    const onSearch = vi.fn();
    withI18n(<SearchBox tab={1} value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search games' });
    expect(box.getAttribute('placeholder')).toBe('Search games');
    fireEvent.change(box, { target: { value: ' dragon ' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.submit(box);
    expect(onSearch).toHaveBeenCalledWith('dragon');
  });
  it('searches for everything again as soon as the box is cleared', () => {
    const onSearch = vi.fn();
    withI18n(<SearchBox tab={1} value="dragon" onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    expect(onSearch).toHaveBeenCalledWith('');
  });
  it("names and hints the selected tab's list: games on tab 1, tasks on tab 2", () => {
    const { rerender } = withI18n(<SearchBox tab={2} value="" onSearch={vi.fn()} />);
    const box = screen.getByRole('searchbox', { name: 'Search tasks' });
    expect(box.getAttribute('placeholder')).toBe('Search tasks');
    rerender(
      <I18nProvider i18n={i18n}>
        <SearchBox tab={1} value="" onSearch={vi.fn()} />
      </I18nProvider>,
    );
    expect(screen.getByRole('searchbox', { name: 'Search games' }).getAttribute('placeholder')).toBe(
      'Search games',
    );
  });
});

describe('ListEmpty (an empty list after a search says so, in the words of its tab)', () => {
  it('names the search that found nothing and offers to clear it', () => {
    const onClear = vi.fn();
    withI18n(<ListEmpty tab={2} search="xyz" onClearSearch={onClear} />);
    expect(screen.getByRole('heading', { name: 'No results for "xyz"' })).toBeTruthy();
    expect(screen.getByText('No tasks match this search.')).toBeTruthy();
    expect(screen.queryByText(/games/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onClear).toHaveBeenCalledOnce();
  });
  it('says mini-games on tab 1', () => {
    withI18n(<ListEmpty tab={1} search="dragon" onClearSearch={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'No results for "dragon"' })).toBeTruthy();
    expect(screen.getByText('No mini-games match this search.')).toBeTruthy();
  });
  it('without a search: "No games yet" on tab 1, "No tasks yet" on tab 2, nothing to clear', () => {
    const { unmount } = withI18n(<ListEmpty tab={1} search="" onClearSearch={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'No games yet' })).toBeTruthy();
    unmount();
    withI18n(<ListEmpty tab={2} search="" onClearSearch={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'No tasks yet' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Tabs', () => {
  function Harness() {
    const [value, setValue] = useState<1 | 2>(1);
    return (
      <Tabs
        options={[
          { value: 1, label: 'One' },
          { value: 2, label: 'Two' },
        ]}
        value={value}
        onChange={setValue}
        label="Catalogues"
        panelId="panel"
        idPrefix="t"
      />
    );
  }
  it('selects with a click and with the arrow keys, one tab stop at a time', () => {
    render(<Harness />);
    const [one, two] = screen.getAllByRole('tab');
    expect(one?.getAttribute('aria-selected')).toBe('true');
    expect(two?.tabIndex).toBe(-1);
    fireEvent.keyDown(one as HTMLElement, { key: 'ArrowRight' });
    expect(two?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(two);
    fireEvent.keyDown(two as HTMLElement, { key: 'ArrowRight' });
    expect(one?.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(two as HTMLElement);
    expect(two?.getAttribute('aria-controls')).toBe('panel');
    expect(two?.getAttribute('aria-selected')).toBe('true');
  });
});

describe('Marquee', () => {
  it('renders the notices once for assistive technology and once more, hidden, for the seamless loop', () => {
    render(
      <Marquee
        label="Notices"
        items={[
          { key: 1, node: 'First' },
          { key: 2, node: 'Second' },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Notices' });
    expect(region.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['First', 'Second']);
  });
});

describe('QrCode and HtmlContent', () => {
  it('draws the QR code as one path in an SVG image', () => {
    render(<QrCode value="https://beacon.example/s/abc" label="QR" />);
    const svg = screen.getByRole('img', { name: 'QR' });
    expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });
  it('renders server HTML without scripts or handlers', () => {
    const { container } = render(
      <HtmlContent html={'<p onclick="x()">Hello</p><script>alert(1)</script>'} />,
    );
    expect(container.innerHTML).toContain('<p>Hello</p>');
    expect(container.innerHTML).not.toMatch(/script|onclick/);
  });
});
