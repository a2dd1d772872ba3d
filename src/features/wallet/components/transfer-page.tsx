import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { type TransferResult, transferRequestSchema } from '../../../contract/wallet';
import { formatMoney } from '../../../lib/money';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { TextField } from '../../../ui/form-fields';
import { PageHeader } from '../../../ui/page-header';
import { useTransferMutation } from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';
import { parseAmount } from '../wallet-values';
import { AmountField, Money, SafePasswordField, SetSafePasswordNotice, useSiteLimits } from './wallet-bits';

const FIELDS = ['receiverUid', 'amount', 'safePassword'] as const;

/** Transfer to another user by UID: at least the site minimum, confirmed with the safe password. */
export function TransferPage() {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const balance = useQuery(walletQueries.secondary());
  const safe = useQuery(walletQueries.safe());
  const limits = useSiteLimits();
  const [receiver, setReceiver] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<TransferResult | null>(null);
  const errors = useFieldErrors(FIELDS);
  const transfer = useTransferMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(amount, i18n.locale, {
      min: limits?.minTransfer,
      available: balance.data?.canWithdrawCoin,
    });
    const uid = receiver.trim();
    const body = errors.validate(
      transferRequestSchema,
      {
        receiverUid: uid === '' ? undefined : /^\d+$/.test(uid) ? Number(uid) : -1,
        amount: 'amount' in parsed ? parsed.amount : undefined,
        safePassword: password,
      },
      form.current,
      'issue' in parsed
        ? {
            amount:
              parsed.issue.code === 'amount_below_limit'
                ? { code: 'transfer_below_limit', limit: parsed.issue.limit }
                : parsed.issue,
          }
        : {},
    );
    if (!body) return;
    transfer.mutate(body, {
      onSuccess: (result) => {
        setDone(result);
        setAmount('');
        setPassword('');
      },
      onError: (error) => errors.showApiError(error, form.current),
    });
  };

  const min = limits ? formatMoney(limits.minTransfer) : null;
  return (
    <div className="page page--standalone">
      <PageHeader title={t`Transfer`} />
      <main className="page__body wallet-page" id="main">
        <p className="wallet-line">
          {t`Withdrawable`}{' '}
          <strong data-testid="withdrawable">
            {balance.data ? <Money value={balance.data.canWithdrawCoin} /> : '–'}
          </strong>
        </p>
        {safe.data && !safe.data.hasPassword ? <SetSafePasswordNotice /> : null}
        {done ? (
          <section className="wallet-card" role="status">
            <p className="wallet-positive">
              {t`Transferred ${formatMoney(done.amount)} to UID ${done.receiverUid}`}
            </p>
            <Link to="/Records" className="text-link">
              {t`See it in the records`}
            </Link>
          </section>
        ) : null}
        <form ref={form} className="form wallet-card" noValidate onSubmit={onSubmit}>
          <TextField
            label={t`Receiver UID`}
            name="receiverUid"
            inputMode="numeric"
            autoComplete="off"
            value={receiver}
            onChange={(e) => {
              setReceiver(e.target.value);
              errors.clear('receiverUid');
              setDone(null);
            }}
            error={errors.message('receiverUid')}
          />
          <AmountField
            label={t`Transfer amount`}
            name="amount"
            value={amount}
            onValue={(v) => {
              setAmount(v);
              errors.clear('amount');
            }}
            error={errors.message('amount')}
            hint={min ? t`Minimum ${min}` : undefined}
            preview={(amount) => t`You will transfer ${amount}`}
          />
          <SafePasswordField
            label={t`Safe password`}
            name="safePassword"
            value={password}
            onValue={(v) => {
              setPassword(v);
              errors.clear('safePassword');
            }}
            error={errors.message('safePassword')}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={transfer.isPending}
          >
            {t`Transfer`}
          </button>
        </form>
      </main>
    </div>
  );
}
