import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import {
  type ChannelTransferRequest,
  channelTransferRequestSchema,
  type LobbyChannel,
} from '#contract/games';
import { formatMoney, fromMinorUnits, parseTypedAmount } from '#lib/money';
import { useContractForm } from '#lib/use-contract-form';
import { Dialog } from '#ui/dialog';
import { DialogActions } from '#ui/dialog-actions';
import { TextField } from '#ui/form-fields';
import { useChannelTransferMutation } from '../games.mutations';
import { transferAmountInput } from '../games-values';

export type TransferDirection = ChannelTransferRequest['direction'];

export interface TransferOutcome {
  direction: TransferDirection;
  amount: number;
  /** The provider's answer was lost: the move is being confirmed. */
  pending: boolean;
}

/**
 * "Move in" / "Move out" of a transfer channel: the amount typed the locale's way and checked like the
 * wallet's forms (required, a correct amount, at most what there is to move), the contract's codes shown
 * under the field with the wallet's messages; the submit button waits while the move is under way.
 */
export function ChannelTransferDialog({
  channel,
  direction,
  available,
  onDone,
  onClose,
}: {
  channel: LobbyChannel;
  direction: TransferDirection;
  /** What there is to move: the main withdrawable balance in, the channel's balance out (when known). */
  available: number | undefined;
  onDone: (outcome: TransferOutcome) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const name = channel.name;
  const form = useContractForm({
    initial: { amount: '' },
    schema: channelTransferRequestSchema,
    toInput: ({ amount }) => {
      const read = transferAmountInput(amount, i18n.locale, available);
      return {
        input: { channel: channel.code, direction, amount: read.amount },
        issues: read.issue ? { amount: read.issue } : {},
      };
    },
    send: useChannelTransferMutation(),
    onSuccess: (answer) => {
      const amount = transferAmountInput(form.values.amount, i18n.locale, undefined).amount ?? 0;
      onDone({ direction, amount, pending: answer.state === 'pending' });
    },
  });

  const typed = parseTypedAmount(form.values.amount, i18n.locale);
  const understood = 'minor' in typed ? formatMoney(fromMinorUnits(typed.minor)) : null;
  const availableText = available === undefined ? '–' : formatMoney(available);
  const title = direction === 'in' ? t`Move into ${name}` : t`Move out of ${name}`;

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      persistent={form.pending}
      footer={
        <DialogActions
          actions={[
            { label: t`Cancel`, variant: 'ghost', onClick: onClose, disabled: form.pending },
            {
              label:
                direction === 'in'
                  ? t({ message: 'Move in', context: 'game channel' })
                  : t({ message: 'Move out', context: 'game channel' }),
              variant: 'primary',
              submits: formId,
              disabled: form.pending,
            },
          ]}
        />
      }
    >
      <form id={formId} {...form.props} className="form">
        <p className="dialog__text">
          {direction === 'in' ? t`Withdrawable` : t`In ${name}`}{' '}
          <strong className="tabular" data-testid="transfer-available">
            {availableText}
          </strong>
        </p>
        <TextField
          label={t`Amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          name="amount"
          value={form.values.amount}
          onChange={(event) => form.set('amount', event.target.value)}
          error={form.message('amount')}
          hint={
            understood ? (
              <span data-testid="amount-understood">
                {direction === 'in'
                  ? t`You will move ${understood} into ${name}`
                  : t`You will move ${understood} out of ${name}`}
              </span>
            ) : undefined
          }
        />
        {form.pending ? (
          <p className="dialog__text" role="status">
            {t`Moving the money…`}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
