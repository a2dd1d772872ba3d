import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Demand } from '../../../contract/catalogue';
import { Dialog } from '../../../ui/dialog';
import { PagedVirtualList } from '../../../ui/paged-virtual-list';
import { SkeletonRows } from '../../../ui/skeleton';
import { catalogueQueries } from '../catalogue.queries';
import { useDemandApply } from './demand-apply';
import { ItemActions } from './item-actions';
import { ItemRow } from './item-row';
import { ListFooter } from './list-footer';

/** Catalogue 2: icon, name and the clamped description; a tap on it shows the full text. */
export function DemandList({
  search,
  viewer,
  canPin,
  empty,
}: {
  search: string;
  viewer: number;
  canPin: boolean;
  /** What the list says when it has no rows (the portal words it per tab and search). */
  empty: ReactNode;
}) {
  const { t } = useLingui();
  const list = useInfiniteQuery(catalogueQueries.douList({ search, viewer }));
  const { actions, cardDialog } = useDemandApply(viewer);
  const [reading, setReading] = useState<Demand | null>(null);

  return (
    <>
      <PagedVirtualList
        list={list}
        pending={<SkeletonRows label={t`Loading`} count={5} />}
        empty={empty}
        itemKey={(demand) => demand.demandId}
        estimateSize={104}
        label={t`Demand tasks`}
        footer={<ListFooter loading={list.isFetchingNextPage} done={!list.hasNextPage} />}
        renderItem={(demand) => (
          <ItemRow
            name={demand.demandName}
            logo={demand.demandIcon}
            pinned={demand.pinned}
            openHint={t`Read the full description`}
            onOpen={() => setReading(demand)}
            actions={
              <ItemActions
                item={demand}
                promotionId="2"
                name={demand.demandName}
                id={demand.demandId}
                actions={actions}
                canPin={canPin}
              />
            }
          >
            <span className="item-row__intro item-row__intro--clamp">{demand.demandDesc}</span>
          </ItemRow>
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
