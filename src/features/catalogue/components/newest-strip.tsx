import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DriftStrip } from '#ui/drift-strip';
import { SkeletonCards } from '#ui/skeleton';
import { newestQuery } from '../catalogue.queries';
import type { CatalogueItem } from '../catalogues';
import type { CatalogueView } from './catalogue-views';
import { ItemActions } from './item-actions';
import { useItemActions } from './use-item-actions';

/** A catalogue's 20 newest items, drifting (spec section 2). */
export function NewestStrip<Item extends CatalogueItem, Id, Filters>({
  view,
  viewer,
}: {
  view: CatalogueView<Item, Id, Filters>;
  viewer: number;
}) {
  const { t, i18n } = useLingui();
  const { catalogue, StripLine } = view;
  const newest = useQuery(newestQuery(catalogue)(viewer, i18n.locale));
  const { actions, cardDialog } = useItemActions(catalogue, viewer);
  const title = i18n._(view.newestTitle);
  if (newest.isPending) return <SkeletonCards label={t`Loading`} count={3} />;
  const items = newest.data ?? [];
  if (items.length === 0) return null;
  return (
    <div className="newest">
      <h2 className="section-title">{title}</h2>
      <DriftStrip label={title}>
        <ul className="strip">
          {items.map((item, index) => (
            <li key={catalogue.keyOf(item)} className="strip-card">
              <img
                className="strip-card__logo"
                src={catalogue.iconOf(item)}
                alt=""
                width={48}
                height={48}
                loading="lazy"
              />
              <span
                className="strip-card__name"
                // The web benchmark times the warm launch to this paint (Element Timing).
                {...(index === 0 ? { elementtiming: 'first-strip-item' } : {})}
              >
                {catalogue.nameOf(item)}
              </span>
              <StripLine item={item} />
              <ItemActions compact catalogue={catalogue} item={item} actions={actions} canPin={false} />
            </li>
          ))}
        </ul>
      </DriftStrip>
      {cardDialog}
    </div>
  );
}
