import { z } from 'zod/mini';

/**
 * The kinds of wallet record (the records filter). Its own module, so a route can validate the filter
 * in its URL without loading the whole wallet contract.
 */
export const RECORD_TYPES = [
  'deposit',
  'withdraw',
  'transferIn',
  'transferOut',
  'safeIn',
  'safeOut',
  'bonus',
  'game',
  'spin',
  /** Agent commission moved into the main balance (`/agent/withdraw`). */
  'commission',
  /** Rake back moved into the main balance. */
  'rakeBack',
] as const;
export const recordTypeSchema = z.enum(RECORD_TYPES, { error: 'invalid_type' });
export type RecordType = z.infer<typeof recordTypeSchema>;
