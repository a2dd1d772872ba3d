import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { loginRequestSchema } from '#contract/auth';
import { getUserPhone } from '#lib/session';
import { useFieldErrors } from '#lib/use-field-errors';
import { defaultAreaCode, splitUsername } from '../area-codes';
import { useLoginMutation } from '../auth.mutations';
import { AuthLayout } from './auth-layout';
import { PasswordInput } from './password-input';
import { PhoneFields, type Tel } from './phone-fields';

const FIELDS = ['areaCode', 'phone', 'password'] as const;

export function LoginPage({ redirect }: { redirect: string | undefined }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const saved = splitUsername(getUserPhone());
  const [tel, setTel] = useState<Tel>({
    areaCode: saved?.areaCode ?? defaultAreaCode(i18n.locale),
    phone: saved?.phone ?? '',
  });
  const [password, setPassword] = useState('');
  const errors = useFieldErrors(FIELDS);
  const login = useLoginMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(loginRequestSchema, { ...tel, password }, form.current);
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
        <PhoneFields value={tel} onChange={setTel} errors={errors} />
        <PasswordInput current label={t`Password`} value={password} onChange={setPassword} errors={errors} />
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
