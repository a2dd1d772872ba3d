import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { forgotPasswordRequestSchema } from '#contract/auth';
import { toast } from '#lib/toast';
import { useResetPasswordMutation } from '../auth.mutations';
import { AuthLayout } from './auth-layout';
import { CodeField } from './code-field';
import { PasswordInput } from './password-input';
import { PhoneFields } from './phone-fields';
import { usePhoneCodeForm } from './use-phone-code-form';

const FIELDS = ['areaCode', 'phone', 'code', 'password'] as const;

export function ResetPage() {
  const { t } = useLingui();
  const router = useRouter();
  const { form, tel, setTel, code, setCode, password, setPassword, errors } = usePhoneCodeForm(FIELDS);
  const reset = useResetPasswordMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.validate(forgotPasswordRequestSchema, { ...tel, code, password }, form.current);
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
        <PhoneFields value={tel} onChange={setTel} errors={errors} />
        <CodeField purpose="reset" tel={tel} value={code} onChange={setCode} errors={errors} form={form} />
        <PasswordInput label={t`New password`} value={password} onChange={setPassword} errors={errors} />
        <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
          {t`Reset password`}
        </button>
      </form>
    </AuthLayout>
  );
}
