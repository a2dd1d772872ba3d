import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Banner } from '#contract/content';
import { bannerPicture } from '#contract/content';
import { Carousel } from '#ui/carousel';
import { Dialog } from '#ui/dialog';
import { SavedAt } from '#ui/saved-at';
import { contentQueries } from '../content.queries';

// The banner's remark is sanitized HTML: DOMPurify loads with the first dialog, not with home.
const HtmlContent = lazy(() => import('#ui/html-content').then((m) => ({ default: m.HtmlContent })));

/** Spec section 2: the home carousel; a tap opens the banner's name and remark in a dialog. */
export function BannerCarousel() {
  const { t, i18n } = useLingui();
  const banners = useQuery(contentQueries.banners(i18n.locale));
  const [open, setOpen] = useState<Banner | null>(null);

  if (banners.isPending)
    return <div className="banner-frame skeleton" role="status" aria-label={t`Loading`} />;
  const list = banners.data ?? [];
  if (list.length === 0) return null;

  return (
    <>
      <Carousel
        className="banner-frame"
        label={t`Announcements`}
        items={list}
        itemKey={(banner) => banner.id}
        renderItem={(banner, index, copy) => {
          const first = index === 0 && !copy;
          return (
            <button type="button" className="banner" onClick={() => setOpen(banner)}>
              <img
                className="banner__image"
                src={bannerPicture(banner, i18n.locale)}
                alt={banner.bannername}
                loading={first ? 'eager' : 'lazy'}
                fetchPriority={first ? 'high' : 'auto'}
                decoding="async"
                width={750}
                height={245}
                // The web benchmark times the warm launch to this paint (Element Timing).
                {...(first ? { elementtiming: 'first-banner' } : {})}
              />
            </button>
          );
        }}
      />
      <SavedAt updatedAt={banners.dataUpdatedAt} refreshFailed={banners.isRefetchError} />
      <Dialog
        open={open !== null}
        title={open?.bannername ?? ''}
        onClose={() => setOpen(null)}
        footer={
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => setOpen(null)}
          >
            {t`Close`}
          </button>
        }
      >
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section className="banner-dialog__body" tabIndex={0} aria-label={open?.bannername ?? ''}>
          <Suspense fallback={<p className="skeleton" aria-busy="true" />}>
            {/* Under the dialog's title (h2). */}
            <HtmlContent html={open?.remark ?? ''} topHeading={3} />
          </Suspense>
        </section>
      </Dialog>
    </>
  );
}
