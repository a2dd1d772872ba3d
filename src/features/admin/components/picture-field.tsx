import { useLingui } from '@lingui/react/macro';
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '#ui/dialog';
import { DialogActions } from '#ui/dialog-actions';

/**
 * An uploaded picture's field in the console (a banner's picture in one language, a site's icon): what
 * shows now, a file field that uploads on choosing, and, when there is one of its own, a remove button with
 * a confirmation. The caller owns the calls and the problem's words; once a removal succeeded, focus moves
 * to the file field (the remove button is gone).
 */
export function PictureField({
  label,
  name,
  preview,
  className = '',
  problem,
  busy,
  removable,
  removeLabel,
  removeAriaLabel,
  confirmTitle,
  confirmText,
  onChoose,
  onRemove,
}: {
  label: ReactNode;
  /** The file field's name: the path a form's problems name it by. */
  name?: string;
  preview: ReactNode;
  className?: string;
  problem: string | undefined;
  busy: boolean;
  /** There is a picture of its own to remove. */
  removable: boolean;
  removeLabel: ReactNode;
  removeAriaLabel?: string;
  confirmTitle: string;
  confirmText: ReactNode;
  onChoose: (file: File) => void;
  /** Resolves once removed; rejects (its problem shown by the caller) when refused. */
  onRemove: () => Promise<unknown>;
}) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const focusInput = useRef(false);
  const errorId = `${id}-error`;

  // After the dialog gave focus back (its cleanup runs before this effect) and the field is enabled again.
  useEffect(() => {
    if (confirming || busy || !focusInput.current) return;
    focusInput.current = false;
    input.current?.focus();
  }, [confirming, busy]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChoose(file);
  };
  const cancel = () => setConfirming(false);
  const confirmRemove = async () => {
    setRemoving(true);
    try {
      await onRemove();
      focusInput.current = true;
    } catch {
      // The caller shows why under the field.
    } finally {
      setRemoving(false);
      cancel();
    }
  };

  return (
    <div className={`field ${className} ${problem ? 'field--invalid' : ''}`}>
      {preview}
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={choose}
        disabled={busy}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
      />
      {removable ? (
        <div className="admin-actions">
          <button
            type="button"
            className="button button--danger-outline"
            aria-label={removeAriaLabel}
            aria-describedby={problem ? errorId : undefined}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {removeLabel}
          </button>
        </div>
      ) : null}
      {problem ? (
        <p id={errorId} className="field__error">
          {problem}
        </p>
      ) : null}
      <Dialog
        open={confirming}
        title={confirmTitle}
        onClose={cancel}
        footer={
          <DialogActions
            actions={[
              { label: t`Cancel`, variant: 'ghost', onClick: cancel },
              {
                label: t`Remove`,
                variant: 'danger',
                onClick: () => void confirmRemove(),
                disabled: removing,
              },
            ]}
          />
        }
      >
        <p className="dialog__text">{confirmText}</p>
      </Dialog>
    </div>
  );
}
