import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { SMS_RESEND_SECONDS } from '#contract/auth';
import { changePasswordRequestSchema } from '#contract/profile';
import { ApiError } from '#lib/api-client';
import { toast } from '#lib/toast';
import { useFieldErrors } from '#lib/use-field-errors';
import { TextField } from '#ui/form-fields';
import { Page } from '#ui/page';
import { useChangePasswordMutation, useSendPasswordCodeMutation } from '../auth.mutations';
import { useCountdown } from '../use-countdown';
import { PasswordInput } from './password-input';

const FIELDS = ['code', 'password'] as const;

/**
 * A signed-in user's change of the login password: a code to their own phone, then the new password.
 * Other devices are logged out by the server; this one stays logged in.
 */
export function ChangePasswordPage({ phone, onDone }: { phone: string; onDone: () => void }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFieldErrors(FIELDS);
  const send = useSendPasswordCodeMutation();
  const change = useChangePasswordMutation();
  const { remaining, start } = useCountdown('password');

  const sendCode = () =>
    send.mutate(undefined, {
      onSuccess: ({ cooldownSeconds }) => {
        start(cooldownSeconds || SMS_RESEND_SECONDS);
        toast.positive(t`Verification code sent`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.retryAfter) start(error.retryAfter);
        errors.showApiError(error, form.current);
      },
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(changePasswordRequestSchema, { code, password }, form.current);
    if (!body) return;
    change.mutate(body, {
      onSuccess: () => {
        toast.positive(t`Password changed. Other devices have been logged out.`);
        onDone();
      },
      onError: (error) => errors.showApiError(error, form.current),
    });
  };

  const waiting = remaining > 0;
  return (
    <Page title={t`Change login password`}>
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        <p>{t`We will send a verification code to ${phone}.`}</p>
        <TextField
          label={t`Verification code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            errors.clear('code');
          }}
          error={errors.message('code')}
          addon={
            <button
              type="button"
              className="button button--secondary field__addon"
              onClick={sendCode}
              disabled={waiting || send.isPending}
              aria-busy={send.isPending || undefined}
            >
              {t`Send code`}
              {waiting ? <span className="field__countdown"> ({t`${remaining}s`})</span> : null}
            </button>
          }
        />
        <PasswordInput label={t`New password`} value={password} onChange={setPassword} errors={errors} />
        <button type="submit" className="button button--primary button--block" disabled={change.isPending}>
          {t`Change password`}
        </button>
      </form>
    </Page>
  );
}
