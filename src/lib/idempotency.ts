/**
 * One Idempotency-Key per user action (contract: call.ts, movesMoney). A retry of the same action (same
 * body after a failure) reuses the key, so a request that reached the server before the connection broke
 * is not applied twice; a changed body is a new action and gets a new key (the server refuses a reused key with
 * a different body); a success ends the action.
 */
export class ActionKey {
  private key: string | null = null;
  private body = '';
  constructor(private readonly generate: () => string = newIdempotencyKey) {}

  /** The key for submitting `body` now. */
  for(body: unknown): string {
    const text = stableJson(body);
    if (this.key === null || text !== this.body) {
      this.key = this.generate();
      this.body = text;
    }
    return this.key;
  }

  /** The action succeeded: the next submit is a new action. */
  done(): void {
    this.key = null;
    this.body = '';
  }
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** JSON with sorted keys, so the same fields in another order are the same action. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}
