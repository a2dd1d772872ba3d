import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Demand } from '../../../contract/catalogue';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { NoDataPicture } from '../../../ui/no-data-picture';
import { SkeletonRows } from '../../../ui/skeleton';
import { VirtualList } from '../../../ui/virtual-list';
import { useDemandApplyMutation, usePinMutation } from '../catalogue.mutations';
import { catalogueQueries, flattenPages } from '../catalogue.queries';
import { AppCardDialog } from './app-card-dialog';
import { ItemActions } from './item-actions';
import { ListFooter } from './list-footer';

/** Result 0 of an apply opens the app card form; shared by the list and the newest strip. */
export function useDemandApply(viewer: number) {
  const [cardOpen, setCardOpen] = useState(false);
  const apply = useDemandApplyMutation({ onNeedsAppCard: () => setCardOpen(true) });
  const cardDialog = <AppCardDialog open={cardOpen} viewer={viewer} onClose={() => setCardOpen(false)} />;
  return { apply, cardDialog };
}

/** Catalogue 2: icon, name and the clamped description; a tap on it shows the full text. */
export function DemandList({ search, viewer, canPin }: { search: string; viewer: number; canPin: boolean }) {
  const { t } = useLingui();
  const list = useInfiniteQuery(catalogueQueries.douList({ search, viewer }));
  const { apply, cardDialog } = useDemandApply(viewer);
  const pin = usePinMutation('dou');
  const [reading, setReading] = useState<Demand | null>(null);
  const items = flattenPages(list.data);

  return (
    <>
      {list.isPending ? (
        <SkeletonRows label={t`Loading`} count={5} />
      ) : items.length === 0 ? (
        <EmptyState picture={<NoDataPicture />} title={t`No games yet`} />
      ) : (
        <VirtualList
          items={items}
          itemKey={(demand) => demand.demandId}
          estimateSize={104}
          label={t`Demand tasks`}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          footer={<ListFooter loading={list.isFetchingNextPage} done={!list.hasNextPage} />}
          renderItem={(demand) => (
            <article className="item-row">
              <button
                type="button"
                className="item-row__main"
                onClick={() => setReading(demand)}
                aria-label={t`${demand.demandName}: read the full description`}
              >
                <img
                  className="item-row__logo"
                  src={demand.demandIcon}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                />
                <span className="item-row__text">
                  <span className="item-row__name">
                    {demand.pinned ? <span className="tag tag--pinned">{t`Top`}</span> : null}
                    <span className="item-row__title">{demand.demandName}</span>
                  </span>
                  <span className="item-row__intro item-row__intro--clamp">{demand.demandDesc}</span>
                </span>
              </button>
              <ItemActions
                item={demand}
                promotionId="2"
                name={demand.demandName}
                onApply={() => apply.mutate(demand.demandId)}
                applying={apply.isPending && apply.variables === demand.demandId}
                canPin={canPin}
                onPin={() => pin.mutate(demand.demandId)}
                pinning={pin.isPending && pin.variables === demand.demandId}
              />
            </article>
          )}
        />
      )}
      <Dialog
        open={reading !== null}
        title={reading?.demandName ?? ''}
        onClose={() => setReading(null)}
        footer={
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => setReading(null)}
          >
            {t`Confirm`}
          </button>
        }
      >
        <p className="dialog__text dialog__text--pre">{reading?.demandDesc}</p>
      </Dialog>
      {cardDialog}
    </>
  );
}
