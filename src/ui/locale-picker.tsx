import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES, setLocale } from '#lib/i18n';
import { GlobeIcon } from './icons';

/** `compact` hides the label text visually (it stays the select's accessible name) for tight headers. */
export function LocalePicker({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { i18n, t } = useLingui();
  const id = useId();
  return (
    <div className={`locale-picker ${className ?? ''}`}>
      <GlobeIcon size={20} className="locale-picker__icon" />
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'locale-picker__label'}>
        {t`Language`}
      </label>
      <select
        id={id}
        className="locale-picker__select"
        value={i18n.locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void setLocale(next);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
