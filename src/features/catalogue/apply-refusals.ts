import type { CatalogueKind } from '#contract/catalogue';
import { createStore, useStore } from '#lib/store';
import type { ApplyOutcome } from './apply-result';

/**
 * The last refused apply of each item, so its row can say what the refusal means and what to do next
 * (issue 31 item 7): a queued apply is answered when the promoter may be on another page, and its toast
 * is gone by the time they look. Held for this visit only; a new apply of the item clears it.
 */
const refusals = createStore<ReadonlyMap<string, ApplyOutcome>>(new Map());

const keyOf = (kind: CatalogueKind, id: unknown) => `${kind}:${String(id)}`;

export function setApplyRefusal(kind: CatalogueKind, id: unknown, outcome: ApplyOutcome | undefined): void {
  refusals.set((map) => {
    const key = keyOf(kind, id);
    if (!outcome && !map.has(key)) return map;
    const next = new Map(map);
    if (outcome) next.set(key, outcome);
    else next.delete(key);
    return next;
  });
}

export const applyRefusalOf = (kind: CatalogueKind, id: unknown): ApplyOutcome | undefined =>
  refusals.get().get(keyOf(kind, id));

/** The refusals, read by the rows (re-rendered when one changes). */
export function useApplyRefusals(kind: CatalogueKind): (id: unknown) => ApplyOutcome | undefined {
  const map = useStore(refusals);
  return (id) => map.get(keyOf(kind, id));
}

/** Tests start from none. */
export const clearApplyRefusals = (): void => refusals.set(new Map());
