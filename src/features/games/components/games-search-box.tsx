import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { SearchIcon } from '#ui/icons';

/** Spec: the search applies on Enter or when the box is cleared; no length rule beyond the contract's. */
export function GamesSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  // The placeholder is the name too: a screen reader hears what a sighted user reads.
  const label = t`Search games`;
  return (
    <form className="search-box" onSubmit={submit}>
      <SearchIcon size={20} className="search-box__icon" />
      <input
        className="search-box__input"
        type="search"
        enterKeyHint="search"
        maxLength={100}
        aria-label={label}
        placeholder={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '' && value !== '') onSearch('');
        }}
      />
    </form>
  );
}
