import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSessionUser } from '../../../lib/session';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { RefreshIcon, TrashIcon } from '../../../ui/icons';
import { NoDataPicture } from '../../../ui/no-data-picture';
import { PageHeader } from '../../../ui/page-header';
import { PagedVirtualList } from '../../../ui/paged-virtual-list';
import { PullToRefresh } from '../../../ui/pull-to-refresh';
import { SkeletonRows } from '../../../ui/skeleton';
import { ComingSoon } from '../../../ui/standalone-page';
import { useDeleteDemandMutation } from '../promotion.mutations';
import { promotionKeys, promotionQueries } from '../promotion.queries';
import { LinkCard } from './link-card';

export type PromotionSection = '1' | '2' | '3';

function SectionNav({ section }: { section: PromotionSection }) {
  const { t } = useLingui();
  const items: { id: PromotionSection; label: string }[] = [
    { id: '1', label: t`Mini-games` },
    { id: '2', label: t`Short-video tasks` },
    { id: '3', label: t`More` },
  ];
  return (
    <nav className="tabs tabs--segmented" aria-label={t`Promotion sections`}>
      {items.map((item) => (
        <Link
          key={item.id}
          to="/promotion/{-$id}"
          params={{ id: item.id }}
          replace
          className="tabs__tab"
          aria-current={item.id === section ? 'page' : undefined}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

function Footer({ loading }: { loading: boolean }) {
  const { t } = useLingui();
  return loading ? (
    <p className="list-footer" role="status">
      {t`Loading`}
    </p>
  ) : null;
}

function EmptyLinks({ to }: { to: 1 | 2 }) {
  const { t } = useLingui();
  return (
    <EmptyState
      picture={<NoDataPicture />}
      title={t`No links yet`}
      action={
        <Link to="/" search={to === 2 ? { tab: 2 } : {}} className="button button--primary">
          {t`Browse the catalogue`}
        </Link>
      }
    >
      <p>{t`Apply for an item on the home page to get your own promotion link.`}</p>
    </EmptyState>
  );
}

function MyMiniGames({ viewer }: { viewer: number }) {
  const { t } = useLingui();
  const list = useInfiniteQuery(promotionQueries.myWx(viewer));
  return (
    <PagedVirtualList
      list={list}
      pending={<SkeletonRows label={t`Loading`} count={3} />}
      empty={<EmptyLinks to={1} />}
      itemKey={(app) => app.id}
      estimateSize={220}
      label={t`My mini-game links`}
      footer={<Footer loading={list.isFetchingNextPage} />}
      renderItem={(app) => (
        <LinkCard
          name={app.appname}
          detailId={app.id}
          icon={app.logo_square}
          link={app.link}
          clicks={app.clicks}
          appliedAt={app.appliedAt}
        />
      )}
    />
  );
}

function MyDemandTasks({ viewer }: { viewer: number }) {
  const { t } = useLingui();
  const list = useInfiniteQuery(promotionQueries.myDou(viewer));
  const remove = useDeleteDemandMutation(viewer);
  const [confirming, setConfirming] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <PagedVirtualList
        list={list}
        pending={<SkeletonRows label={t`Loading`} count={3} />}
        empty={<EmptyLinks to={2} />}
        itemKey={(demand) => demand.demandId}
        estimateSize={220}
        label={t`My task links`}
        footer={<Footer loading={list.isFetchingNextPage} />}
        renderItem={(demand) => (
          <LinkCard
            name={demand.demandName}
            icon={demand.demandIcon}
            link={demand.link}
            clicks={demand.clicks}
            appliedAt={demand.appliedAt}
            extra={
              <button
                type="button"
                className="icon-button link-card__delete"
                aria-label={t`Delete ${demand.demandName}`}
                onClick={() => setConfirming({ id: demand.demandId, name: demand.demandName })}
              >
                <TrashIcon size={20} />
              </button>
            }
          />
        )}
      />
      <Dialog
        open={confirming !== null}
        title={t`Delete this task?`}
        onClose={() => setConfirming(null)}
        footer={
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
              {t`Cancel`}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() => {
                if (!confirming) return;
                remove.mutate(confirming.id, { onSettled: () => setConfirming(null) });
              }}
            >
              {t`Delete`}
            </button>
          </div>
        }
      >
        <p className="dialog__text">
          {t`"${confirming?.name ?? ''}" and its link will be removed from your list. Clicks on the link stop counting.`}
        </p>
      </Dialog>
    </>
  );
}

/**
 * /promotion/1 my mini-game links, /promotion/2 my demand task links, /promotion/3 a section that is
 * not available yet; bare /promotion shows section 1.
 */
export function PromotionPage({ section }: { section: PromotionSection }) {
  const { t } = useLingui();
  const user = useSessionUser();
  const viewer = user?.uid ?? 0;
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: promotionKeys.all }) > 0;
  return (
    <div className="page">
      <PageHeader
        title={t`Promotion`}
        back={false}
        end={
          section === '3' ? null : (
            <button
              type="button"
              className="icon-button"
              aria-label={t`Refresh click counts`}
              aria-busy={refreshing || undefined}
              disabled={refreshing}
              onClick={() => void queryClient.invalidateQueries({ queryKey: promotionKeys.all })}
            >
              <RefreshIcon className={refreshing ? 'icon-spin' : undefined} />
            </button>
          )
        }
      />
      <main className="page__body" id="main">
        <SectionNav section={section} />
        {section === '1' ? (
          <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: promotionKeys.all })}>
            <MyMiniGames viewer={viewer} />
          </PullToRefresh>
        ) : section === '2' ? (
          <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: promotionKeys.all })}>
            <MyDemandTasks viewer={viewer} />
          </PullToRefresh>
        ) : (
          <ComingSoon />
        )}
      </main>
    </div>
  );
}
