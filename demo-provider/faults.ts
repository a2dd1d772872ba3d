import { z } from 'zod';

/**
 * One-shot faults a test asks for (FAULTS=1 only): each is used once, by the first call it applies
 * to, in the order they were queued. Transfer faults act on the platform's calls to us; the others on
 * our seamless calls to the platform.
 */
const moveAction = z.enum(['deposit', 'withdraw']);
export const faultSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('drop-answer'), action: moveAction }),
  z.strictObject({
    kind: z.literal('late-answer'),
    action: moveAction,
    delayMs: z.number().int().min(0).max(120_000),
  }),
  z.strictObject({ kind: z.literal('refuse-before-apply'), action: moveAction }),
  z.strictObject({ kind: z.literal('replay'), action: z.enum(['bet', 'win', 'rollback']) }),
  z.strictObject({ kind: z.literal('rollback-before-bet') }),
  z.strictObject({ kind: z.literal('win-after-expiry'), delayMs: z.number().int().min(0).max(3_600_000) }),
]);
export type Fault = z.infer<typeof faultSchema>;

export class FaultQueue {
  private queue: Fault[] = [];

  add(faults: Fault[]): void {
    this.queue.push(...faults);
  }

  /** Removes and answers the first queued fault of one of these kinds (and for this action, if given). */
  take<K extends Fault['kind']>(
    kinds: readonly K[],
    action?: string,
  ): Extract<Fault, { kind: K }> | undefined {
    const index = this.queue.findIndex(
      (f) =>
        (kinds as readonly string[]).includes(f.kind) &&
        (action === undefined || ('action' in f && f.action === action)),
    );
    if (index === -1) return undefined;
    const [fault] = this.queue.splice(index, 1);
    return fault as Extract<Fault, { kind: K }>;
  }

  pending(): readonly Fault[] {
    return this.queue;
  }
}
