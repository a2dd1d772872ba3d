import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { DEPOSIT_MAX, DEPOSIT_MIN, depositCreateRequestSchema } from '#contract/wallet';
import { ApiError } from '#lib/api-client';
import { formatAmount, formatMoney } from '#lib/money';
import { useContractForm } from '#lib/use-contract-form';
import { Page } from '#ui/page';
import { useDepositMutation } from '../wallet.mutations';
import { walletKeys, walletQueries } from '../wallet.queries';
import { amountInput, parseAmount } from '../wallet-values';
import { AmountField, formatTime, Money, StateBadge, SubmitButton } from './wallet-bits';

const PRESETS = [100, 500, 1000, 5000] as const;

/** The bonus offer a deposit is opted in to, at the version whose terms the player read. */
export interface OfferChoice {
  id: number;
  version: number;
}

/** What the route's offer picker (the bonuses feature) gets from this form. */
export interface DepositOffersSlot {
  /** The amount typed, once it is a valid deposit; null before. */
  deposit: number | null;
  chosen: OfferChoice | null;
  onChoose: (choice: OfferChoice | null) => void;
  /** The server refused the opt-in (offer_unavailable, offer_changed): its words, and when. */
  problem: { text: string; at: number } | null;
}

/** The refusals of an opt-in: the offer no longer applies to this deposit, or its terms changed. */
const OFFER_REFUSALS = ['offer_unavailable', 'offer_changed'];

/** Deposit: an amount, an order, the provider's pay page; the order and the balance follow the payment. */
export function DepositPage({
  orderNo,
  amount,
  preset,
  offers,
}: {
  orderNo: string | undefined;
  /** An amount to start with (an agent's recharge link). */
  amount?: number | undefined;
  /** What a recharge link presets, composed by the route (shown above the form). */
  preset?: ReactNode;
  /**
   * The bonus offers a deposit of the typed amount would get, with their opt-in, composed by the route (the
   * bonuses feature); the one chosen is sent as `bonusOffer`.
   */
  offers?: (slot: DepositOffersSlot) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<OfferChoice | null>(null);
  const [offerProblem, setOfferProblem] = useState<DepositOffersSlot['problem']>(null);
  const choose = useCallback((choice: OfferChoice | null) => {
    setChosen(choice);
    setOfferProblem(null);
  }, []);
  const limits = { min: DEPOSIT_MIN, max: DEPOSIT_MAX };
  const form = useContractForm({
    initial: { amount: amount === undefined ? '' : formatAmount(amount, i18n.locale) },
    schema: depositCreateRequestSchema,
    toInput: ({ amount }) => amountInput(amount, i18n.locale, limits, chosen ? { bonusOffer: chosen } : {}),
    send: useDepositMutation(),
    onSuccess: (created) =>
      void navigate({ to: '/Deposit', search: { orderNo: created.orderNo }, replace: true }),
    // A refused opt-in is said beside the offers, which are asked for again; the choice is undone, so the
    // next submit sends what the player chooses after reading the terms that apply now.
    onFailure: (error) => {
      if (!(error instanceof ApiError) || !OFFER_REFUSALS.includes(error.code ?? '')) return false;
      setChosen(null);
      setOfferProblem({ text: error.message, at: Date.now() });
      return true;
    },
  });
  const typed = parseAmount(form.values.amount, i18n.locale, limits);
  const deposit = 'issue' in typed ? null : typed.amount;
  const balance = useQuery(walletQueries.secondary());
  const order = useQuery({ ...walletQueries.deposit(orderNo ?? ''), enabled: Boolean(orderNo) });
  const queryClient = useQueryClient();
  const settled = order.data !== undefined && order.data.state !== 'Prepare';
  // The order left Prepare (paid, cancelled or expired): balances, level and records change with it.
  useEffect(() => {
    if (!settled) return;
    void queryClient.invalidateQueries({
      queryKey: walletKeys.all,
      predicate: (query) => query.queryKey[1] !== 'deposit',
    });
  }, [settled, queryClient]);

  const min = formatMoney(DEPOSIT_MIN);
  const max = formatMoney(DEPOSIT_MAX);
  const current = order.data;
  return (
    <Page title={t`Deposit`} bodyClassName="wallet-page">
      <p className="wallet-line">
        {t`Balance`} <strong>{balance.data ? <Money value={balance.data.totalCoin} /> : '–'}</strong>
      </p>
      {current ? null : preset}
      {current ? (
        <section className="card" aria-label={t`Deposit order`}>
          <dl className="facts wallet-facts">
            <div>
              <dt>{t`Order number`}</dt>
              <dd className="tabular">{current.orderNo}</dd>
            </div>
            <div>
              <dt>{t`Amount`}</dt>
              <dd>
                <Money value={current.amount} />
              </dd>
            </div>
            <div>
              <dt>{t`State`}</dt>
              <dd data-testid="deposit-state">
                <StateBadge state={current.state} />
              </dd>
            </div>
            <div>
              <dt>{t`Created`}</dt>
              <dd>{formatTime(current.createdAt, i18n.locale)}</dd>
            </div>
          </dl>
          {current.state === 'Prepare' && current.payUrl ? (
            <>
              <p className="wallet-hint">{t`Pay on the payment page; this page updates when the payment arrives.`}</p>
              <a
                className="button button--primary button--block"
                href={current.payUrl}
                target="_blank"
                rel="noopener"
              >
                {t`Pay now`}
              </a>
            </>
          ) : null}
          {current.state === 'Success' ? <p className="wallet-positive">{t`Deposit received`}</p> : null}
          {current.state === 'Fail' ? (
            <p className="wallet-negative">{current.failReason ?? t`Payment not completed`}</p>
          ) : null}
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={() => void navigate({ to: '/Deposit', search: {}, replace: true })}
          >
            {t`New deposit`}
          </button>
        </section>
      ) : (
        <form {...form.props} className="form card">
          <AmountField
            label={t`Deposit amount`}
            {...form.field('amount')}
            hint={t`From ${min} to ${max}`}
            preview={(amount) => t`You will deposit ${amount}`}
          />
          <fieldset className="wallet-presets">
            <legend className="visually-hidden">{t`Quick amounts`}</legend>
            {PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                className="button button--outline button--small"
                onClick={() => form.set('amount', String(preset))}
              >
                {formatMoney(preset)}
              </button>
            ))}
          </fieldset>
          {offers?.({ deposit, chosen, onChoose: choose, problem: offerProblem })}
          <SubmitButton pending={form.pending}>{t`Deposit`}</SubmitButton>
        </form>
      )}
    </Page>
  );
}
