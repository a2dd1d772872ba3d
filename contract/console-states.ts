/**
 * The states the console's lists filter by, and the orders they sort in. A file of its own, free of API
 * paths: the console's routes validate their URLs with them in the route tree every page loads, before the
 * console's code has loaded.
 */

/** A four-eyes command's states (decision 0024). */
export const COMMAND_STATES = ['pending', 'approved', 'rejected', 'failed'] as const;

/** A held commission's states (decision 0017). */
export const HOLD_STATES = ['held', 'released', 'cancelled'] as const;

/** A wheel prize follow-up's states (issue 15). */
export const FOLLOW_UP_STATES = ['open', 'done'] as const;

/** A deposit order's states (spec section 4: Prepare until paid or expired). */
export const DEPOSIT_STATES = ['Prepare', 'Success', 'Fail'] as const;

/** The orders the console's money lists (withdrawals, deposits) can be read in; newest first by default. */
export const MONEY_LIST_SORTS = ['newest', 'oldest', 'largest'] as const;
export type MoneyListSort = (typeof MONEY_LIST_SORTS)[number];

/** The orders the console's users list can be read in: by registration, newest first by default. */
export const USER_LIST_SORTS = ['newest', 'oldest'] as const satisfies readonly MoneyListSort[];
export type UserListSort = (typeof USER_LIST_SORTS)[number];
