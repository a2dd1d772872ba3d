import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { InputHTMLAttributes } from 'react';
import type { TxState } from '../../../contract/wallet';
import { formatMoney } from '../../../lib/money';
import { siteStore } from '../../../lib/site';
import { useStore } from '../../../lib/store';
import { PasswordField, TextField } from '../../../ui/form-fields';
import { STATE_LABELS } from '../wallet-labels';
import '../wallet.css';

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
  return <span className={`state-badge state-badge--${state}`}>{i18n._(STATE_LABELS[state])}</span>;
}

/** The site's money limits (site entry), or undefined before the site is known: the server checks anyway. */
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

export function AmountField({ onValue, ...props }: FieldProps) {
  return (
    <TextField
      type="text"
      inputMode="decimal"
      autoComplete="off"
      {...props}
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

/** Shown where a safe password is needed but none is set. */
export function SetSafePasswordNotice() {
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
