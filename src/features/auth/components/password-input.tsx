import { useLingui } from '@lingui/react/macro';
import type { FieldErrors } from '#lib/use-field-errors';
import { PasswordField } from '#ui/form-fields';

interface PasswordInputProps {
  /** The password of the account as it is (log in); otherwise a new one, with the length hint. */
  current?: boolean;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: Pick<FieldErrors<'password'>, 'input'>;
}

/** The account password; typing clears its error. */
export function PasswordInput({ current = false, label, value, onChange, errors }: PasswordInputProps) {
  const { t } = useLingui();
  return (
    <PasswordField
      label={label}
      autoComplete={current ? 'current-password' : 'new-password'}
      hint={current ? undefined : t`6 to 12 characters`}
      {...errors.input('password', value, onChange)}
    />
  );
}
