import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Call, CallAnswer, CallInput } from '#contract/call';
import {
  cardsDeleteCall,
  cardsSaveCall,
  depositCreateCall,
  safeChangePasswordCall,
  safeDepositCall,
  safeSetPasswordCall,
  safeWithdrawCall,
  transferCall,
  withdrawCreateCall,
} from '#contract/wallet';
import { api, type CallOptions } from '#lib/api-client';
import { ActionKey } from '#lib/idempotency';
import { walletKeys } from './wallet.queries';

type MoneyCall = Call & { movesMoney: true };
type PlainCall = Call & { movesMoney?: undefined };

/*
 * api.call of a call given as a type parameter, one kind at a time: api.call's options depend on whether
 * the call moves money, which TypeScript leaves open for a generic call.
 */
const sendMoney = api.call as <C extends MoneyCall>(
  call: C,
  input: CallInput<C>,
  options: CallOptions<MoneyCall>,
) => Promise<CallAnswer<C>>;
const sendPlain = api.call as <C extends PlainCall>(
  call: C,
  input: CallInput<C>,
  options: CallOptions<PlainCall>,
) => Promise<CallAnswer<C>>;

/**
 * A call that moves money: a fresh Idempotency-Key per user action, the same key on a retry of the same
 * action (ActionKey); forms show the errors themselves (silent); everything in the wallet is refreshed after.
 */
function useMoneyMutation<C extends MoneyCall>(call: C) {
  const queryClient = useQueryClient();
  const key = useRef(new ActionKey());
  return useMutation({
    mutationFn: (input: CallInput<C>) =>
      sendMoney(call, input, { silent: true, loading: true, idempotencyKey: key.current.for(input) }),
    onSuccess: () => key.current.done(),
    // Not awaited: the caller's own callbacks run first, before a refetch may unmount their form.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export const useDepositMutation = () => useMoneyMutation(depositCreateCall);
export const useWithdrawMutation = () => useMoneyMutation(withdrawCreateCall);
export const useSafeDepositMutation = () => useMoneyMutation(safeDepositCall);
export const useSafeWithdrawMutation = () => useMoneyMutation(safeWithdrawCall);
export const useTransferMutation = () => useMoneyMutation(transferCall);

/** A call that moves no money; everything in the wallet is refreshed after. */
function useWalletMutation<C extends PlainCall>(call: C, options: CallOptions<PlainCall>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C>) => sendPlain(call, input, options),
    // Not awaited: the caller's own callbacks run first, before a refetch may unmount their form.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

/** Forms show the errors themselves (silent). */
const FORM = { silent: true, loading: true } as const;

export const useSetSafePasswordMutation = () => useWalletMutation(safeSetPasswordCall, FORM);
export const useChangeSafePasswordMutation = () => useWalletMutation(safeChangePasswordCall, FORM);
export const useSaveMethodMutation = () => useWalletMutation(cardsSaveCall, FORM);

export const useDeleteMethodMutation = () => useWalletMutation(cardsDeleteCall, { loading: true });
