import { z } from 'zod/mini';

/**
 * Transaction state labels (spec section 4). Their own module, so the console's withdrawal list can
 * validate its filter in the route tree every page loads without loading the whole wallet contract.
 */
export const TX_STATES = ['Prepare', 'Success', 'Fail', 'WaitReview', 'WaitExec', 'Exec'] as const;
export const txStateSchema = z.enum(TX_STATES);
export type TxState = z.infer<typeof txStateSchema>;
