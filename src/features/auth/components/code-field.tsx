import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { type SmsPurpose, sendSmsRequestSchema } from '#contract/auth';
import type { FieldErrors } from '#lib/use-field-errors';
import { TextField } from '#ui/form-fields';
import type { Tel } from './phone-fields';
import { SendCodeButton } from './send-code-button';

interface CodeFieldProps {
  purpose: SmsPurpose;
  /** The phone the code is sent to. */
  tel: Tel;
  value: string;
  onChange: (value: string) => void;
  errors: Pick<FieldErrors<'areaCode' | 'phone' | 'code'>, 'message' | 'clear' | 'validate' | 'showApiError'>;
  form: RefObject<HTMLFormElement | null>;
}

/** The SMS verification code with its "Send code" button, which checks the phone fields first. */
export function CodeField({ purpose, tel, value, onChange, errors, form }: CodeFieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Verification code`}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
        errors.clear('code');
      }}
      error={errors.message('code')}
      addon={
        <SendCodeButton
          purpose={purpose}
          areaCode={tel.areaCode}
          phone={tel.phone}
          validatePhone={(values) => errors.validate(sendSmsRequestSchema, values, form.current)}
          onApiError={(error) => errors.showApiError(error, form.current)}
        />
      }
    />
  );
}
