import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Dialog } from './dialog';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, DownloadIcon } from './icons';
import './media-viewer.css';

export interface MediaItem {
  kind: 'image' | 'video';
  url: string;
  /** A video's cover picture. */
  poster?: string;
}

interface MediaViewerProps {
  open: boolean;
  title: string;
  items: readonly MediaItem[];
  onClose: () => void;
  /** Downloads the current item; rejects when it failed (the caller says so). */
  onDownload: (item: MediaItem) => Promise<void>;
  /** Extra actions beside download, e.g. a details link. */
  actions?: ReactNode;
}

/** Plays the video of the active slide and pauses every other one (spec section 2). */
const ARROW_CLASSES = {
  prev: 'media-viewer__arrow media-viewer__arrow--prev',
  next: 'media-viewer__arrow media-viewer__arrow--next',
} as const;

/** A previous or next arrow, handed to Swiper's navigation as its button. */
function Arrow({
  side,
  label,
  buttonRef,
}: {
  side: 'prev' | 'next';
  label: string;
  buttonRef: (button: HTMLButtonElement | null) => void;
}) {
  return (
    <button ref={buttonRef} type="button" className={ARROW_CLASSES[side]} aria-label={label}>
      {side === 'prev' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </button>
  );
}

function syncVideos(swiper: SwiperInstance): void {
  swiper.slides.forEach((slide, index) => {
    const video = slide.querySelector('video');
    if (!video) return;
    if (index === swiper.activeIndex) {
      void video.play().catch(() => {
        // Autoplay refused (e.g. data saver): the controls remain for the user.
      });
    } else {
      video.pause();
    }
  });
}

/**
 * Spec section 2: a full-screen viewer, video first then images, swipe with pagination and arrows,
 * a download button for what is shown and a close button. A modal dialog: focus stays inside.
 */
export function MediaViewer({ open, title, items, onClose, onDownload, actions }: MediaViewerProps) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const swiperRef = useRef<SwiperInstance | null>(null);

  const onSlideChange = useCallback((swiper: SwiperInstance) => {
    setIndex(swiper.activeIndex);
    syncVideos(swiper);
  }, []);

  const current = items[index];
  const download = async () => {
    if (!current || downloading) return;
    setDownloading(true);
    try {
      await onDownload(current);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={() => {
        setIndex(0);
        onClose();
      }}
      className="dialog--full media-viewer"
    >
      <div className="media-viewer__bar">
        <button
          type="button"
          className="dialog__dark-button media-viewer__button"
          onClick={onClose}
          aria-label={t`Close`}
        >
          <CloseIcon />
        </button>
        <span className="media-viewer__count tabular" aria-live="polite">
          {items.length > 0 ? `${index + 1} / ${items.length}` : ''}
        </span>
        <span className="media-viewer__actions">
          <button
            type="button"
            className="dialog__dark-button media-viewer__button"
            onClick={download}
            disabled={!current || downloading}
            aria-busy={downloading || undefined}
            aria-label={current?.kind === 'video' ? t`Download video` : t`Download picture`}
          >
            {downloading ? <span className="spinner spinner--small" aria-hidden="true" /> : <DownloadIcon />}
          </button>
        </span>
      </div>
      <div className="media-viewer__stage">
        {prevEl && nextEl ? (
          <Swiper
            modules={[Navigation, Pagination, Keyboard, A11y]}
            navigation={{ prevEl, nextEl }}
            pagination={{ clickable: true }}
            keyboard={{ enabled: true }}
            a11y={{
              prevSlideMessage: t`Previous`,
              nextSlideMessage: t`Next`,
              firstSlideMessage: t`This is the first item`,
              lastSlideMessage: t`This is the last item`,
              // Swiper fills in {{index}}.
              paginationBulletMessage: `${t`Go to item`} {{index}}`,
            }}
            onSwiper={(swiper) => {
              swiperRef.current = swiper;
              syncVideos(swiper);
            }}
            onSlideChange={onSlideChange}
            className="media-viewer__swiper"
          >
            {items.map((item, position) => (
              <SwiperSlide key={`${item.kind}:${item.url}`} className="media-viewer__slide">
                {item.kind === 'video' ? (
                  <video
                    className="media-viewer__media"
                    src={item.url}
                    poster={item.poster || undefined}
                    controls
                    muted
                    playsInline
                    loop
                    preload="metadata"
                  />
                ) : (
                  <img
                    className="media-viewer__media"
                    src={item.url}
                    alt={t`${title}, ${position + 1} of ${items.length}`}
                    loading={position < 2 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                )}
              </SwiperSlide>
            ))}
          </Swiper>
        ) : null}
        <Arrow side="prev" label={t`Previous`} buttonRef={setPrevEl} />
        <Arrow side="next" label={t`Next`} buttonRef={setNextEl} />
      </div>
      {actions ? <div className="media-viewer__footer">{actions}</div> : null}
    </Dialog>
  );
}
