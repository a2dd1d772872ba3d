import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { totpRequestSchema } from '#contract/admin/operators';
import { useFieldErrors } from '#lib/use-field-errors';
import { TextField } from '#ui/form-fields';
import { QrCode } from '#ui/qr-code';
import { useEnrolMutation, useTotpMutation } from '../admin.mutations';

/**
 * The operator's second factor (decision 0024): the code of their authenticator app. On the first sign-in
 * (`enrol`) the secret is shown once, as a QR code and as text, until its first code confirms it.
 */
export function SecondFactor({ enrol }: { enrol: boolean }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const errors = useFieldErrors(['code'] as const);
  const totp = useTotpMutation();
  const enrolment = useEnrolMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = errors.validate(totpRequestSchema, { code }, form.current);
    if (!input) return;
    totp.mutate(input.code, { onError: (error) => errors.showApiError(error, form.current) });
  };

  return (
    <section className="admin-factor" aria-labelledby="admin-factor-title">
      <h2 id="admin-factor-title" className="admin-factor__title">
        <Trans>Second factor</Trans>
      </h2>
      {enrol ? (
        enrolment.data ? (
          <div className="admin-factor__enrol">
            <p>
              <Trans>
                Scan this code with your authenticator app, or type the key. It is shown only until you
                confirm it.
              </Trans>
            </p>
            <QrCode value={enrolment.data.uri} size={168} label={t`QR code of your authenticator key`} />
            <p className="admin-factor__secret">
              <Trans>Key:</Trans> <code>{enrolment.data.secret}</code>
            </p>
          </div>
        ) : (
          <div className="admin-factor__enrol">
            <p>
              <Trans>Set up an authenticator app for your operator account first.</Trans>
            </p>
            <button type="button" className="button button--secondary" onClick={() => enrolment.mutate()}>
              <Trans>Show my key</Trans>
            </button>
          </div>
        )
      ) : (
        <p>
          <Trans>Enter the 6-digit code your authenticator app shows for Beacon.</Trans>
        </p>
      )}
      <form ref={form} noValidate onSubmit={submit} className="admin-factor__form">
        <TextField
          name="code"
          label={t`Authenticator code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={errors.message('code')}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, ''));
            errors.clear('code');
          }}
        />
        <button type="submit" className="button button--primary" disabled={totp.isPending}>
          <Trans>Continue</Trans>
        </button>
      </form>
    </section>
  );
}
