import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SAFE_LOCK_MINUTES,
  safeChangePasswordRequestSchema,
  safeDepositRequestSchema,
  safeSetPasswordRequestSchema,
  safeWithdrawRequestSchema,
} from '#contract/wallet';
import { ApiError } from '#lib/api-client';
import { toast } from '#lib/toast';
import { useContractForm } from '#lib/use-contract-form';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import {
  useChangeSafePasswordMutation,
  useSafeDepositMutation,
  useSafeWithdrawMutation,
  useSetSafePasswordMutation,
} from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';
import { amountInput } from '../wallet-values';
import {
  AmountField,
  formatTime,
  Money,
  SafePasswordField,
  SubmitButton,
  WithdrawableLine,
} from './wallet-bits';

/** The safe (vault): its balance, money in and out (out needs the password), the 6-digit password. */
export function SafePage() {
  const { t, i18n } = useLingui();
  const safe = useQuery(walletQueries.safe());
  const balance = useQuery(walletQueries.secondary());
  const info = safe.data;
  return (
    <Page title={t`Safe`} bodyClassName="wallet-page">
      {safe.isPending ? (
        <SkeletonRows count={3} label={t`Loading`} />
      ) : !info ? null : (
        <>
          <section className="card wallet-safe">
            <h2 className="wallet-card__title">{t`In the safe`}</h2>
            <p className="wallet-big" data-testid="safe-balance">
              <Money value={info.balance} />
            </p>
            <WithdrawableLine value={balance.data?.canWithdrawCoin} />
            {info.lockedUntil ? (
              <p className="wallet-negative" role="alert">
                {t`Too many wrong safe passwords. Try again after ${formatTime(info.lockedUntil, i18n.locale)}.`}
              </p>
            ) : null}
          </section>
          {info.hasPassword ? (
            <>
              <MoveIn />
              <MoveOut />
              <ChangePassword />
            </>
          ) : (
            <SetPassword />
          )}
        </>
      )}
    </Page>
  );
}

/**
 * A locked safe is said once, by the page's line under the balance (with the time it opens again),
 * not by a toast as well: the answer's retryAfter puts the lock on the page at once, before the refetch.
 */
function useSafeLockHandler() {
  const queryClient = useQueryClient();
  return (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.code !== 'safe_locked') return false;
    const lockedUntil = Date.now() + (error.retryAfter ?? SAFE_LOCK_MINUTES * 60) * 1000;
    queryClient.setQueryData(walletQueries.safe().queryKey, (info) =>
      info ? { ...info, lockedUntil, triesLeft: 0 } : info,
    );
    return true;
  };
}

function SetPassword() {
  const { t } = useLingui();
  const form = useContractForm({
    initial: { password: '', confirm: '' },
    schema: safeSetPasswordRequestSchema,
    toInput: ({ password, confirm }) => ({
      input: { password },
      issues:
        password !== confirm && /^\d{6}$/.test(password)
          ? { confirm: { code: 'safe_password_mismatch', message: t`The two passwords differ` } }
          : {},
    }),
    send: useSetSafePasswordMutation(),
    onSuccess: () => toast.positive(t`Safe password set`),
  });
  return (
    <form {...form.props} className="form card" aria-label={t`Set safe password`}>
      <h2 className="wallet-card__title">{t`Set safe password`}</h2>
      <p className="wallet-hint">{t`You need it to withdraw, transfer and take money out of the safe.`}</p>
      <SafePasswordField label={t`New safe password`} {...form.field('password')} />
      <SafePasswordField label={t`Repeat the safe password`} {...form.field('confirm')} />
      <SubmitButton pending={form.pending}>{t`Set safe password`}</SubmitButton>
    </form>
  );
}

function ChangePassword() {
  const { t } = useLingui();
  const form = useContractForm({
    initial: { oldPassword: '', password: '' },
    schema: safeChangePasswordRequestSchema,
    toInput: (values) => ({ input: values }),
    send: useChangeSafePasswordMutation(),
    onSuccess: () => {
      toast.positive(t`Safe password changed`);
      form.reset('oldPassword', 'password');
    },
    // Locked: the page says so; an older "wrong password" under the field no longer applies.
    onFailure: useSafeLockHandler(),
  });
  return (
    <details className="card wallet-details">
      <summary className="wallet-card__title">{t`Change safe password`}</summary>
      <form {...form.props} className="form" aria-label={t`Change safe password`}>
        <SafePasswordField label={t`Current safe password`} {...form.field('oldPassword')} />
        <SafePasswordField label={t`New safe password`} {...form.field('password')} />
        <SubmitButton pending={form.pending}>{t`Change safe password`}</SubmitButton>
      </form>
    </details>
  );
}

function MoveIn() {
  const { t, i18n } = useLingui();
  const balance = useQuery(walletQueries.secondary());
  const form = useContractForm({
    initial: { amount: '' },
    schema: safeDepositRequestSchema,
    toInput: ({ amount }) => amountInput(amount, i18n.locale, { available: balance.data?.canWithdrawCoin }),
    send: useSafeDepositMutation(),
    onSuccess: () => {
      toast.positive(t`Moved into the safe`);
      form.reset('amount');
    },
  });
  return (
    <form {...form.props} className="form card" aria-label={t`Into the safe`}>
      <h2 className="wallet-card__title">{t`Into the safe`}</h2>
      <AmountField
        label={t`Amount into the safe`}
        {...form.field('amount')}
        preview={(amount) => t`You will move ${amount} into the safe`}
      />
      <SubmitButton pending={form.pending}>{t`Move in`}</SubmitButton>
    </form>
  );
}

function MoveOut() {
  const { t, i18n } = useLingui();
  const safe = useQuery(walletQueries.safe());
  const form = useContractForm({
    initial: { amount: '', safePassword: '' },
    schema: safeWithdrawRequestSchema,
    toInput: ({ amount, safePassword }) =>
      amountInput(amount, i18n.locale, { available: safe.data?.balance }, { safePassword }),
    send: useSafeWithdrawMutation(),
    onSuccess: () => {
      toast.positive(t`Moved out of the safe`);
      form.reset('amount', 'safePassword');
    },
    // Locked: the page says so; an older "wrong password" under the field no longer applies.
    onFailure: useSafeLockHandler(),
  });
  return (
    <form {...form.props} className="form card" aria-label={t`Out of the safe`}>
      <h2 className="wallet-card__title">{t`Out of the safe`}</h2>
      <AmountField
        label={t`Amount out of the safe`}
        {...form.field('amount')}
        preview={(amount) => t`You will take ${amount} out of the safe`}
      />
      <SafePasswordField label={t`Safe password`} {...form.field('safePassword')} />
      <SubmitButton pending={form.pending}>{t`Move out`}</SubmitButton>
    </form>
  );
}
