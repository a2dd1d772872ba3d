import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useTransferMutation } from '#features/wallet/wallet.mutations.ts';
import { ActionKey } from '#lib/idempotency';
import { queryClient } from '#lib/query-client';

describe('ActionKey', () => {
  it('keeps the key across retries of the same action and makes a new one after success', () => {
    let n = 0;
    const key = new ActionKey(() => `k${++n}`);
    const body = { amount: 10, receiverUid: 5 };
    expect(key.for(body)).toBe('k1');
    expect(key.for({ receiverUid: 5, amount: 10 })).toBe('k1');
    key.done();
    expect(key.for(body)).toBe('k2');
  });

  it('a changed body is a new action with a new key', () => {
    let n = 0;
    const key = new ActionKey(() => `k${++n}`);
    expect(key.for({ amount: 10 })).toBe('k1');
    expect(key.for({ amount: 11 })).toBe('k2');
    expect(key.for({ amount: 11 })).toBe('k2');
  });

  it('makes unguessable default keys in the contract pattern', () => {
    const a = new ActionKey().for({});
    const b = new ActionKey().for({});
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\x21-\x7e]{1,100}$/);
  });
});

const envelope = (status: number, data: unknown, message = 'ok') =>
  new Response(JSON.stringify({ status, message, data }), {
    status: status === 200 ? 200 : 500,
    headers: { 'content-type': 'application/json' },
  });

describe('money-moving mutations', () => {
  it('send the Idempotency-Key, reuse it on a retry after a failure, and use a fresh one for the next action', async () => {
    const keys: string[] = [];
    const result = { recordId: 1, receiverUid: 7, amount: 10, canWithdrawCoin: 0, createdAt: 1 };
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const headers = new Headers(init?.headers);
      const url = String(input);
      if (url.endsWith('/wallet/transfer')) {
        keys.push(headers.get('Idempotency-Key') ?? '');
        return keys.length === 1 ? envelope(500, null, 'boom') : envelope(200, result);
      }
      return envelope(200, null);
    });
    vi.stubGlobal('fetch', fetchMock);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result: hook } = renderHook(() => useTransferMutation(), { wrapper });
    const body = { receiverUid: 7, amount: 10, safePassword: '123456' };
    await act(async () => {
      await hook.current.mutateAsync(body).catch(() => undefined);
    });
    await act(async () => {
      await hook.current.mutateAsync(body);
    });
    await act(async () => {
      await hook.current.mutateAsync(body);
    });
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
