import { type FormEvent, useEffect, useState } from 'react';
import { SearchIcon } from './icons';

/**
 * A list's search box: the search applies on Enter or when the box is cleared, and the box follows the
 * value it is given (back and forward change the URL's search). The placeholder is the name too: a screen
 * reader hears what a sighted user reads.
 */
export function SearchBox({
  value,
  onSearch,
  label,
  maxLength,
  className,
}: {
  value: string;
  /** The trimmed text; '' when the box is cleared. */
  onSearch: (text: string) => void;
  label: string;
  /** The contract's limit, where it has one. */
  maxLength?: number;
  /** Another class on the form, for the feature's own layout. */
  className?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className={className ? `search-box ${className}` : 'search-box'} onSubmit={submit}>
      <SearchIcon size={20} className="search-box__icon" />
      <input
        className="search-box__input"
        type="search"
        enterKeyHint="search"
        maxLength={maxLength}
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
