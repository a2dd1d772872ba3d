import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { withdrawCreateRequestSchema } from '../../../contract/wallet';
import { formatMoney } from '../../../lib/money';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonRows } from '../../../ui/skeleton';
import { useWithdrawMutation } from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';
import { parseAmount } from '../wallet-values';
import { MethodLabel } from './cards-page';
import { AmountField, Money, SafePasswordField, SetSafePasswordNotice, useSiteLimits } from './wallet-bits';

const FIELDS = ['methodId', 'amount', 'safePassword'] as const;

/** Withdraw: a method, an amount within the limits and the withdrawable amount, the safe password. */
export function WithdrawPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const methods = useQuery(walletQueries.methods());
  const balance = useQuery(walletQueries.secondary());
  const safe = useQuery(walletQueries.safe());
  const limits = useSiteLimits();
  const [methodId, setMethodId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFieldErrors(FIELDS);
  const withdraw = useWithdrawMutation();

  const chosen = methodId ?? methods.data?.[0]?.id ?? null;
  const withdrawable = balance.data?.canWithdrawCoin;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(amount, i18n.locale, {
      min: limits?.minWithdraw,
      max: limits?.maxWithdraw,
      available: withdrawable,
    });
    const body = errors.validate(
      withdrawCreateRequestSchema,
      {
        methodId: chosen ?? undefined,
        amount: 'amount' in parsed ? parsed.amount : undefined,
        safePassword: password,
      },
      form.current,
      'issue' in parsed ? { amount: parsed.issue } : {},
    );
    if (!body) return;
    withdraw.mutate(body, {
      onSuccess: (created) =>
        void navigate({ to: '/WithdrawStep/$id', params: { id: String(created.id) }, replace: true }),
      onError: (error) => errors.showApiError(error, form.current),
    });
  };

  const min = limits ? formatMoney(limits.minWithdraw) : null;
  const max = limits ? formatMoney(limits.maxWithdraw) : null;
  return (
    <div className="page page--standalone">
      <PageHeader
        title={t`Withdraw`}
        end={
          <Link to="/WithdrawDetails" className="text-link">
            {t`History`}
          </Link>
        }
      />
      <main className="page__body wallet-page" id="main">
        <p className="wallet-line">
          {t`Withdrawable`}{' '}
          <strong data-testid="withdrawable">
            {withdrawable === undefined ? '–' : <Money value={withdrawable} />}
          </strong>
        </p>
        {safe.data && !safe.data.hasPassword ? <SetSafePasswordNotice /> : null}
        <form ref={form} className="form wallet-card" noValidate onSubmit={onSubmit}>
          <fieldset className={`wallet-methods ${errors.message('methodId') ? 'field--invalid' : ''}`}>
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
                    onChange={() => {
                      setMethodId(method.id);
                      errors.clear('methodId');
                    }}
                  />
                  <MethodLabel method={method} />
                </label>
              ))
            ) : (
              <p className="wallet-hint">{t`Add a bank card or an e-wallet to withdraw to.`}</p>
            )}
            {errors.message('methodId') ? <p className="field__error">{errors.message('methodId')}</p> : null}
            <div className="wallet-row">
              <Link to="/AddCard/{-$id}" params={{}} className="button button--outline button--small">
                {t`Add bank card`}
              </Link>
              <Link to="/AddZhiFuBao/{-$id}" params={{}} className="button button--outline button--small">
                {t`Add e-wallet`}
              </Link>
            </div>
          </fieldset>
          <AmountField
            label={t`Withdrawal amount`}
            name="amount"
            value={amount}
            onValue={(value) => {
              setAmount(value);
              errors.clear('amount');
            }}
            error={errors.message('amount')}
            hint={min && max ? t`From ${min} to ${max}` : undefined}
            preview={(amount) => t`You will withdraw ${amount}`}
          />
          <SafePasswordField
            label={t`Safe password`}
            name="safePassword"
            value={password}
            onValue={(value) => {
              setPassword(value);
              errors.clear('safePassword');
            }}
            error={errors.message('safePassword')}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={withdraw.isPending}
          >
            {t`Withdraw`}
          </button>
        </form>
      </main>
    </div>
  );
}
