import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import {
  SAFE_LOCK_MINUTES,
  safeChangePasswordRequestSchema,
  safeDepositRequestSchema,
  safeSetPasswordRequestSchema,
  safeWithdrawRequestSchema,
} from '../../../contract/wallet';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonRows } from '../../../ui/skeleton';
import {
  useChangeSafePasswordMutation,
  useSafeDepositMutation,
  useSafeWithdrawMutation,
  useSetSafePasswordMutation,
} from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';
import { parseAmount } from '../wallet-values';
import { AmountField, formatTime, Money, SafePasswordField } from './wallet-bits';

/** The safe (vault): its balance, money in and out (out needs the password), the 6-digit password. */
export function SafePage() {
  const { t, i18n } = useLingui();
  const safe = useQuery(walletQueries.safe());
  const balance = useQuery(walletQueries.secondary());
  const info = safe.data;
  return (
    <div className="page page--standalone">
      <PageHeader title={t`Safe`} />
      <main className="page__body wallet-page" id="main">
        {safe.isPending ? (
          <SkeletonRows count={3} label={t`Loading`} />
        ) : !info ? null : (
          <>
            <section className="wallet-card wallet-safe">
              <h2 className="wallet-card__title">{t`In the safe`}</h2>
              <p className="wallet-big" data-testid="safe-balance">
                <Money value={info.balance} />
              </p>
              <p className="wallet-line">
                {t`Withdrawable`}{' '}
                <strong data-testid="withdrawable">
                  {balance.data ? <Money value={balance.data.canWithdrawCoin} /> : '–'}
                </strong>
              </p>
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
      </main>
    </div>
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
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const errors = useFieldErrors(['password', 'confirm'] as const);
  const set = useSetSafePasswordMutation();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const mismatch = password !== confirm && /^\d{6}$/.test(password);
    const body = errors.validate(
      safeSetPasswordRequestSchema,
      { password },
      form.current,
      mismatch ? { confirm: { code: 'safe_password_mismatch', message: t`The two passwords differ` } } : {},
    );
    if (!body) return;
    set.mutate(body, {
      onSuccess: () => toast.positive(t`Safe password set`),
      onError: (error) => errors.showApiError(error, form.current),
    });
  };
  return (
    <form
      ref={form}
      className="form wallet-card"
      noValidate
      onSubmit={onSubmit}
      aria-label={t`Set safe password`}
    >
      <h2 className="wallet-card__title">{t`Set safe password`}</h2>
      <p className="wallet-hint">{t`You need it to withdraw, transfer and take money out of the safe.`}</p>
      <SafePasswordField
        label={t`New safe password`}
        name="password"
        value={password}
        onValue={(v) => {
          setPassword(v);
          errors.clear('password');
        }}
        error={errors.message('password')}
      />
      <SafePasswordField
        label={t`Repeat the safe password`}
        name="confirm"
        value={confirm}
        onValue={(v) => {
          setConfirm(v);
          errors.clear('confirm');
        }}
        error={errors.message('confirm')}
      />
      <button type="submit" className="button button--primary button--block" disabled={set.isPending}>
        {t`Set safe password`}
      </button>
    </form>
  );
}

function ChangePassword() {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFieldErrors(['oldPassword', 'password'] as const);
  const change = useChangeSafePasswordMutation();
  const lockShown = useSafeLockHandler();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(safeChangePasswordRequestSchema, { oldPassword, password }, form.current);
    if (!body) return;
    change.mutate(body, {
      onSuccess: () => {
        toast.positive(t`Safe password changed`);
        setOld('');
        setPassword('');
      },
      // Locked: the page says so; an older "wrong password" under the field no longer applies.
      onError: (error) =>
        lockShown(error) ? errors.show({}, null) : errors.showApiError(error, form.current),
    });
  };
  return (
    <details className="wallet-card wallet-details">
      <summary className="wallet-card__title">{t`Change safe password`}</summary>
      <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-label={t`Change safe password`}>
        <SafePasswordField
          label={t`Current safe password`}
          name="oldPassword"
          value={oldPassword}
          onValue={(v) => {
            setOld(v);
            errors.clear('oldPassword');
          }}
          error={errors.message('oldPassword')}
        />
        <SafePasswordField
          label={t`New safe password`}
          name="password"
          value={password}
          onValue={(v) => {
            setPassword(v);
            errors.clear('password');
          }}
          error={errors.message('password')}
        />
        <button type="submit" className="button button--primary button--block" disabled={change.isPending}>
          {t`Change safe password`}
        </button>
      </form>
    </details>
  );
}

function MoveIn() {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState('');
  const errors = useFieldErrors(['amount'] as const);
  const move = useSafeDepositMutation();
  const balance = useQuery(walletQueries.secondary());
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(amount, i18n.locale, { available: balance.data?.canWithdrawCoin });
    const body = errors.validate(
      safeDepositRequestSchema,
      { amount: 'amount' in parsed ? parsed.amount : undefined },
      form.current,
      'issue' in parsed ? { amount: parsed.issue } : {},
    );
    if (!body) return;
    move.mutate(body, {
      onSuccess: () => {
        toast.positive(t`Moved into the safe`);
        setAmount('');
      },
      onError: (error) => errors.showApiError(error, form.current),
    });
  };
  return (
    <form
      ref={form}
      className="form wallet-card"
      noValidate
      onSubmit={onSubmit}
      aria-label={t`Into the safe`}
    >
      <h2 className="wallet-card__title">{t`Into the safe`}</h2>
      <AmountField
        label={t`Amount into the safe`}
        name="amount"
        value={amount}
        preview={(amount) => t`You will move ${amount} into the safe`}
        onValue={(v) => {
          setAmount(v);
          errors.clear('amount');
        }}
        error={errors.message('amount')}
      />
      <button type="submit" className="button button--primary button--block" disabled={move.isPending}>
        {t`Move in`}
      </button>
    </form>
  );
}

function MoveOut() {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFieldErrors(['amount', 'safePassword'] as const);
  const move = useSafeWithdrawMutation();
  const safe = useQuery(walletQueries.safe());
  const lockShown = useSafeLockHandler();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(amount, i18n.locale, { available: safe.data?.balance });
    const body = errors.validate(
      safeWithdrawRequestSchema,
      { amount: 'amount' in parsed ? parsed.amount : undefined, safePassword: password },
      form.current,
      'issue' in parsed ? { amount: parsed.issue } : {},
    );
    if (!body) return;
    move.mutate(body, {
      onSuccess: () => {
        toast.positive(t`Moved out of the safe`);
        setAmount('');
        setPassword('');
      },
      // Locked: the page says so; an older "wrong password" under the field no longer applies.
      onError: (error) =>
        lockShown(error) ? errors.show({}, null) : errors.showApiError(error, form.current),
    });
  };
  return (
    <form
      ref={form}
      className="form wallet-card"
      noValidate
      onSubmit={onSubmit}
      aria-label={t`Out of the safe`}
    >
      <h2 className="wallet-card__title">{t`Out of the safe`}</h2>
      <AmountField
        label={t`Amount out of the safe`}
        name="amount"
        value={amount}
        preview={(amount) => t`You will take ${amount} out of the safe`}
        onValue={(v) => {
          setAmount(v);
          errors.clear('amount');
        }}
        error={errors.message('amount')}
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
      <button type="submit" className="button button--primary button--block" disabled={move.isPending}>
        {t`Move out`}
      </button>
    </form>
  );
}
