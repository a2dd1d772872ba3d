/** The chain of actions that belong to no one site (grants, bans of an account). */
export const PLATFORM_CHAIN = 0;

/** The first row's previous hash. */
export const GENESIS_HASH = '0'.repeat(64);
