/*
 * The seamless core's messages that an adapter reads to tell two answers of one status apart (decision 0054):
 * Beacon's own wire has one status for both, an aggregator's may have two.
 */

/** A bet refused because its rollback came first (DUPLICATE_TRANSACTION). */
export const ROLLED_BACK_BEFORE_IT_ARRIVED = 'this bet was rolled back before it arrived';
