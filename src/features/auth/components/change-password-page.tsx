import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { changePasswordRequestSchema } from '#contract/profile';
import { toast } from '#lib/toast';
import { useFieldErrors } from '#lib/use-field-errors';
import { Page } from '#ui/page';
import { useChangePasswordMutation } from '../auth.mutations';
import { CodeField } from './code-field';
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
  const change = useChangePasswordMutation();

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

  return (
    <Page title={t`Change login password`}>
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        <p>{t`We will send a verification code to ${phone}.`}</p>
        <CodeField purpose="password" value={code} onChange={setCode} errors={errors} form={form} />
        <PasswordInput label={t`New password`} value={password} onChange={setPassword} errors={errors} />
        <button type="submit" className="button button--primary button--block" disabled={change.isPending}>
          {t`Change password`}
        </button>
      </form>
    </Page>
  );
}
