import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { WX_CATEGORIES, type WxCategory } from '../../../contract/catalogue';
import { canPin } from '../../../contract/user';
import { formatRate } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { EmptyState } from '../../../ui/empty-state';
import { PlayIcon } from '../../../ui/icons';
import { MediaViewer } from '../../../ui/media-viewer';
import { NoDataPicture } from '../../../ui/no-data-picture';
import { PageHeader } from '../../../ui/page-header';
import { usePinMutation, useWxApplyMutation } from '../catalogue.mutations';
import { findCachedWxApp } from '../catalogue.queries';
import { useCategoryLabels } from '../category-labels';
import { ItemActions } from './item-actions';
import { downloadMedia } from './media-download';
import { wxMedia } from './wx-list';

const isCategory = (value: string): value is WxCategory =>
  (WX_CATEGORIES as readonly string[]).includes(value);

/**
 * /GameDetail/$id: one mini-game in full. The contract has no detail call yet, so the item comes from
 * the lists already loaded (home, strips); opened cold, the page sends the user to the catalogue.
 */
export function GameDetailPage({ id }: { id: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const labels = useCategoryLabels();
  const user = useSessionUser();
  const apply = useWxApplyMutation();
  const pin = usePinMutation('wx');
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  const app = useSyncExternalStore(subscribe, () => findCachedWxApp(queryClient, id));

  if (!app) {
    return (
      <div className="page page--standalone">
        <PageHeader title={t`Game details`} />
        <main className="page__body" id="main">
          <EmptyState
            picture={<NoDataPicture />}
            title={t`This game is not loaded`}
            action={
              <Link to="/" className="button button--primary">
                {t`Browse the catalogue`}
              </Link>
            }
          >
            <p>{t`Open it from the mini-game list on the home page.`}</p>
          </EmptyState>
        </main>
      </div>
    );
  }

  const media = wxMedia(app);
  return (
    <div className="page page--standalone">
      <PageHeader title={app.appname} />
      <main className="page__body" id="main">
        <section className="detail-card">
          <img className="detail-card__logo" src={app.logo_square} alt="" width={72} height={72} />
          <div className="detail-card__text">
            <h2 className="detail-card__name">{app.appname}</h2>
            <p className="detail-card__meta">
              {isCategory(app.category_2_name) ? (
                <span className="tag">{labels[app.category_2_name]}</span>
              ) : null}
              <span>
                {t`Rate`} <strong className="tabular">{formatRate(app.newcps)}</strong>
              </span>
            </p>
          </div>
        </section>
        <p className="detail-intro">{app.brief_intro}</p>
        <ItemActions
          item={app}
          promotionId="1"
          name={app.appname}
          onApply={() => apply.mutate(app.appid)}
          applying={apply.isPending}
          canPin={canPin(user?.job)}
          onPin={() => pin.mutate(app.appid)}
          pinning={pin.isPending}
        />
        {media.length > 0 ? (
          <section aria-label={t`Pictures and video`}>
            <h2 className="section-title">{t`Pictures and video`}</h2>
            <ul className="media-grid">
              {media.map((item, index) => (
                <li key={`${item.kind}:${item.url}`}>
                  <button
                    type="button"
                    className="media-grid__item"
                    onClick={() => setViewerAt(index)}
                    aria-label={item.kind === 'video' ? t`Play the video` : t`Open picture ${index + 1}`}
                  >
                    <img
                      src={item.kind === 'video' ? item.poster || app.logo_square : item.url}
                      alt=""
                      loading="lazy"
                    />
                    {item.kind === 'video' ? <PlayIcon className="media-grid__play" size={32} /> : null}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </main>
      {viewerAt !== null ? (
        <MediaViewer
          open
          title={app.appname}
          items={[...media.slice(viewerAt), ...media.slice(0, viewerAt)]}
          onClose={() => setViewerAt(null)}
          onDownload={(item) =>
            downloadMedia(item).catch((error: unknown) => {
              console.error('media download failed', error);
              toast.negative(t`Download failed`);
            })
          }
        />
      ) : null}
    </div>
  );
}
