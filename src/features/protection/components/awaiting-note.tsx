import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '#lib/money';

/**
 * Orders awaiting payment are not deposited, yet they hold part of every limit until paid or expired
 * (decision 0043): said beside the deposited figures, so a refusal with room apparently left is explained.
 */
export function AwaitingNote({ awaiting }: { awaiting: number }) {
  const { t } = useLingui();
  if (awaiting <= 0) return null;
  const amount = formatMoney(awaiting);
  return (
    <p className="protection-card__text" data-testid="limits-awaiting">
      {t`Orders awaiting payment: ${amount}. They count towards your limits until they are paid or expire.`}
    </p>
  );
}
