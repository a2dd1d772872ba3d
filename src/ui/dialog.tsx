import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** A persistent dialog closes only through its own buttons: not on Escape, not on an outside tap. */
  persistent?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/** A modal dialog: focus moves in, stays in, and returns to where it was when the dialog closes. */
export function Dialog({
  open,
  title,
  onClose,
  persistent = false,
  children,
  footer,
  className,
}: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (!persistent) {
          event.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        node.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || active === node)) {
        event.preventDefault();
        lastItem?.focus();
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault();
        firstItem?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open, persistent]);

  if (!open) return null;
  return createPortal(
    <div className="dialog-layer">
      {/* The backdrop is not a control: keyboard users close with Escape or the dialog's buttons. */}
      <div className="dialog-backdrop" aria-hidden="true" onClick={persistent ? undefined : onClose} />
      <div
        ref={panel}
        className={`dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <DialogBody>{children}</DialogBody>
        {footer ? <div className="dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

/**
 * The dialog's body: it scrolls between the title and the actions, and while it does, it is a tab stop, so a
 * keyboard can scroll it too (axe scrollable-region-focusable). Not before: a short dialog's first stop stays
 * its first control.
 */
function DialogBody({ children }: { children: ReactNode }) {
  const body = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const node = body.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(node.scrollHeight > node.clientHeight);
    const observer = new ResizeObserver(check);
    observer.observe(node);
    for (const child of node.children) observer.observe(child);
    check();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={body} className="dialog__body" tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}
