import { Trans } from '@lingui/react/macro';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { TextField } from '#ui/form-fields';

/**
 * A console list's search: the words typed (kept here until submitted, then the URL's), with the list's
 * other filters `before` them and its other buttons `after` the submit button.
 */
export function SearchForm({
  label,
  name,
  initial,
  onSearch,
  submitLabel = <Trans>Search</Trans>,
  before,
  after,
  ...input
}: {
  label: string;
  name: string;
  /** The words the URL holds now. */
  initial: string;
  onSearch: (typed: string) => void;
  submitLabel?: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'maxLength' | 'inputMode' | 'autoCapitalize'>) {
  const [typed, setTyped] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed);
  };
  return (
    <form className="admin-search" onSubmit={submit}>
      {before}
      <TextField
        label={label}
        name={name}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        {...input}
      />
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
      {after}
    </form>
  );
}
