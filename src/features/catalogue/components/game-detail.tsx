import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { isWxCategory } from '#contract/catalogue';
import { canPin } from '#contract/user';
import { ApiError } from '#lib/api-client';
import { useCategoryLabels } from '#lib/category-labels';
import { formatRate } from '#lib/format';
import { useSessionUser } from '#lib/session';
import { EmptyState } from '#ui/empty-state';
import { PlayIcon } from '#ui/icons';
import { LazyMediaViewer } from '#ui/lazy-media-viewer';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { catalogueQueries } from '../catalogue.queries';
import { wxCatalogue } from '../catalogues';
import { wxMedia } from './catalogue-views';
import { ItemActions } from './item-actions';
import { saveMedia } from './media-download';
import { useItemActions } from './use-item-actions';

/** The page frame while there is no item to show: loading, gone, or failed. */
function DetailFrame({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return <Page title={t`Game details`}>{children}</Page>;
}

/**
 * /GameDetail/$id: one mini-game in full, as the logged-in promoter sees it. From a list the copy
 * already loaded paints at once; opened directly (a reload, a shared address) it comes from the server.
 */
export function GameDetailPage({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const labels = useCategoryLabels();
  const user = useSessionUser();
  const { actions } = useItemActions(wxCatalogue, user?.uid ?? 0);
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  const detail = useQuery(catalogueQueries.wxDetail(id, user?.uid ?? 0, i18n.locale));
  const app = detail.data;
  // A 404 wins over a copy borrowed from a list: the item was disabled since.
  const gone = detail.error instanceof ApiError && detail.error.status === 404;

  if (!app || gone) {
    if (detail.isPending) {
      return (
        <DetailFrame>
          <SkeletonRows count={3} label={t`Loading`} />
        </DetailFrame>
      );
    }
    if (gone) {
      return (
        <DetailFrame>
          <EmptyState
            picture={<NoDataPicture />}
            title={t`This game is not in the catalogue`}
            action={
              <Link to="/" className="button button--primary">
                {t`Browse the catalogue`}
              </Link>
            }
          />
        </DetailFrame>
      );
    }
    return (
      <DetailFrame>
        <EmptyState
          title={t`Something went wrong`}
          action={
            <button type="button" className="button button--primary" onClick={() => void detail.refetch()}>
              {t`Try again`}
            </button>
          }
        >
          {detail.error ? <p>{detail.error.message}</p> : null}
        </EmptyState>
      </DetailFrame>
    );
  }

  const media = wxMedia(app);
  return (
    <Page
      title={app.appname}
      overlays={
        viewerAt !== null ? (
          <LazyMediaViewer
            open
            title={app.appname}
            items={[...media.slice(viewerAt), ...media.slice(0, viewerAt)]}
            onClose={() => setViewerAt(null)}
            onDownload={(item) => saveMedia(item, t`Download failed`)}
          />
        ) : null
      }
    >
      <section className="detail-card">
        <img className="detail-card__logo" src={app.logo_square} alt="" width={72} height={72} />
        <div className="detail-card__text">
          <h2 className="detail-card__name">{app.appname}</h2>
          <p className="detail-card__meta">
            {isWxCategory(app.category_2_name) ? (
              <span className="tag">{labels[app.category_2_name]}</span>
            ) : null}
            <span>
              {t`Rate`} <strong className="tabular">{formatRate(app.newcps)}</strong>
            </span>
          </p>
        </div>
      </section>
      <p className="detail-intro">{app.brief_intro}</p>
      <ItemActions catalogue={wxCatalogue} item={app} actions={actions} canPin={canPin(user?.job)} />
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
    </Page>
  );
}
