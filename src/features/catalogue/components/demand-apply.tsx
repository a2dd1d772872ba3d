import { lazy, Suspense, useState } from 'react';
import { useDemandActions } from '../catalogue.mutations';

// The form loads when an apply first asks for it (result 0), not with the list.
const AppCardDialog = lazy(() => import('./app-card-dialog').then((m) => ({ default: m.AppCardDialog })));

/** Result 0 of an apply opens the app card form; shared by the list and the newest strip. */
export function useDemandApply(viewer: number) {
  const [cardOpen, setCardOpen] = useState(false);
  const actions = useDemandActions({ onNeedsAppCard: () => setCardOpen(true) });
  const cardDialog = cardOpen ? (
    <Suspense fallback={null}>
      <AppCardDialog open viewer={viewer} onClose={() => setCardOpen(false)} />
    </Suspense>
  ) : null;
  return { actions, cardDialog };
}
