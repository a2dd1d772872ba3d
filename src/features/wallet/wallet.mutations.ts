import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from 'zod/mini';
import { emptyResponseSchema } from '../../contract/auth';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/call';
import {
  type DepositCreateRequest,
  depositOrderSchema,
  safeInfoSchema,
  safeMoveResultSchema,
  type TransferRequest,
  transferResultSchema,
  type WithdrawCreateRequest,
  type WithdrawMethodSaveRequest,
  withdrawalSchema,
  withdrawMethodSchema,
} from '../../contract/wallet';
import { api } from '../../lib/api-client';
import { ActionKey } from './idempotency';
import { walletKeys } from './wallet.queries';

/**
 * A call that moves money: a fresh Idempotency-Key per user action, the same key on a retry of the same
 * action (ActionKey); forms show the errors themselves (silent); everything in the wallet is refreshed after.
 */
function useMoneyMutation<B, S extends z.ZodMiniType>(path: string, schema: S) {
  const queryClient = useQueryClient();
  const key = useRef(new ActionKey());
  return useMutation({
    mutationFn: (body: B): Promise<z.output<S>> =>
      api.post(path, body, {
        schema,
        silent: true,
        loading: true,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key.current.for(body) },
      }),
    onSuccess: () => key.current.done(),
    // Not awaited: the caller's own callbacks run first, before a refetch may unmount their form.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export const useDepositMutation = () =>
  useMoneyMutation<DepositCreateRequest, typeof depositOrderSchema>(
    '/wallet/deposit/create',
    depositOrderSchema,
  );

export const useWithdrawMutation = () =>
  useMoneyMutation<WithdrawCreateRequest, typeof withdrawalSchema>(
    '/wallet/withdraw/create',
    withdrawalSchema,
  );

export const useSafeDepositMutation = () =>
  useMoneyMutation<{ amount: number }, typeof safeMoveResultSchema>(
    '/wallet/safe/deposit',
    safeMoveResultSchema,
  );

export const useSafeWithdrawMutation = () =>
  useMoneyMutation<{ amount: number; safePassword: string }, typeof safeMoveResultSchema>(
    '/wallet/safe/withdraw',
    safeMoveResultSchema,
  );

export const useTransferMutation = () =>
  useMoneyMutation<TransferRequest, typeof transferResultSchema>('/wallet/transfer', transferResultSchema);

function useWalletMutation<B, R>(run: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Not awaited: the caller's own callbacks run first, before a refetch may unmount their form.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export const useSetSafePasswordMutation = () =>
  useWalletMutation((body: { password: string }) =>
    api.post('/wallet/safe/setPassword', body, { schema: safeInfoSchema, silent: true, loading: true }),
  );

export const useChangeSafePasswordMutation = () =>
  useWalletMutation((body: { oldPassword: string; password: string }) =>
    api.post('/wallet/safe/changePassword', body, { schema: safeInfoSchema, silent: true, loading: true }),
  );

export const useSaveMethodMutation = () =>
  useWalletMutation((body: WithdrawMethodSaveRequest) =>
    api.post('/wallet/cards/save', body, { schema: withdrawMethodSchema, silent: true, loading: true }),
  );

export const useDeleteMethodMutation = () =>
  useWalletMutation((id: number) =>
    api.post('/wallet/cards/delete', { id }, { schema: emptyResponseSchema, loading: true }),
  );
