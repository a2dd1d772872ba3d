import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

/** A range of calendar days, "YYYY-MM-DD", both inclusive; a bound left out is none. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** What is wrong with a bound, said under its field (a form's validation, already in words). */
export type DayRangeErrors = Partial<Record<keyof DayRange, string | undefined>>;

/**
 * A list's or a report's From and To days (a list's other filters stay in `search` as they are): a cleared
 * day is none, and each bound keeps the other side (from is at most to). `errors` puts a bound's problem
 * under its field, tied to the input (aria-invalid, aria-describedby).
 */
export function DayRangeFields<S extends DayRange>({
  search,
  onSearch,
  className,
  errors,
}: {
  search: S;
  onSearch: (next: S) => void;
  /** Each day's field: the feature's filter layout. */
  className: string;
  errors?: DayRangeErrors;
}) {
  const { t } = useLingui();
  const idPrefix = useId();
  const day = (bound: keyof DayRange, label: string) => {
    const id = `${idPrefix}-${bound}`;
    const error = errors?.[bound];
    return (
      <div className={error ? `${className} field--invalid` : className}>
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <input
          id={id}
          className="input"
          type="date"
          name={bound}
          value={search[bound] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...(bound === 'from' ? { max: search.to } : { min: search.from })}
          onChange={(e) => onSearch({ ...search, [bound]: e.target.value || undefined })}
        />
        {error ? (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <>
      {day('from', t`From`)}
      {day('to', t`To`)}
    </>
  );
}
