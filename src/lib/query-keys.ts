/**
 * Roots of query keys that more than one feature touches. Features do not import each other, so an
 * apply in the catalogue refreshes the promotion lists (and a delete there the catalogue lists) by root,
 * and a game channel's transfer or a closed game refreshes the wallet's balances. The app's start refreshes
 * the messages when one is pushed, without loading the messages' code.
 */
export const CATALOGUE_QUERY_ROOT = ['catalogue'] as const;
export const PROMOTION_QUERY_ROOT = ['promotion'] as const;
export const WALLET_QUERY_ROOT = ['wallet'] as const;
export const MESSAGES_QUERY_ROOT = ['messages'] as const;
