/*
 * The seamless core's messages that an adapter reads to tell two answers of one status apart (decision 0054):
 * Beacon's own wire has one status for both, an aggregator's may have two.
 */

/** A bet refused because its rollback came first (DUPLICATE_TRANSACTION). */
export const ROLLED_BACK_BEFORE_IT_ARRIVED = 'this bet was rolled back before it arrived';

/** A bet refused by the adapter before the core (decision 0054): another currency than the platform's. */
export const WRONG_CURRENCY = 'wrong currency';
/** A bet refused by the adapter before the core: a stake the ledger's cents cannot hold. */
export const FINER_THAN_A_CENT = 'a stake finer than a cent';

/** A rollback whose bet had not arrived (OK: its id is kept, and refused if the bet comes). */
export const BET_NOT_SEEN = 'the bet had not arrived: its id is kept';
