import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link, type useNavigate } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { Demand, WxApp } from '#contract/catalogue';
import { formatRate } from '#lib/format';
import { Dialog } from '#ui/dialog';
import { LazyMediaViewer } from '#ui/lazy-media-viewer';
import type { MediaItem } from '#ui/media-viewer';
import { type Catalogue, type CatalogueItem, demandCatalogue, wxCatalogue } from '../catalogues';
import { saveMedia } from './media-download';

/** How one catalogue's items look: what differs between the rows and strip cards of the catalogues. */
export interface CatalogueView<Item extends CatalogueItem, Id, Filters> {
  catalogue: Catalogue<Item, Id, Filters, { link: string }>;
  /** The list's accessible name. */
  listLabel: MessageDescriptor;
  newestTitle: MessageDescriptor;
  /** What a tap on a row does, said to screen readers after the row's own text. */
  openHint: MessageDescriptor;
  /** The row's lines under its name. */
  Details: ComponentType<{ item: Item }>;
  /** The strip card's line under its name. */
  StripLine: ComponentType<{ item: Item }>;
  /** What a tap on a row shows. */
  Opened: ComponentType<{ item: Item; onClose: () => void }>;
  /** A row with nothing to show opens something else instead: true when it did. */
  goInstead?: (item: Item, navigate: ReturnType<typeof useNavigate>) => boolean;
}

/** A catalogue's view, typed by its catalogue. */
const viewOf = <Item extends CatalogueItem, Id, Filters>(
  catalogue: Catalogue<Item, Id, Filters, { link: string }>,
  view: Omit<CatalogueView<Item, Id, Filters>, 'catalogue'>,
): CatalogueView<Item, Id, Filters> => ({ catalogue, ...view });

// ---- catalogue 1

/** Spec section 2: the promo video first, then the publicity images. */
export function wxMedia(app: WxApp): MediaItem[] {
  const items: MediaItem[] = [];
  if (app.video_info?.video_url) {
    items.push({ kind: 'video', url: app.video_info.video_url, poster: app.video_info.cover_img_url });
  }
  for (const image of app.publicity_img.img_list) items.push({ kind: 'image', url: image.img_url });
  return items;
}

function WxRate({ app, className }: { app: WxApp; className: string }) {
  const { t } = useLingui();
  return (
    <span className={className}>
      {t`Rate`} <strong className="tabular">{formatRate(app.newcps)}</strong>
    </span>
  );
}

/** A row opens the item's pictures and video, with a way to its details page. */
function WxOpened({ item: app, onClose }: { item: WxApp; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <LazyMediaViewer
      open
      title={app.appname}
      items={wxMedia(app)}
      onClose={onClose}
      onDownload={(item) => saveMedia(item, t`Download failed`)}
      actions={
        <Link to="/GameDetail/$id" params={{ id: app.id }} className="media-viewer__link">
          {t`Game details`}
        </Link>
      }
    />
  );
}

export const wxView = viewOf(wxCatalogue, {
  listLabel: msg`Mini-games`,
  newestTitle: msg`Newest mini-games`,
  openHint: msg`Open pictures and video`,
  Details: ({ item }) => (
    <>
      <span className="item-row__intro">{item.brief_intro}</span>
      <WxRate app={item} className="item-row__rate" />
    </>
  ),
  StripLine: ({ item }) => <WxRate app={item} className="strip-card__meta" />,
  Opened: WxOpened,
  // An item without pictures or video has nothing to view: its details page says everything.
  goInstead: (app, navigate) => {
    if (wxMedia(app).length > 0) return false;
    void navigate({ to: '/GameDetail/$id', params: { id: app.id } });
    return true;
  },
});

// ---- catalogue 2

/** A row opens the task's full description (the row clamps it). */
function DemandOpened({ item, onClose }: { item: Demand; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      open
      title={item.demandName}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary button--block" onClick={onClose}>
          {t`Confirm`}
        </button>
      }
    >
      <p className="dialog__text dialog__text--pre">{item.demandDesc}</p>
    </Dialog>
  );
}

export const demandView = viewOf(demandCatalogue, {
  listLabel: msg`Demand tasks`,
  newestTitle: msg`Newest tasks`,
  openHint: msg`Read the full description`,
  Details: ({ item }) => <span className="item-row__intro item-row__intro--clamp">{item.demandDesc}</span>,
  StripLine: ({ item }) => <span className="strip-card__meta">{item.demandDesc}</span>,
  Opened: DemandOpened,
});
