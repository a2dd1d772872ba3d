import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { type DayRange, DayRangeFields } from './day-range-fields';

/** The one choice a list filters by besides the days (a record's type, a round's channel). */
export interface ListChoice {
  label: string;
  name: string;
  value: string;
  /** The chosen option's value; none for the first option ("All …", valued ""). */
  onChange: (value: string | undefined) => void;
  /** The `<option>`s, "All …" first. */
  options: ReactNode;
}

/** A list's filters (records, betting record): its choice across the top, the From and To days below. */
export function ListFilters<S extends DayRange>({
  choice,
  search,
  onSearch,
}: {
  choice: ListChoice;
  search: S;
  onSearch: (next: S) => void;
}) {
  const { t } = useLingui();
  return (
    <form className="filters" aria-label={t`Filters`} onSubmit={(e) => e.preventDefault()}>
      <label className="filter filter--wide">
        <span className="field__label">{choice.label}</span>
        <select
          className="input select"
          name={choice.name}
          value={choice.value}
          onChange={(e) => choice.onChange(e.target.value || undefined)}
        >
          {choice.options}
        </select>
      </label>
      <DayRangeFields className="filter" search={search} onSearch={onSearch} />
    </form>
  );
}
