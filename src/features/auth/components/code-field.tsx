import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { type SmsPurpose, sendSmsRequestSchema } from '#contract/auth';
import type { FieldErrors } from '#lib/use-field-errors';
import { TextField } from '#ui/form-fields';
import type { Tel } from './phone-fields';
import { SendCodeButton } from './send-code-button';

type CodeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  form: RefObject<HTMLFormElement | null>;
} & (
  | {
      purpose: SmsPurpose;
      /** The phone the code is sent to. */
      tel: Tel;
      errors: Pick<
        FieldErrors<'areaCode' | 'phone' | 'code'>,
        'message' | 'clear' | 'input' | 'validate' | 'showApiError'
      >;
    }
  | {
      /** To the signed-in user's own phone (a change of the login password). */
      purpose: 'password';
      errors: Pick<FieldErrors<'code'>, 'message' | 'clear' | 'input' | 'showApiError'>;
    }
);

/** The SMS verification code with its "Send code" button, which checks the phone fields first. */
export function CodeField(props: CodeFieldProps) {
  const { value, onChange, errors, form } = props;
  const { t } = useLingui();
  const onApiError = (error: unknown) => errors.showApiError(error, form.current);
  return (
    <TextField
      label={t`Verification code`}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...errors.input('code', value, onChange)}
      addon={
        props.purpose === 'password' ? (
          <SendCodeButton purpose="password" onApiError={onApiError} />
        ) : (
          <SendCodeButton
            purpose={props.purpose}
            areaCode={props.tel.areaCode}
            phone={props.tel.phone}
            validatePhone={(values) => props.errors.validate(sendSmsRequestSchema, values, form.current)}
            onApiError={onApiError}
          />
        )
      }
    />
  );
}
