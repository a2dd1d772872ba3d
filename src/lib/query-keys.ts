/**
 * Roots of query keys that more than one feature touches. Features do not import each other, so an
 * apply in the catalogue refreshes the promotion lists (and a delete there the catalogue lists) by root.
 */
export const CATALOGUE_QUERY_ROOT = ['catalogue'] as const;
export const PROMOTION_QUERY_ROOT = ['promotion'] as const;
