import { lazy, Suspense, useState } from 'react';
import { useCatalogueActions } from '../catalogue.mutations';
import type { Catalogue, CatalogueItem } from '../catalogues';

// The form loads when an apply first asks for it (result 0), not with the list.
const AppCardDialog = lazy(() => import('./app-card-dialog').then((m) => ({ default: m.AppCardDialog })));

/**
 * A catalogue's apply and pin for the list, the strip and the detail page; an apply answered "no app
 * card yet" (catalogue 2, result 0) opens the card form, which `cardDialog` renders.
 */
export function useItemActions<Item extends CatalogueItem, Id, Answer extends { link: string }>(
  catalogue: Catalogue<Item, Id, unknown, Answer>,
  viewer: number,
) {
  const [cardOpen, setCardOpen] = useState(false);
  const actions = useCatalogueActions(catalogue, () => setCardOpen(true));
  const cardDialog = cardOpen ? (
    <Suspense fallback={null}>
      <AppCardDialog open viewer={viewer} onClose={() => setCardOpen(false)} />
    </Suspense>
  ) : null;
  return { actions, cardDialog };
}
