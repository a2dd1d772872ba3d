import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LimitPeriod, SelfExclusionDuration, TimeOutDuration } from '#contract/protection';

export const PERIOD_LABELS: Record<LimitPeriod, MessageDescriptor> = {
  day: msg`24 hours`,
  week: msg`7 days`,
  month: msg`30 days`,
};

export const TIME_OUT_LABELS: Record<TimeOutDuration, MessageDescriptor> = {
  '24h': msg`24 hours`,
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  '6w': msg`6 weeks`,
};

export const SELF_EXCLUSION_LABELS: Record<SelfExclusionDuration, MessageDescriptor> = {
  '6m': msg`6 months`,
  '1y': msg`1 year`,
  '2y': msg`2 years`,
  '5y': msg`5 years`,
};

/** A date and time in the user's language. */
export const formatWhen = (ms: number, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

/** "1 h 05 min" style elapsed time, from whole minutes. */
export function formatElapsed(i18n: I18n, ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? i18n._(msg`${hours} h ${rest} min`) : i18n._(msg`${rest} min`);
}
