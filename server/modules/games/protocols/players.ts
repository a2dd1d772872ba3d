/*
 * The player as Beacon tells an aggregator of them (decision 0054): the id `beacon-<user id>`, at least four
 * characters that say nothing about the person (as Hub88 asks), and the language of the app's locale. The
 * same on every wire.
 */

const PLAYER_PREFIX = 'beacon-';

/** The aggregator's id of a Beacon user. */
export const wirePlayer = (userId: number | string): string => `${PLAYER_PREFIX}${userId}`;

/** The core's player id of an aggregator's user id ('' for one Beacon never gave: the core finds no such player). */
export const corePlayer = (user: string): string =>
  user.startsWith(PLAYER_PREFIX) ? user.slice(PLAYER_PREFIX.length) : '';

/** An aggregator's language code: the app's locale's language (`es-ES` is `es`). */
export const wireLanguage = (locale: string): string => locale.slice(0, 2).toLowerCase();
