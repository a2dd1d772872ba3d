import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { TxState } from '#contract/tx-states';
import { formatMoney, fromMinorUnits, parseTypedAmount } from '#lib/money';
import { siteStore } from '#lib/site';
import { useStore } from '#lib/store';
import { PasswordField, TextField } from '#ui/form-fields';
import { walletQueries } from '../wallet.queries';
import { STATE_LABELS } from '../wallet-labels';

/** An amount rounded down to 2 decimals with the locale's currency symbol, in tabular figures. */
export function Money({
  value,
  signed = false,
  className,
}: {
  value: number;
  signed?: boolean;
  className?: string;
}) {
  const text = formatMoney(value);
  return <span className={`tabular ${className ?? ''}`}>{signed && value > 0 ? `+${text}` : text}</span>;
}

export function StateBadge({ state }: { state: TxState }) {
  const { i18n } = useLingui();
  return (
    <span className={`status-pill state-badge state-badge--${state}`}>{i18n._(STATE_LABELS[state])}</span>
  );
}

/** The site's money limits (site entry), or undefined before the site is known: the server checks anyway. */
/**
 * The hint of a limit while the site's limits load (a cold start fetches them after the first paint): its
 * line is kept, so the form does not move when they arrive.
 */
export const HINT_PENDING = '\u00a0';

export function useSiteLimits() {
  const site = useStore(siteStore);
  return site
    ? { minWithdraw: site.minWithdraw, maxWithdraw: site.maxWithdraw, minTransfer: site.minTransfer }
    : undefined;
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
};

/**
 * An amount typed the user's locale's way. Under it, live, the amount it is read as (parseTypedAmount,
 * the same reading the form submits), in a sentence of the action: `preview` gets the formatted amount
 * and answers e.g. "You will deposit M$100,50", so a misread amount is seen before money moves.
 */
export function AmountField({
  onValue,
  preview,
  hint,
  ...props
}: FieldProps & { preview: (amount: string) => string }) {
  const { i18n } = useLingui();
  const typed = parseTypedAmount(props.value, i18n.locale);
  const understood = 'minor' in typed ? preview(formatMoney(fromMinorUnits(typed.minor))) : null;
  return (
    <TextField
      type="text"
      inputMode="decimal"
      autoComplete="off"
      {...props}
      hint={
        hint || understood ? (
          <>
            {understood && hint === HINT_PENDING ? null : hint}
            {understood ? (
              <span className="wallet-understood" data-testid="amount-understood">
                {understood}
              </span>
            ) : null}
          </>
        ) : undefined
      }
      onChange={(event) => onValue(event.target.value)}
    />
  );
}

/** The 6-digit safe password. */
export function SafePasswordField({ onValue, ...props }: FieldProps) {
  return (
    <PasswordField
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      {...props}
      onChange={(event) => onValue(event.target.value.replace(/\D/g, ''))}
    />
  );
}

/** The withdrawable amount (a dash until it is known), on the screens money leaves it from. */
export function WithdrawableLine({ value }: { value: number | undefined }) {
  const { t } = useLingui();
  return (
    <p className="wallet-line">
      {t`Withdrawable`}{' '}
      <strong data-testid="withdrawable">{value === undefined ? '–' : <Money value={value} />}</strong>
    </p>
  );
}

/** A wallet form's submit button, disabled while its call is under way. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={pending}>
      {children}
    </button>
  );
}

/**
 * What a screen taking money out of the main balance (withdraw, transfer) shows first: the withdrawable
 * amount and, while no safe password is set, the way to set one (the move needs it).
 */
export function MoneyOutStatus({ withdrawable }: { withdrawable: number | undefined }) {
  const safe = useQuery(walletQueries.safe());
  return (
    <>
      <WithdrawableLine value={withdrawable} />
      {safe.data && !safe.data.hasPassword ? <SetSafePasswordNotice /> : null}
    </>
  );
}

/** Shown where a safe password is needed but none is set. */
function SetSafePasswordNotice() {
  const { t } = useLingui();
  return (
    <div className="wallet-notice" role="note">
      <p>{t`Set a safe password first`}</p>
      <Link to="/Safe" className="button button--outline button--small">
        {t`Set safe password`}
      </Link>
    </div>
  );
}

export function formatTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}
