/*
 * The player id Beacon gives an aggregator (decision 0054): `beacon-<user id>`, at least four characters
 * that say nothing about the person (as Hub88 asks), the same on every wire.
 */

const PLAYER_PREFIX = 'beacon-';

/** The aggregator's id of a Beacon user. */
export const wirePlayer = (userId: number | string): string => `${PLAYER_PREFIX}${userId}`;

/** The core's player id of an aggregator's user id ('' for one Beacon never gave: the core finds no such player). */
export const corePlayer = (user: string): string =>
  user.startsWith(PLAYER_PREFIX) ? user.slice(PLAYER_PREFIX.length) : '';
