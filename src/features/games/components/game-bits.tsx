import { useLingui } from '@lingui/react/macro';
import type { RoundStatus } from '#contract/games';
import { formatMoney } from '#lib/money';
import { ROUND_STATUS_LABELS } from '../games-labels';

/** An amount rounded down to 2 decimals with the locale's symbol; `signed` marks a gain with + and colours. */
export function GameMoney({ value, signed = false }: { value: number; signed?: boolean }) {
  const text = formatMoney(value);
  if (!signed) return <span className="tabular">{text}</span>;
  const tone = value > 0 ? 'games-amount--gain' : value < 0 ? 'games-amount--loss' : '';
  return <span className={`tabular ${tone}`}>{value > 0 ? `+${text}` : text}</span>;
}

export function RoundStatusBadge({ status }: { status: RoundStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`status-pill round-status round-status--${status}`}>
      {i18n._(ROUND_STATUS_LABELS[status])}
    </span>
  );
}

export function formatGameTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
}
