import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Forfeit } from '#contract/bonuses';
import { type Withdrawal, type WithdrawCreateRequest, withdrawCreateRequestSchema } from '#contract/wallet';
import { ApiError } from '#lib/api-client';
import { formatMoney, fromMinorUnits, toMinorUnits } from '#lib/money';
import { useContractForm } from '#lib/use-contract-form';
import { ConfirmDialog } from '#ui/confirm-dialog';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { useWithdrawMutation } from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';
import { amountInput } from '../wallet-values';
import { AddMethodLinks, MethodLabel } from './cards-page';
import {
  AmountField,
  HINT_PENDING,
  Money,
  MoneyOutStatus,
  SafePasswordField,
  SubmitButton,
  useSiteLimits,
} from './wallet-bits';

/** The server's refusals of a withdrawal that forfeits a bonus: no consent, or consent to less than now. */
const FORFEIT_REFUSALS = ['bonus_forfeit_required', 'bonus_forfeit_changed'];

interface Callbacks {
  onSuccess: (answer: Withdrawal) => void;
  onError: (error: unknown) => void;
}

/** A withdrawal waiting for the player's consent to what it would forfeit. */
interface PendingConsent {
  input: WithdrawCreateRequest;
  callbacks: Callbacks;
  forfeits: Forfeit[];
  /** The server refused the consent given before (bonus_forfeit_changed): its words. */
  refusal: string | null;
}

/**
 * Sends a withdrawal only with the player's consent to every bonus it would forfeit (decision 0052: a player
 * never loses money silently). Before sending, it asks what the withdrawal would forfeit; when anything, a
 * dialog says which bonuses and how much, and only a yes sends them as `forfeits`. When the server refuses
 * the consent (a requirement opened or grew since), the dialog asks again with the fresh list. A failed
 * question sends the withdrawal without consent: the server refuses it if one was needed, and the dialog asks.
 */
function useWithdrawWithConsent() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const withdraw = useWithdrawMutation();
  const [checking, setChecking] = useState(false);
  const [consent, setConsent] = useState<PendingConsent | null>(null);
  const forfeitsNow = () => queryClient.fetchQuery(walletQueries.forfeits(i18n.locale));

  const send = (input: WithdrawCreateRequest, forfeits: Forfeit[], callbacks: Callbacks) => {
    const body = forfeits.length
      ? { ...input, forfeits: forfeits.map((f) => ({ requirementId: f.requirementId, amount: f.amount })) }
      : input;
    withdraw.mutate(body, {
      onSuccess: callbacks.onSuccess,
      onError: (error) => {
        if (!(error instanceof ApiError) || !FORFEIT_REFUSALS.includes(error.code ?? '')) {
          callbacks.onError(error);
          return;
        }
        forfeitsNow().then(
          (fresh) =>
            fresh.length > 0
              ? setConsent({ input, callbacks, forfeits: fresh, refusal: error.message })
              : callbacks.onError(error),
          () => callbacks.onError(error),
        );
      },
    });
  };

  return {
    sender: {
      isPending: withdraw.isPending || checking,
      mutate: (input: WithdrawCreateRequest, callbacks: Callbacks) => {
        setChecking(true);
        forfeitsNow()
          .catch((): Forfeit[] => [])
          .then((forfeits) => {
            setChecking(false);
            if (forfeits.length === 0) send(input, [], callbacks);
            else setConsent({ input, callbacks, forfeits, refusal: null });
          });
      },
    },
    consent,
    accept: () => {
      if (!consent) return;
      setConsent(null);
      send(consent.input, consent.forfeits, consent.callbacks);
    },
    decline: () => setConsent(null),
  };
}

/** Which bonuses a withdrawal would forfeit and how much money each, with the total lost. */
function ForfeitDialog({
  consent,
  onAccept,
  onDecline,
}: {
  consent: PendingConsent;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t } = useLingui();
  // Summed on minor units, so three amounts of 0.1 lose 0.30, not 0.30000000000000004.
  const total = Number(fromMinorUnits(consent.forfeits.reduce((sum, f) => sum + toMinorUnits(f.amount), 0n)));
  return (
    <ConfirmDialog
      title={t`Withdrawing forfeits a bonus`}
      onClose={onDecline}
      action={{ label: t`Withdraw and forfeit`, variant: 'danger', onClick: onAccept }}
    >
      {consent.refusal ? (
        <p className="wallet-negative" role="alert">
          {consent.refusal}
        </p>
      ) : null}
      <p>{t`A withdrawal now ends these bonuses, and the money locked in them is removed:`}</p>
      <ul className="wallet-forfeits" data-testid="forfeits">
        {consent.forfeits.map((f) => (
          <li key={f.requirementId}>
            <span>{f.title}</span> <Money value={f.amount} />
          </li>
        ))}
      </ul>
      <p className="wallet-forfeits__total">
        {t`You would lose`} <Money value={total} />
      </p>
      <Link to="/Bonuses" className="text-link">
        {t`See your bonuses`}
      </Link>
    </ConfirmDialog>
  );
}

/** Withdraw: a method, an amount within the limits and the withdrawable amount, the safe password. */
export function WithdrawPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const withConsent = useWithdrawWithConsent();
  const methods = useQuery(walletQueries.methods());
  const balance = useQuery(walletQueries.secondary());
  const limits = useSiteLimits();
  const withdrawable = balance.data?.canWithdrawCoin;
  // No choice made yet: the first method.
  const chosenOf = (methodId: number | null) => methodId ?? methods.data?.[0]?.id ?? null;
  const form = useContractForm({
    initial: { methodId: null as number | null, amount: '', safePassword: '' },
    schema: withdrawCreateRequestSchema,
    toInput: ({ methodId, amount, safePassword }) =>
      amountInput(
        amount,
        i18n.locale,
        { min: limits?.minWithdraw, max: limits?.maxWithdraw, available: withdrawable },
        { methodId: chosenOf(methodId) ?? undefined, safePassword },
      ),
    send: withConsent.sender,
    onSuccess: (created) =>
      void navigate({ to: '/WithdrawStep/$id', params: { id: created.id }, replace: true }),
  });
  const chosen = chosenOf(form.values.methodId);
  const methodError = form.message('methodId');

  const min = limits ? formatMoney(limits.minWithdraw) : null;
  const max = limits ? formatMoney(limits.maxWithdraw) : null;
  return (
    <Page
      title={t`Withdraw`}
      end={
        <Link to="/WithdrawDetails" className="text-link">
          {t`History`}
        </Link>
      }
      bodyClassName="wallet-page"
    >
      <MoneyOutStatus withdrawable={withdrawable} />
      <form {...form.props} className="form card">
        <fieldset className={`wallet-methods ${methodError ? 'field--invalid' : ''}`}>
          <legend className="field__label">{t`Withdrawal method`}</legend>
          {methods.isPending ? (
            <SkeletonRows count={2} label={t`Loading`} />
          ) : methods.data && methods.data.length > 0 ? (
            methods.data.map((method) => (
              <label key={method.id} className="wallet-method">
                <input
                  type="radio"
                  name="methodId"
                  value={method.id}
                  checked={chosen === method.id}
                  onChange={() => form.set('methodId', method.id)}
                />
                <MethodLabel method={method} />
              </label>
            ))
          ) : (
            <p className="wallet-hint">{t`Add a bank card or an e-wallet to withdraw to.`}</p>
          )}
          {methodError ? <p className="field__error">{methodError}</p> : null}
          <AddMethodLinks compact />
        </fieldset>
        <AmountField
          label={t`Withdrawal amount`}
          {...form.field('amount')}
          hint={min && max ? t`From ${min} to ${max}` : HINT_PENDING}
          preview={(amount) => t`You will withdraw ${amount}`}
        />
        <SafePasswordField label={t`Safe password`} {...form.field('safePassword')} />
        <SubmitButton pending={form.pending}>{t`Withdraw`}</SubmitButton>
      </form>
      {withConsent.consent ? (
        <ForfeitDialog
          consent={withConsent.consent}
          onAccept={withConsent.accept}
          onDecline={withConsent.decline}
        />
      ) : null}
    </Page>
  );
}
