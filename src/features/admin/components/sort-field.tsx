import { useLingui } from '@lingui/react/macro';
import type { MoneyListSort } from '#contract/console-states';
import { SelectField } from '#ui/form-fields';

/**
 * The order of a console list: `sorts` are the orders it offers (money lists: newest, oldest or largest
 * first; the users: newest or oldest first).
 */
export function SortField<S extends MoneyListSort>({
  value,
  sorts,
  onChange,
}: {
  value: S;
  sorts: readonly S[];
  onChange: (sort: S) => void;
}) {
  const { t } = useLingui();
  const labels: Record<MoneyListSort, string> = {
    newest: t`Newest first`,
    oldest: t`Oldest first`,
    largest: t`Largest amount first`,
  };
  return (
    <SelectField
      label={t`Sort by`}
      name="sort"
      value={value}
      onChange={(next) => onChange(next as S)}
      options={sorts.map((sort) => ({ value: sort, label: labels[sort] }))}
    />
  );
}
