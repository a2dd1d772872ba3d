import type { ReactNode } from 'react';
import { EmptyBoxIcon } from './icons';

export function EmptyState({
  title,
  children,
  action,
  picture,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Replaces the default box icon, e.g. the no-data picture of lists. */
  picture?: ReactNode;
}) {
  return (
    <section className="empty-state">
      {picture ?? <EmptyBoxIcon size={72} className="empty-state__icon" />}
      <h2 className="empty-state__title">{title}</h2>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </section>
  );
}
