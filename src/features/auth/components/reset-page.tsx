import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { forgotPasswordRequestSchema, sendSmsRequestSchema } from '../../../contract/auth';
import { toast } from '../../../lib/toast';
import { PasswordField, SelectField, TextField } from '../../../ui/form-fields';
import { areaCodeOptions, defaultAreaCode } from '../area-codes';
import { useResetPasswordMutation } from '../auth.mutations';
import { useFieldErrors } from '../use-field-errors';
import { AuthLayout } from './auth-layout';
import { SendCodeButton } from './send-code-button';

const FIELDS = ['areaCode', 'phone', 'code', 'password'] as const;

export function ResetPage() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [areaCode, setAreaCode] = useState<string>(defaultAreaCode(i18n.locale));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFieldErrors(FIELDS);
  const reset = useResetPasswordMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(
      forgotPasswordRequestSchema,
      { areaCode, phone, code, password },
      form.current,
    );
    if (!body) return;
    reset.mutate(body, {
      onSuccess: () => {
        toast.positive(t`Password reset. Please log in with your new password.`);
        void router.navigate({ to: '/login', replace: true });
      },
      onError: (error) => errors.showApiError(error, form.current),
    });
  };

  return (
    <AuthLayout
      title={<Trans>Reset password</Trans>}
      subtitle={<Trans>We will send a verification code to your phone</Trans>}
      footer={
        <p>
          <Link to="/login" className="text-link">
            <Trans>Back to log in</Trans>
          </Link>
        </p>
      }
    >
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        <SelectField
          label={t`Country/region code`}
          name="areaCode"
          value={areaCode}
          onChange={(value) => {
            setAreaCode(value);
            errors.clear('areaCode');
          }}
          options={areaCodeOptions(i18n.locale)}
          error={errors.message('areaCode')}
          autoComplete="tel-country-code"
        />
        <TextField
          label={t`Phone number`}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            errors.clear('phone');
          }}
          error={errors.message('phone')}
        />
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
            <SendCodeButton
              purpose="reset"
              areaCode={areaCode}
              phone={phone}
              validatePhone={(values) => errors.validate(sendSmsRequestSchema, values, form.current) !== null}
              onApiError={(error) => errors.showApiError(error, form.current)}
            />
          }
        />
        <PasswordField
          label={t`New password`}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            errors.clear('password');
          }}
          hint={t`6 to 12 characters`}
          error={errors.message('password')}
        />
        <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
          {t`Reset password`}
        </button>
      </form>
    </AuthLayout>
  );
}
