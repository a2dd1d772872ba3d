import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ComponentProps, useState } from 'react';
import { useSessionUser } from '#lib/session';
import { ConfirmDialog } from '#ui/confirm-dialog';
import { EmptyState } from '#ui/empty-state';
import { TrashIcon } from '#ui/icons';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { type PagedQuery, PagedVirtualList } from '#ui/paged-virtual-list';
import { PullToRefresh } from '#ui/pull-to-refresh';
import { SkeletonRows } from '#ui/skeleton';
import { ComingSoon } from '#ui/standalone-page';
import { useDeleteDemandMutation } from '../promotion.mutations';
import { promotionKeys, promotionQueries } from '../promotion.queries';
import { LinkCard } from './link-card';
import './promotion.css';

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

/** One section's links: a virtualized list of link cards, each the card `cardOf` describes. */
function LinkList<T>({
  list,
  label,
  to,
  cardOf,
}: {
  list: PagedQuery<T>;
  label: string;
  /** The catalogue tab an empty list sends the promoter to. */
  to: 1 | 2;
  cardOf: (item: T) => ComponentProps<typeof LinkCard> & { id: number };
}) {
  const { t } = useLingui();
  return (
    <PagedVirtualList
      list={list}
      pending={<SkeletonRows label={t`Loading`} count={3} />}
      empty={<EmptyLinks to={to} />}
      itemKey={(item) => cardOf(item).id}
      estimateSize={220}
      label={label}
      footer={<Footer loading={list.isFetchingNextPage} />}
      renderItem={(item) => <LinkCard {...cardOf(item)} />}
    />
  );
}

function MyMiniGames({ viewer }: { viewer: number }) {
  const { t, i18n } = useLingui();
  const list = useInfiniteQuery(promotionQueries.myWx(viewer, i18n.locale));
  return (
    <LinkList
      list={list}
      label={t`My mini-game links`}
      to={1}
      cardOf={(app) => ({ ...app, name: app.appname, icon: app.logo_square, detailId: app.id })}
    />
  );
}

function MyDemandTasks({ viewer }: { viewer: number }) {
  const { t, i18n } = useLingui();
  const list = useInfiniteQuery(promotionQueries.myDou(viewer, i18n.locale));
  const remove = useDeleteDemandMutation(viewer);
  const [confirming, setConfirming] = useState<{ id: number; name: string } | null>(null);
  const cancel = () => setConfirming(null);
  const confirmDelete = () => {
    if (confirming) remove.mutate(confirming.id, { onSettled: cancel });
  };
  return (
    <>
      <LinkList
        list={list}
        label={t`My task links`}
        to={2}
        cardOf={(demand) => ({
          ...demand,
          id: demand.demandId,
          name: demand.demandName,
          icon: demand.demandIcon,
          extra: (
            <button
              type="button"
              className="icon-button link-card__delete"
              aria-label={t`Delete ${demand.demandName}`}
              onClick={() => setConfirming({ id: demand.demandId, name: demand.demandName })}
            >
              <TrashIcon size={20} />
            </button>
          ),
        })}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t`Delete this task?`}
        onClose={cancel}
        action={{ label: t`Delete`, variant: 'danger', onClick: confirmDelete, disabled: remove.isPending }}
      >
        <p className="dialog__text">
          {t`"${confirming?.name ?? ''}" and its link will be removed from your list. Clicks on the link stop counting.`}
        </p>
      </ConfirmDialog>
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: promotionKeys.all });
  return (
    <Page
      title={t`Promotion`}
      back={false}
      refresh={
        section === '3' ? undefined : { onRefresh: refresh, busy: refreshing, label: t`Refresh click counts` }
      }
    >
      <SectionNav section={section} />
      {section === '1' ? (
        <PullToRefresh onRefresh={refresh}>
          <MyMiniGames viewer={viewer} />
        </PullToRefresh>
      ) : section === '2' ? (
        <PullToRefresh onRefresh={refresh}>
          <MyDemandTasks viewer={viewer} />
        </PullToRefresh>
      ) : (
        <ComingSoon />
      )}
    </Page>
  );
}
