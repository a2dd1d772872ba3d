import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import type { Launch } from '#contract/games';
import { Dialog } from '#ui/dialog';
import { CloseIcon } from '#ui/icons';
import './games.css';

/**
 * Spec: a full-screen frame dialog shows the provider's game page with the game's name as its title and
 * a close button. Focus starts on the close button and Tab moves between it and the game. Keys pressed
 * in the game never reach this page (another origin): Tab out of the game lands outside the dialog, and
 * focus is brought back to the close button from there.
 */
export function GameFrameDialog({
  launch,
  onClose,
  overlay,
}: {
  launch: Launch;
  onClose: () => void;
  /** Shown over the game (the reality check, composed by the route). */
  overlay?: ReactNode;
}) {
  const { t } = useLingui();
  const close = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const dialog = close.current?.closest('[role="dialog"]');
      if (dialog && event.target instanceof Node && !dialog.contains(event.target)) close.current?.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  // The dialog keeps Tab among its own controls, which an iframe is not one of: from the close button
  // either way is the game.
  const onCloseKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Tab' || !frame.current) return;
    event.preventDefault();
    frame.current.focus();
  };

  return (
    <Dialog open title={launch.name} onClose={onClose} className="dialog--full game-frame">
      <button
        ref={close}
        type="button"
        className="dialog__dark-button game-frame__close"
        onClick={onClose}
        onKeyDown={onCloseKeyDown}
        aria-label={t`Close`}
      >
        <CloseIcon />
      </button>
      <iframe
        ref={frame}
        className="game-frame__frame"
        src={launch.url}
        title={launch.name}
        allow="fullscreen; autoplay"
        // The game runs its own scripts and forms but may not navigate this app away.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="no-referrer"
      />
      {overlay}
    </Dialog>
  );
}
