import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { withdrawCreateRequestSchema } from '#contract/wallet';
import { formatMoney } from '#lib/money';
import { useContractForm } from '#lib/use-contract-form';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { useWithdrawMutation } from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';
import { amountInput } from '../wallet-values';
import { AddMethodLinks, MethodLabel } from './cards-page';
import {
  AmountField,
  HINT_PENDING,
  MoneyOutStatus,
  SafePasswordField,
  SubmitButton,
  useSiteLimits,
} from './wallet-bits';

/** Withdraw: a method, an amount within the limits and the withdrawable amount, the safe password. */
export function WithdrawPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
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
    send: useWithdrawMutation(),
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
    </Page>
  );
}
