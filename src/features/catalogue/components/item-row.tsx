import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';

interface ItemRowProps {
  name: string;
  logo: string;
  pinned: boolean;
  /**
   * What a tap on the row does, said to screen readers after the row's own text. The row's name stays
   * the text it shows (WCAG 2.5.3, label in name), so "open Dance challenge" works by voice too.
   */
  openHint: string;
  onOpen: () => void;
  /** The lines under the name: the intro, the rate... */
  children: ReactNode;
  /** Apply, view and pin. */
  actions: ReactNode;
}

/** A row of a catalogue list (spec section 2): logo, name with its Top tag, details; the actions beside. */
export function ItemRow({ name, logo, pinned, openHint, onOpen, children, actions }: ItemRowProps) {
  const { t } = useLingui();
  const hintId = useId();
  return (
    <article className="item-row">
      <button type="button" className="item-row__main" onClick={onOpen} aria-describedby={hintId}>
        <img className="item-row__logo" src={logo} alt="" width={56} height={56} loading="lazy" />
        <span className="item-row__text">
          <span className="item-row__name">
            {pinned ? <span className="tag tag--pinned">{t`Top`}</span> : null}
            {/* Two lines at most on screen; the whole name is in the row's accessible name. */}
            <span className="item-row__title">{name}</span>
          </span>
          {children}
        </span>
      </button>
      <span id={hintId} hidden>
        {openHint}
      </span>
      {actions}
    </article>
  );
}
