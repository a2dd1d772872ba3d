import { useLingui } from '@lingui/react/macro';
import { type SendSmsRequest, SMS_RESEND_SECONDS, type SmsPurpose } from '#contract/auth';
import { ApiError } from '#lib/api-client';
import { toast } from '#lib/toast';
import { useSendSmsMutation } from '../auth.mutations';
import { useCountdown } from '../use-countdown';

interface SendCodeButtonProps {
  purpose: SmsPurpose;
  areaCode: string;
  phone: string;
  /** Runs the form's own phone validation; answers the request to send (the national number), or null to stop. */
  validatePhone: (values: { areaCode: string; phone: string; purpose: SmsPurpose }) => SendSmsRequest | null;
  onApiError: (error: unknown) => void;
}

/** "Send code", then a countdown until the server lets us send again. */
export function SendCodeButton({ purpose, areaCode, phone, validatePhone, onApiError }: SendCodeButtonProps) {
  const { t } = useLingui();
  const { remaining, start } = useCountdown(purpose);
  const send = useSendSmsMutation();

  const onClick = () => {
    const body = validatePhone({ areaCode, phone, purpose });
    if (!body) return;
    send.mutate(body, {
      onSuccess: ({ cooldownSeconds }) => {
        start(cooldownSeconds || SMS_RESEND_SECONDS);
        toast.positive(t`Verification code sent`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.retryAfter) start(error.retryAfter);
        onApiError(error);
      },
    });
  };

  const waiting = remaining > 0;
  return (
    <button
      type="button"
      className="button button--secondary field__addon"
      onClick={onClick}
      disabled={waiting || send.isPending}
      aria-busy={send.isPending || undefined}
    >
      {/* The name always starts with "Send code"; the wait is appended, not swapped in. */}
      {t`Send code`}
      {waiting ? <span className="field__countdown"> ({t`${remaining}s`})</span> : null}
    </button>
  );
}
