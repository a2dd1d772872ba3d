import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { loginRequestSchema } from '../../../contract/auth';
import { getUserPhone } from '../../../lib/session';
import { PasswordField, SelectField, TextField } from '../../../ui/form-fields';
import { areaCodeOptions, defaultAreaCode, splitUsername } from '../area-codes';
import { useLoginMutation } from '../auth.mutations';
import { useFieldErrors } from '../use-field-errors';
import { AuthLayout } from './auth-layout';

const FIELDS = ['areaCode', 'phone', 'password'] as const;

export function LoginPage({ redirect }: { redirect: string | undefined }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const saved = splitUsername(getUserPhone());
  const [areaCode, setAreaCode] = useState<string>(saved?.areaCode ?? defaultAreaCode(i18n.locale));
  const [phone, setPhone] = useState(saved?.phone ?? '');
  const [password, setPassword] = useState('');
  const errors = useFieldErrors(FIELDS);
  const login = useLoginMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(loginRequestSchema, { areaCode, phone, password }, form.current);
    if (!body) return;
    login.mutate(body, {
      onSuccess: () => void router.navigate({ href: redirect ?? '/', replace: true }),
      onError: (error) => errors.showApiError(error, form.current),
    });
  };

  return (
    <AuthLayout
      title={<Trans>Log in</Trans>}
      subtitle={<Trans>Welcome back to Beacon</Trans>}
      footer={
        <p>
          <Trans>New here?</Trans>{' '}
          <Link to="/register" search={redirect ? { redirect } : {}} className="text-link">
            <Trans>Register</Trans>
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
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            errors.clear('password');
          }}
          error={errors.message('password')}
        />
        <div className="form__row form__row--end">
          <Link to="/reset" className="text-link">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {t`Log in`}
        </button>
      </form>
    </AuthLayout>
  );
}
