import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { PagedVirtualList } from '#ui/paged-virtual-list';
import { listQuery } from '../catalogue.queries';
import type { CatalogueItem } from '../catalogues';
import type { CatalogueView } from './catalogue-views';
import { ItemActions } from './item-actions';
import { ItemRow } from './item-row';
import { ListFooter } from './list-footer';
import { useItemActions } from './use-item-actions';

interface CatalogueListProps<Item extends CatalogueItem, Id, Filters extends object> {
  view: CatalogueView<Item, Id, Filters>;
  filters: Filters & { viewer: number };
  canPin: boolean;
  /** What the list says when it has no rows (the portal words it per tab and search). */
  empty: ReactNode;
}

/** A catalogue's list (spec section 2): the virtualized rows; a tap on a row opens what the kind shows. */
export function CatalogueList<Item extends CatalogueItem, Id, Filters extends object>({
  view,
  filters,
  canPin,
  empty,
}: CatalogueListProps<Item, Id, Filters>) {
  const { i18n } = useLingui();
  const { catalogue, Details, Opened } = view;
  const list = useInfiniteQuery(listQuery(catalogue)(filters, i18n.locale));
  const { actions, cardDialog } = useItemActions(catalogue, filters.viewer);
  const [opened, setOpened] = useState<Item | null>(null);
  const navigate = useNavigate();

  return (
    <>
      <PagedVirtualList
        list={list}
        empty={empty}
        itemKey={catalogue.keyOf}
        estimateSize={104}
        label={i18n._(view.listLabel)}
        footer={<ListFooter loading={list.isFetchingNextPage} done={!list.hasNextPage} />}
        renderItem={(item) => (
          <ItemRow
            name={catalogue.nameOf(item)}
            logo={catalogue.iconOf(item)}
            pinned={item.pinned}
            openHint={i18n._(view.openHint)}
            onOpen={() => {
              if (!view.goInstead?.(item, navigate)) setOpened(item);
            }}
            actions={<ItemActions catalogue={catalogue} item={item} actions={actions} canPin={canPin} />}
          >
            <Details item={item} />
          </ItemRow>
        )}
      />
      {opened ? <Opened item={opened} onClose={() => setOpened(null)} /> : null}
      {cardDialog}
    </>
  );
}
