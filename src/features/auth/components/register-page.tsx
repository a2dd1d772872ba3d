import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { registerRequestSchema } from '../../../contract/auth';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { TextField } from '../../../ui/form-fields';
import { defaultAreaCode } from '../area-codes';
import { useRegisterMutation } from '../auth.mutations';
import { AuthLayout } from './auth-layout';
import { CodeField } from './code-field';
import { PasswordInput } from './password-input';
import { PhoneFields, type Tel } from './phone-fields';

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
  const [tel, setTel] = useState<Tel>({ areaCode: defaultAreaCode(i18n.locale), phone: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(invite ?? '');
  const errors = useFieldErrors(FIELDS);
  const register = useRegisterMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values = { ...tel, password, code, inviteCode: inviteCode.trim() || undefined };
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
        <PhoneFields value={tel} onChange={setTel} errors={errors} />
        <CodeField purpose="register" tel={tel} value={code} onChange={setCode} errors={errors} form={form} />
        <PasswordInput label={t`Password`} value={password} onChange={setPassword} errors={errors} />
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
