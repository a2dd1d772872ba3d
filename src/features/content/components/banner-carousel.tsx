import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Banner } from '../../../contract/content';
import { Carousel } from '../../../ui/carousel';
import { Dialog } from '../../../ui/dialog';
import { HtmlContent } from '../../../ui/html-content';
import { bannerPicture, contentQueries } from '../content.queries';

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
        renderItem={(banner, index) => (
          <button type="button" className="banner" onClick={() => setOpen(banner)}>
            <img
              className="banner__image"
              src={bannerPicture(banner, i18n.locale)}
              alt={banner.bannername}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
              width={750}
              height={245}
            />
          </button>
        )}
      />
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
          <HtmlContent html={open?.remark ?? ''} />
        </section>
      </Dialog>
    </>
  );
}
