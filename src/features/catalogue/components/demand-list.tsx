import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Demand } from '../../../contract/catalogue';
import { PAGE_SIZE } from '../../../contract/paging';
import { pagedWindow } from '../../../lib/paged-window';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { NoDataPicture } from '../../../ui/no-data-picture';
import { SkeletonRows } from '../../../ui/skeleton';
import { VirtualList } from '../../../ui/virtual-list';
import { catalogueQueries } from '../catalogue.queries';
import { useDemandApply } from './demand-apply';
import { ItemActions } from './item-actions';
import { ListFooter } from './list-footer';

/** Catalogue 2: icon, name and the clamped description; a tap on it shows the full text. */
export function DemandList({ search, viewer, canPin }: { search: string; viewer: number; canPin: boolean }) {
  const { t } = useLingui();
  const list = useInfiniteQuery(catalogueQueries.douList({ search, viewer }));
  const { actions, cardDialog } = useDemandApply(viewer);
  const [reading, setReading] = useState<Demand | null>(null);
  const paged = pagedWindow(list.data?.pages, PAGE_SIZE);
  const items = paged.items;

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
          offset={paged.offset}
          total={paged.total}
          hasPrevious={list.hasPreviousPage}
          loadingPrevious={list.isFetchingPreviousPage}
          onLoadPrevious={() => void list.fetchPreviousPage()}
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
                onApply={() => actions.apply(demand.demandId)}
                applyState={actions.applyState(demand.demandId)}
                canPin={canPin}
                onPin={() => actions.pin(demand.demandId)}
                pinState={actions.pinState(demand.demandId)}
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
