import { useLingui } from '@lingui/react/macro';

/** A range of calendar days, "YYYY-MM-DD", both inclusive; a bound left out is none. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * A list's From and To day filters (a list's other filters stay in `search` as they are): a cleared day
 * is none, and each bound keeps the other side (from is at most to).
 */
export function DayRangeFields<S extends DayRange>({
  search,
  onSearch,
  className,
}: {
  search: S;
  onSearch: (next: S) => void;
  /** Each day's label: the feature's filter layout. */
  className: string;
}) {
  const { t } = useLingui();
  const day = (bound: 'from' | 'to', label: string) => (
    <label className={className}>
      <span className="field__label">{label}</span>
      <input
        className="input"
        type="date"
        name={bound}
        value={search[bound] ?? ''}
        {...(bound === 'from' ? { max: search.to } : { min: search.from })}
        onChange={(e) => onSearch({ ...search, [bound]: e.target.value || undefined })}
      />
    </label>
  );
  return (
    <>
      {day('from', t`From`)}
      {day('to', t`To`)}
    </>
  );
}
