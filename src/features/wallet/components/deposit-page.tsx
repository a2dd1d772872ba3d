import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DEPOSIT_MAX, DEPOSIT_MIN, depositCreateRequestSchema } from '../../../contract/wallet';
import { formatMoney } from '../../../lib/money';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { PageHeader } from '../../../ui/page-header';
import { useDepositMutation } from '../wallet.mutations';
import { walletKeys, walletQueries } from '../wallet.queries';
import { parseAmount } from '../wallet-values';
import { AmountField, formatTime, Money, StateBadge } from './wallet-bits';

const FIELDS = ['amount'] as const;
const PRESETS = [100, 500, 1000, 5000] as const;

/** Deposit: an amount, an order, the provider's pay page; the order and the balance follow the payment. */
export function DepositPage({ orderNo }: { orderNo: string | undefined }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState('');
  const errors = useFieldErrors(FIELDS);
  const deposit = useDepositMutation();
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(amount, i18n.locale, { min: DEPOSIT_MIN, max: DEPOSIT_MAX });
    const body = errors.validate(
      depositCreateRequestSchema,
      { amount: 'amount' in parsed ? parsed.amount : undefined },
      form.current,
      'issue' in parsed ? { amount: parsed.issue } : {},
    );
    if (!body) return;
    deposit.mutate(body, {
      onSuccess: (created) =>
        void navigate({ to: '/Deposit', search: { orderNo: created.orderNo }, replace: true }),
      onError: (error) => errors.showApiError(error, form.current),
    });
  };

  const min = formatMoney(DEPOSIT_MIN);
  const max = formatMoney(DEPOSIT_MAX);
  const current = order.data;
  return (
    <div className="page page--standalone">
      <PageHeader title={t`Deposit`} />
      <main className="page__body wallet-page" id="main">
        <p className="wallet-line">
          {t`Balance`} <strong>{balance.data ? <Money value={balance.data.totalCoin} /> : '–'}</strong>
        </p>
        {current ? (
          <section className="wallet-card" aria-label={t`Deposit order`}>
            <dl className="wallet-facts">
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
          <form ref={form} className="form wallet-card" noValidate onSubmit={onSubmit}>
            <AmountField
              label={t`Deposit amount`}
              name="amount"
              value={amount}
              onValue={(value) => {
                setAmount(value);
                errors.clear('amount');
              }}
              error={errors.message('amount')}
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
                  onClick={() => {
                    setAmount(String(preset));
                    errors.clear('amount');
                  }}
                >
                  {formatMoney(preset)}
                </button>
              ))}
            </fieldset>
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={deposit.isPending}
            >
              {t`Deposit`}
            </button>
          </form>
        )}
      </main>
    </div>
  );
}
