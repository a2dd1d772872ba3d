import { useLingui } from '@lingui/react/macro';
import { SearchBox } from '#ui/search-box';

/** Spec: the search applies on Enter or when the box is cleared; no length rule beyond the contract's. */
export function GamesSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
  return <SearchBox value={value} onSearch={onSearch} label={t`Search games`} maxLength={100} />;
}
