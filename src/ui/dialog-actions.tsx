import type { ReactNode } from 'react';
import './dialog.css';

export interface DialogAction {
  label: ReactNode;
  /** The button's look: ghost for the way out, primary or danger for what the dialog is for. */
  variant: 'ghost' | 'primary' | 'danger';
  onClick?: () => void;
  disabled?: boolean;
  /** A submit button names the form it submits (a dialog's form lives in its body, the buttons in its footer). */
  submits?: string;
}

/** A dialog footer's buttons, side by side: cancel first, then the dialog's own action. */
export function DialogActions({ actions }: { actions: readonly DialogAction[] }) {
  return (
    <div className="dialog__actions">
      {actions.map(({ label, variant, onClick, disabled, submits }) => (
        <button
          key={variant}
          type={submits ? 'submit' : 'button'}
          form={submits}
          className={`button button--${variant}`}
          disabled={disabled}
          onClick={onClick}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
