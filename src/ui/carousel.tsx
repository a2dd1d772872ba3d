import { useLingui } from '@lingui/react/macro';
import { type PointerEvent, type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useReducedMotion } from './use-reduced-motion';

export interface CarouselProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  /** `copy`: the looping track's stand-in at either end (no eager loading, no timing marks). */
  renderItem: (item: T, index: number, copy: boolean) => ReactNode;
  label: string;
  /** Spec section 9: 3000 ms autoplay, gap 50. */
  delay?: number;
  spaceBetween?: number;
  className?: string;
}

/** A swipe shorter than this share of the width springs back. */
const SWIPE_SHARE = 0.15;
/** Movement under this many pixels is a tap, not a drag. */
const DRAG_SLOP_PX = 8;
const SLIDE_MS = 400;

const subscribeVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};
const pageVisible = () => document.visibilityState === 'visible';

/**
 * A looping, autoplaying carousel. Home's only moving part on first paint, so it is ours rather than
 * swiper's (swiper weighs about 30 KB gzipped; docs/decisions/0010). The track holds a copy of the last
 * slide before the first and of the first after the last; after sliding onto a copy it jumps, without
 * animation, to the slide the copy stands for. Autoplay stops under prefers-reduced-motion, while a
 * finger is down, while focus is inside (WCAG 2.2.2) and while the page is hidden.
 */
export function Carousel<T>({
  items,
  itemKey,
  renderItem,
  label,
  delay = 3000,
  spaceBetween = 50,
  className,
}: CarouselProps<T>) {
  const reduced = useReducedMotion();
  const visible = useSyncExternalStore(subscribeVisibility, pageVisible, () => true);
  const { t } = useLingui();
  const count = items.length;
  const loop = count > 1;
  // Track positions: 0 is the copy of the last slide, 1..count the slides, count + 1 the copy of the first.
  const [position, setPosition] = useState(1);
  const [animated, setAnimated] = useState(false);
  const [dragPx, setDragPx] = useState(0);
  const [holding, setHolding] = useState(false);
  const [focused, setFocused] = useState(false);
  const drag = useRef<{ startX: number; width: number; dragging: boolean } | null>(null);
  const justDragged = useRef(false);
  const active = loop ? (((position - 1) % count) + count) % count : 0;

  /** Off a copy, onto the slide it stands for, without animation. */
  const settle = () => {
    setAnimated(false);
    setPosition((p) => (p < 1 ? count : p > count ? 1 : p));
  };

  const goTo = (next: number) => {
    if (!loop) return;
    setAnimated(!reduced);
    setPosition(next);
    // No transition runs under reduced motion, so no transitionend will settle a copy.
    if (reduced) setPosition(next < 1 ? count : next > count ? 1 : next);
  };

  // A new list (another language's banners) starts again from its first slide.
  const [listLength, setListLength] = useState(count);
  if (listLength !== count) {
    setListLength(count);
    setPosition(1);
  }

  const autoplay = loop && !reduced && !holding && !focused && visible;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each move, a swipe too, restarts the countdown
  useEffect(() => {
    if (!autoplay) return;
    const timer = setTimeout(() => {
      setAnimated(true);
      // From a copy the transitionend may never have come (a hidden tab): start from the real slide.
      setPosition((p) => (p < 1 ? count : p > count ? 1 : p) + 1);
    }, delay);
    return () => clearTimeout(timer);
  }, [autoplay, delay, count, position]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!loop || !event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { startX: event.clientX, width: event.currentTarget.clientWidth, dragging: false };
    setHolding(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.startX;
    if (!current.dragging && Math.abs(dx) < DRAG_SLOP_PX) return;
    if (!current.dragging) {
      current.dragging = true;
      // Captured only once it is a drag: a tap must still reach the slide's button as a click.
      event.currentTarget.setPointerCapture(event.pointerId);
      settle();
    }
    setDragPx(dx);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    setHolding(false);
    if (!current?.dragging) return;
    justDragged.current = true;
    const dx = event.clientX - current.startX;
    setDragPx(0);
    if (Math.abs(dx) > current.width * SWIPE_SHARE) goTo(position + (dx < 0 ? 1 : -1));
    else setAnimated(!reduced);
  };

  const slides = loop ? [items[count - 1] as T, ...items, items[0] as T] : items;
  return (
    <section
      className={`carousel ${className ?? ''}`}
      aria-label={label}
      aria-roledescription="carousel"
      // Keyboard focus only: a tapped banner keeps the carousel moving once its dialog closes.
      onFocus={(event) => setFocused(event.target.matches(':focus-visible'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="carousel__track"
        aria-live={autoplay ? 'off' : 'polite'}
        style={{
          gap: spaceBetween,
          transform: `translateX(calc(${-position} * (100% + ${spaceBetween}px) + ${dragPx}px))`,
          transition: animated && dragPx === 0 ? `transform ${SLIDE_MS}ms ease` : 'none',
        }}
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget) settle();
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClickCapture={(event) => {
          // The click that ends a swipe is not a tap on the banner.
          if (!justDragged.current) return;
          justDragged.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        {slides.map((item, slot) => {
          const index = loop ? (slot - 1 + count) % count : slot;
          if (loop && (slot === 0 || slot === count + 1))
            return (
              <div
                key={slot === 0 ? 'copy-of-last' : 'copy-of-first'}
                className="carousel__slide carousel__slide--copy"
                aria-hidden
                inert
              >
                {renderItem(item, index, true)}
              </div>
            );
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a labelled group
            <div
              key={itemKey(item)}
              className="carousel__slide"
              role="group"
              aria-roledescription={t`slide`}
              aria-label={`${index + 1} / ${count}`}
              // Keyboard focus on a slide off screen brings it into view.
              onFocus={() => setPosition(index + 1)}
            >
              {renderItem(item, index, false)}
            </div>
          );
        })}
      </div>
      {loop ? (
        <div className="carousel__dots">
          {items.map((item, index) => (
            <button
              key={itemKey(item)}
              type="button"
              className="carousel__dot"
              aria-label={`${t`Go to item`} ${index + 1}`}
              aria-current={index === active || undefined}
              onClick={() => goTo(index + 1)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
