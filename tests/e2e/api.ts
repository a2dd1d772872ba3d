import { type APIRequestContext, expect } from '@playwright/test';
import { type Call, type CallAnswer, type CallInput, IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import { isSuccessStatus } from '#contract/envelope';

export interface ApiCallOptions {
  /** The session to call as (`Authorization: Bearer`); none for a public call. */
  token?: string;
  /** A money call's key; a fresh one per call when left out (a replay is asked for by passing one twice). */
  idempotencyKey?: string;
}

let keySeq = 0;
const freshKey = () => `e2e-${process.pid}-${Date.now()}-${keySeq++}`;

/**
 * One declared API call (contract/call.ts) sent the way the app sends it (src/lib/api-client.ts): its method
 * and path from the declaration, the input type-checked against the contract, a money call with its
 * Idempotency-Key. It must succeed, and its answer is parsed by the declaration's answer schema: a spec
 * that sets up its data through the API fails when the server's answer leaves the contract.
 */
export async function apiCall<C extends Call>(
  request: APIRequestContext,
  declaration: C,
  input: CallInput<C>,
  options: ApiCallOptions = {},
): Promise<CallAnswer<C>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (declaration.movesMoney) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey ?? freshKey();
  const url = `/api${declaration.path}`;
  const res =
    declaration.method === 'GET'
      ? await request.get(url, { headers, params: input as Record<string, string | number | boolean> })
      : await request.post(url, { headers, data: input });
  const where = `${declaration.method} ${declaration.path}`;
  const text = await res.text();
  let envelope: { status?: unknown; message?: unknown; data?: unknown };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    throw new Error(`${where}: HTTP ${res.status()} without an envelope: ${text.slice(0, 200)}`);
  }
  expect(
    typeof envelope.status === 'number' && isSuccessStatus(envelope.status),
    `${where} succeeds (status ${String(envelope.status)}: ${String(envelope.message)})`,
  ).toBe(true);
  const parsed = declaration.answer.safeParse(envelope.data ?? null);
  if (!parsed.success)
    throw new Error(`${where}: the answer does not match the contract: ${parsed.error.message}`);
  return parsed.data as CallAnswer<C>;
}
