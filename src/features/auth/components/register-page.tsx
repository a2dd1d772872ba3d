import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { registerRequestSchema } from '#contract/auth';
import { TextField } from '#ui/form-fields';
import { useRegisterMutation } from '../auth.mutations';
import { AuthLayout } from './auth-layout';
import { CodeField } from './code-field';
import { PasswordInput } from './password-input';
import { PhoneFields } from './phone-fields';
import { usePhoneCodeForm } from './use-phone-code-form';

const FIELDS = ['areaCode', 'phone', 'code', 'password', 'inviteCode'] as const;

export function RegisterPage({
  redirect,
  invite,
  link,
  preset,
}: {
  redirect: string | undefined;
  invite: string | undefined;
  /** A registration link's code (agent programme): sent with the form, which binds with its preset. */
  link?: string | undefined;
  /** What the link presets, composed by the route (shown above the form). */
  preset?: ReactNode;
}) {
  const { t } = useLingui();
  const router = useRouter();
  const { form, tel, setTel, code, setCode, password, setPassword, errors } = usePhoneCodeForm(FIELDS);
  const [inviteCode, setInviteCode] = useState(invite ?? '');
  const register = useRegisterMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typedCode = inviteCode.trim() || undefined;
    // The link binds to its own agent: a code typed over it is a code of its own, without the link.
    const values = {
      ...tel,
      password,
      code,
      inviteCode: typedCode,
      link: typedCode === invite ? link : undefined,
    };
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
      {preset}
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        <PhoneFields value={tel} onChange={setTel} errors={errors} />
        <CodeField purpose="register" tel={tel} value={code} onChange={setCode} errors={errors} form={form} />
        <PasswordInput label={t`Password`} value={password} onChange={setPassword} errors={errors} />
        <TextField
          label={t`Invite code (optional)`}
          autoComplete="off"
          autoCapitalize="characters"
          {...errors.input('inviteCode', inviteCode, setInviteCode)}
        />
        <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
          {t`Register`}
        </button>
      </form>
    </AuthLayout>
  );
}
