import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from '#ui/carousel';

const ITEMS = ['Red', 'Green', 'Blue'];
const onTap = vi.fn();

function show(reducedMotion = false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reducedMotion && query === '(prefers-reduced-motion: reduce)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  const view = render(
    <I18nProvider i18n={i18n}>
      <Carousel
        label="Banners"
        items={ITEMS}
        itemKey={(item) => item}
        renderItem={(item, index, copy) => (
          <button type="button" onClick={() => onTap(item)} data-copy={copy} data-index={index}>
            {item}
          </button>
        )}
      />
    </I18nProvider>,
  );
  const track = view.container.querySelector('.carousel__track') as HTMLElement;
  Object.defineProperty(track, 'clientWidth', { value: 400 });
  track.setPointerCapture = vi.fn();
  return { ...view, track };
}

const current = () =>
  screen.getAllByRole('button', { name: /Go to item/ }).findIndex((dot) => dot.getAttribute('aria-current'));

beforeEach(() => {
  vi.useFakeTimers();
  onTap.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Carousel (spec section 2: loops, autoplays every 3000 ms, gap 50)', () => {
  it('labels each slide, hides the loop copies at both ends, and starts on the first', () => {
    const { container } = show();
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      '1 / 3',
      '2 / 3',
      '3 / 3',
    ]);
    const copies = container.querySelectorAll('.carousel__slide--copy');
    expect([...copies].map((c) => c.textContent)).toEqual(['Blue', 'Red']);
    for (const copy of copies) expect(copy.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('[data-copy="true"]')).toHaveLength(2);
    expect(current()).toBe(0);
  });

  it('moves on every 3000 ms and loops from the last slide to the first', () => {
    const { track } = show();
    act(() => vi.advanceTimersByTime(2999));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(3000));
    // On the copy of the first slide: the first dot, and after the slide the track jumps to the real one.
    expect(current()).toBe(0);
    expect(track.style.transform).toContain('-4');
    fireEvent.transitionEnd(track);
    expect(track.style.transform).toContain('-1');
    expect(track.style.transition).toBe('none');
  });

  it('stands still under prefers-reduced-motion', () => {
    show(true);
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe(0);
  });

  it('goes to the slide whose dot is tapped', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Go to item 3' }));
    expect(current()).toBe(2);
  });

  it('a swipe left shows the next slide and is not a tap; a tap is a tap', () => {
    const { track } = show();
    const red = screen.getAllByText('Red').find((b) => b.dataset.copy === 'false') as HTMLElement;
    fireEvent.pointerDown(red, { isPrimary: true, pointerType: 'touch', clientX: 300 });
    fireEvent.pointerMove(red, { isPrimary: true, pointerType: 'touch', clientX: 200 });
    expect(track.style.transform).toContain('-100px');
    fireEvent.pointerUp(red, { isPrimary: true, pointerType: 'touch', clientX: 200 });
    fireEvent.click(red);
    expect(current()).toBe(1);
    expect(onTap).not.toHaveBeenCalled();

    fireEvent.pointerDown(red, { isPrimary: true, pointerType: 'touch', clientX: 300 });
    fireEvent.pointerUp(red, { isPrimary: true, pointerType: 'touch', clientX: 302 });
    fireEvent.click(red);
    expect(onTap).toHaveBeenCalledWith('Red');
  });

  it('a short swipe springs back', () => {
    show();
    const red = screen.getAllByText('Red')[1] as HTMLElement;
    fireEvent.pointerDown(red, { isPrimary: true, pointerType: 'touch', clientX: 300 });
    fireEvent.pointerMove(red, { isPrimary: true, pointerType: 'touch', clientX: 260 });
    fireEvent.pointerUp(red, { isPrimary: true, pointerType: 'touch', clientX: 260 });
    expect(current()).toBe(0);
  });
});
