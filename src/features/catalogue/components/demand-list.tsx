import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Demand } from '../../../contract/catalogue';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { NoDataPicture } from '../../../ui/no-data-picture';
import { PagedVirtualList } from '../../../ui/paged-virtual-list';
import { SkeletonRows } from '../../../ui/skeleton';
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

  return (
    <>
      <PagedVirtualList
        list={list}
        pending={<SkeletonRows label={t`Loading`} count={5} />}
        empty={<EmptyState picture={<NoDataPicture />} title={t`No games yet`} />}
        itemKey={(demand) => demand.demandId}
        estimateSize={104}
        label={t`Demand tasks`}
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
