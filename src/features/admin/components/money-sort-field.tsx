import { useLingui } from '@lingui/react/macro';
import type { MoneyListSort } from '../../../contract/console-states';
import { SelectField } from '../../../ui/form-fields';

/** The order of a money list (withdrawals, deposits): newest, oldest or largest first. */
export function MoneySortField({
  value,
  onChange,
}: {
  value: MoneyListSort;
  onChange: (sort: MoneyListSort) => void;
}) {
  const { t } = useLingui();
  return (
    <SelectField
      label={t`Sort by`}
      name="sort"
      value={value}
      onChange={(next) => onChange(next as MoneyListSort)}
      options={[
        { value: 'newest', label: t`Newest first` },
        { value: 'oldest', label: t`Oldest first` },
        { value: 'largest', label: t`Largest amount first` },
      ]}
    />
  );
}
