import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { type DialogAction, DialogActions } from './dialog-actions';

interface ConfirmDialogProps {
  /** Open unless said otherwise (a dialog mounted only while it is wanted). */
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  /** What the dialog is for (Promote, Save, Delete); Cancel before it closes the dialog. */
  action: DialogAction & { variant: 'primary' | 'danger' };
  children: ReactNode;
}

/** A dialog that asks before one action: Cancel, or the action. */
export function ConfirmDialog({ open = true, title, onClose, action, children }: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      footer={<DialogActions actions={[{ label: t`Cancel`, variant: 'ghost', onClick: onClose }, action]} />}
    >
      {children}
    </Dialog>
  );
}
