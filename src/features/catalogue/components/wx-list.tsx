import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { WX_CATEGORIES, type WxApp, type WxCategory } from '../../../contract/catalogue';
import { formatRate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { LazyMediaViewer } from '../../../ui/lazy-media-viewer';
import type { MediaItem } from '../../../ui/media-viewer';
import { PagedVirtualList } from '../../../ui/paged-virtual-list';
import { SkeletonRows } from '../../../ui/skeleton';
import { type TabOption, Tabs } from '../../../ui/tabs';
import { useWxActions } from '../catalogue.mutations';
import { catalogueQueries } from '../catalogue.queries';
import { useCategoryLabels } from '../category-labels';
import { ItemActions } from './item-actions';
import { ItemRow } from './item-row';
import { ListFooter } from './list-footer';
import { downloadMedia } from './media-download';

/** Spec section 2: the promo video first, then the publicity images. */
export function wxMedia(app: WxApp): MediaItem[] {
  const items: MediaItem[] = [];
  if (app.video_info?.video_url) {
    items.push({ kind: 'video', url: app.video_info.video_url, poster: app.video_info.cover_img_url });
  }
  for (const image of app.publicity_img.img_list) items.push({ kind: 'image', url: image.img_url });
  return items;
}

interface WxListProps {
  category: string;
  search: string;
  viewer: number;
  canPin: boolean;
  onCategoryChange: (category: string) => void;
  /** What the list says when it has no rows (the portal words it per tab and search). */
  empty: ReactNode;
}

/** Catalogue 1: category tabs, then the virtualized rows; a row opens the media viewer. */
export function WxList({ category, search, viewer, canPin, onCategoryChange, empty }: WxListProps) {
  const { t } = useLingui();
  const labels = useCategoryLabels();
  const list = useInfiniteQuery(catalogueQueries.wxList({ category, search, viewer }));
  const actions = useWxActions();
  const [viewing, setViewing] = useState<WxApp | null>(null);
  const navigate = useNavigate();
  // An item without pictures or video has nothing to view: its details page says everything.
  const open = (app: WxApp) =>
    wxMedia(app).length > 0
      ? setViewing(app)
      : void navigate({ to: '/GameDetail/$id', params: { id: String(app.id) } });

  const options: TabOption<string>[] = [
    { value: '', label: t`All` },
    ...WX_CATEGORIES.map((value: WxCategory) => ({ value, label: labels[value] })),
  ];

  return (
    <>
      <Tabs
        options={options}
        value={category}
        onChange={onCategoryChange}
        label={t`Categories`}
        panelId="wx-list-panel"
        idPrefix="wx-category"
        variant="chips"
      />
      <div id="wx-list-panel" role="tabpanel" aria-labelledby={`wx-category-${category}`}>
        <PagedVirtualList
          list={list}
          pending={<SkeletonRows label={t`Loading`} count={5} />}
          empty={empty}
          itemKey={(app) => app.id}
          estimateSize={104}
          label={t`Mini-games`}
          footer={<ListFooter loading={list.isFetchingNextPage} done={!list.hasNextPage} />}
          renderItem={(app) => (
            <ItemRow
              name={app.appname}
              logo={app.logo_square}
              pinned={app.pinned}
              openHint={t`Open pictures and video`}
              onOpen={() => open(app)}
              actions={
                <ItemActions
                  item={app}
                  promotionId="1"
                  name={app.appname}
                  id={app.appid}
                  actions={actions}
                  canPin={canPin}
                />
              }
            >
              <span className="item-row__intro">{app.brief_intro}</span>
              <span className="item-row__rate">
                {t`Rate`} <strong className="tabular">{formatRate(app.newcps)}</strong>
              </span>
            </ItemRow>
          )}
        />
      </div>
      {viewing ? (
        <LazyMediaViewer
          open
          title={viewing.appname}
          items={wxMedia(viewing)}
          onClose={() => setViewing(null)}
          onDownload={(item) =>
            downloadMedia(item).catch((error: unknown) => {
              console.error('media download failed', error);
              toast.negative(t`Download failed`);
            })
          }
          actions={
            <Link to="/GameDetail/$id" params={{ id: String(viewing.id) }} className="media-viewer__link">
              {t`Game details`}
            </Link>
          }
        />
      ) : null}
    </>
  );
}
