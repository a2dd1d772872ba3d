/** The chain of actions that belong to no one site (grants, bans of an account). */
export const PLATFORM_CHAIN = 0;
