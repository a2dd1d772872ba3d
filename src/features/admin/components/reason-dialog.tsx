import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Dialog } from '#ui/dialog';
import { TextAreaField } from '#ui/form-fields';

/** Asks why, before a rejection: the reason is required and goes to the user or the maker. */
export function ReasonDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitLabel,
}: {
  open: boolean;
  title: string;
  /** The confirming button's words; by default "Reject". */
  submitLabel?: string;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    onSubmit(reason.trim());
    setReason('');
  };
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <form noValidate onSubmit={submit} className="admin-reason">
        <TextAreaField
          label={t`Reason`}
          className="admin-reason__text"
          maxLength={200}
          value={reason}
          error={missing ? t`Give a reason` : undefined}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
        />
        <div className="admin-actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button--primary">
            {submitLabel ?? t`Reject`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
