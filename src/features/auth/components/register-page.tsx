import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { registerRequestSchema, sendSmsRequestSchema } from '../../../contract/auth';
import { PasswordField, SelectField, TextField } from '../../../ui/form-fields';
import { areaCodeOptions, defaultAreaCode } from '../area-codes';
import { useRegisterMutation } from '../auth.mutations';
import { useFieldErrors } from '../use-field-errors';
import { AuthLayout } from './auth-layout';
import { SendCodeButton } from './send-code-button';

const FIELDS = ['areaCode', 'phone', 'code', 'password', 'inviteCode'] as const;

export function RegisterPage({
  redirect,
  invite,
}: {
  redirect: string | undefined;
  invite: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [areaCode, setAreaCode] = useState<string>(defaultAreaCode(i18n.locale));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(invite ?? '');
  const errors = useFieldErrors(FIELDS);
  const register = useRegisterMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values = { areaCode, phone, password, code, inviteCode: inviteCode.trim() || undefined };
    const body = errors.validate(registerRequestSchema, values, form.current);
    if (!body) return;
    register.mutate(body, {
      onSuccess: () => void router.navigate({ href: redirect ?? '/', replace: true }),
      onError: (error) => errors.showApiError(error, form.current),
    });
  };

  return (
    <AuthLayout
      title={<Trans>Create your account</Trans>}
      subtitle={<Trans>Register with your phone number</Trans>}
      footer={
        <p>
          <Trans>Already have an account?</Trans>{' '}
          <Link to="/login" search={redirect ? { redirect } : {}} className="text-link">
            <Trans>Log in</Trans>
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
              purpose="register"
              areaCode={areaCode}
              phone={phone}
              validatePhone={(values) => errors.validate(sendSmsRequestSchema, values, form.current) !== null}
              onApiError={(error) => errors.showApiError(error, form.current)}
            />
          }
        />
        <PasswordField
          label={t`Password`}
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
        <TextField
          label={t`Invite code (optional)`}
          name="inviteCode"
          autoComplete="off"
          autoCapitalize="characters"
          value={inviteCode}
          onChange={(event) => {
            setInviteCode(event.target.value);
            errors.clear('inviteCode');
          }}
          error={errors.message('inviteCode')}
        />
        <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
          {t`Register`}
        </button>
      </form>
    </AuthLayout>
  );
}
