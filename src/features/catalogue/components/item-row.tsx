import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

interface ItemRowProps {
  name: string;
  logo: string;
  pinned: boolean;
  /** What a tap on the row does, said for screen readers (the row itself shows only the item). */
  openLabel: string;
  onOpen: () => void;
  /** The lines under the name: the intro, the rate... */
  children: ReactNode;
  /** Apply, view and pin. */
  actions: ReactNode;
}

/** A row of a catalogue list (spec section 2): logo, name with its Top tag, details; the actions beside. */
export function ItemRow({ name, logo, pinned, openLabel, onOpen, children, actions }: ItemRowProps) {
  const { t } = useLingui();
  return (
    <article className="item-row">
      <button type="button" className="item-row__main" onClick={onOpen} aria-label={openLabel}>
        <img className="item-row__logo" src={logo} alt="" width={56} height={56} loading="lazy" />
        <span className="item-row__text">
          <span className="item-row__name">
            {pinned ? <span className="tag tag--pinned">{t`Top`}</span> : null}
            <span className="item-row__title">{name}</span>
          </span>
          {children}
        </span>
      </button>
      {actions}
    </article>
  );
}
