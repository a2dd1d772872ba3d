import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type TransferResult, transferRequestSchema } from '#contract/wallet';
import { formatMoney } from '#lib/money';
import { useContractForm } from '#lib/use-contract-form';
import { TextField } from '#ui/form-fields';
import { Page } from '#ui/page';
import { useTransferMutation } from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';
import { amountInput } from '../wallet-values';
import {
  AmountField,
  HINT_PENDING,
  MoneyOutStatus,
  SafePasswordField,
  SubmitButton,
  useSiteLimits,
} from './wallet-bits';

/** The typed UID: none when empty, an impossible one (refused as not found) when not a number. */
const receiverUidOf = (typed: string): number | undefined => {
  const uid = typed.trim();
  return uid === '' ? undefined : /^\d+$/.test(uid) ? Number(uid) : -1;
};

/** Transfer to another user by UID: at least the site minimum, confirmed with the safe password. */
export function TransferPage() {
  const { t, i18n } = useLingui();
  const balance = useQuery(walletQueries.secondary());
  const limits = useSiteLimits();
  const [done, setDone] = useState<TransferResult | null>(null);
  const form = useContractForm({
    initial: { receiverUid: '', amount: '', safePassword: '' },
    schema: transferRequestSchema,
    toInput: ({ receiverUid, amount, safePassword }) => {
      const read = amountInput(
        amount,
        i18n.locale,
        { min: limits?.minTransfer, available: balance.data?.canWithdrawCoin },
        { receiverUid: receiverUidOf(receiverUid), safePassword },
      );
      const issue = read.issues.amount;
      return {
        input: read.input,
        issues: issue
          ? {
              amount:
                issue.code === 'amount_below_limit'
                  ? { code: 'transfer_below_limit', limit: issue.limit }
                  : issue,
            }
          : {},
      };
    },
    send: useTransferMutation(),
    onSuccess: (result) => {
      setDone(result);
      form.reset('amount', 'safePassword');
    },
  });

  const min = limits ? formatMoney(limits.minTransfer) : null;
  return (
    <Page title={t`Transfer`} bodyClassName="wallet-page">
      <MoneyOutStatus withdrawable={balance.data?.canWithdrawCoin} />
      {done ? (
        <section className="card" role="status">
          <p className="wallet-positive">
            {t`Transferred ${formatMoney(done.amount)} to UID ${done.receiverUid}`}
          </p>
          <Link to="/Records" className="text-link">
            {t`See it in the records`}
          </Link>
        </section>
      ) : null}
      <form {...form.props} className="form card">
        <TextField
          label={t`Receiver UID`}
          inputMode="numeric"
          autoComplete="off"
          {...form.input('receiverUid')}
          onChange={(e) => {
            form.set('receiverUid', e.target.value);
            setDone(null);
          }}
        />
        <AmountField
          label={t`Transfer amount`}
          {...form.field('amount')}
          hint={min ? t`Minimum ${min}` : HINT_PENDING}
          preview={(amount) => t`You will transfer ${amount}`}
        />
        <SafePasswordField label={t`Safe password`} {...form.field('safePassword')} />
        <SubmitButton pending={form.pending}>{t`Transfer`}</SubmitButton>
      </form>
    </Page>
  );
}
