import { useLingui } from '@lingui/react/macro';
import { type SendSmsRequest, SMS_RESEND_SECONDS, type SmsPurpose } from '#contract/auth';
import { ApiError } from '#lib/api-client';
import { toast } from '#lib/toast';
import { useSendPasswordCodeMutation, useSendSmsMutation } from '../auth.mutations';
import { useCountdown } from '../use-countdown';

/** Where the code goes: a phone typed in the form (checked first), or the signed-in user's own phone. */
export type CodeTarget =
  | {
      purpose: SmsPurpose;
      areaCode: string;
      phone: string;
      /** Runs the form's own phone validation; answers the request to send (the national number), or null to stop. */
      validatePhone: (values: {
        areaCode: string;
        phone: string;
        purpose: SmsPurpose;
      }) => SendSmsRequest | null;
    }
  | { purpose: 'password' };

type SendCodeButtonProps = CodeTarget & { onApiError: (error: unknown) => void };

/** "Send code", then a countdown until the server lets us send again. */
export function SendCodeButton({ onApiError, ...target }: SendCodeButtonProps) {
  const { t } = useLingui();
  const { remaining, start } = useCountdown(target.purpose);
  const sms = useSendSmsMutation();
  const own = useSendPasswordCodeMutation();

  const onClick = () => {
    const handlers = {
      onSuccess: ({ cooldownSeconds }: { cooldownSeconds: number }) => {
        start(cooldownSeconds || SMS_RESEND_SECONDS);
        toast.positive(t`Verification code sent`);
      },
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.retryAfter) start(error.retryAfter);
        onApiError(error);
      },
    };
    if (target.purpose === 'password') return own.mutate(undefined, handlers);
    const { purpose, areaCode, phone } = target;
    const body = target.validatePhone({ areaCode, phone, purpose });
    if (body) sms.mutate(body, handlers);
  };

  const waiting = remaining > 0;
  const pending = sms.isPending || own.isPending;
  return (
    <button
      type="button"
      className="button button--secondary field__addon"
      onClick={onClick}
      disabled={waiting || pending}
      aria-busy={pending || undefined}
    >
      {/* The name always starts with "Send code"; the wait is appended, not swapped in. */}
      {t`Send code`}
      {waiting ? <span className="field__countdown"> ({t`${remaining}s`})</span> : null}
    </button>
  );
}
