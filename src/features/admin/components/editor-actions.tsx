import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A console form's buttons: submit (Save unless told otherwise), held while saving, and Close. */
export function EditorActions({
  saving,
  onClose,
  submitLabel,
}: {
  saving: boolean;
  onClose: () => void;
  submitLabel?: ReactNode;
}) {
  return (
    <div className="admin-actions">
      <button type="submit" className="button button--primary" disabled={saving}>
        {submitLabel ?? <Trans>Save</Trans>}
      </button>
      <button type="button" className="button button--secondary" onClick={onClose}>
        <Trans>Close</Trans>
      </button>
    </div>
  );
}
