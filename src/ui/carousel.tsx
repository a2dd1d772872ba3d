import 'swiper/css';
import 'swiper/css/pagination';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { useReducedMotion } from './use-reduced-motion';

export interface CarouselProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
  /** Spec section 9: 3000 ms autoplay, gap 50. */
  delay?: number;
  spaceBetween?: number;
  className?: string;
}

/** A looping, autoplaying carousel (swiper); autoplay is off under prefers-reduced-motion. */
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
  const { t } = useLingui();
  return (
    <section className={`carousel ${className ?? ''}`} aria-label={label} aria-roledescription="carousel">
      <Swiper
        // Remount when the motion preference changes so autoplay starts or stops cleanly.
        key={reduced ? 'still' : 'moving'}
        modules={[Autoplay, Pagination, A11y]}
        loop={items.length > 1}
        spaceBetween={spaceBetween}
        autoplay={reduced || items.length < 2 ? false : { delay, disableOnInteraction: false }}
        pagination={{ clickable: true }}
        a11y={{
          enabled: true,
          prevSlideMessage: t`Previous`,
          nextSlideMessage: t`Next`,
          firstSlideMessage: t`This is the first item`,
          lastSlideMessage: t`This is the last item`,
          // Swiper fills in {{index}}.
          paginationBulletMessage: `${t`Go to item`} {{index}}`,
        }}
        speed={reduced ? 0 : 400}
      >
        {items.map((item, index) => (
          <SwiperSlide key={itemKey(item)}>{renderItem(item, index)}</SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
