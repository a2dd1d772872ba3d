import { useLingui } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { SkeletonRows } from './skeleton';
import './inbox.css';

/**
 * What the messages and the notice centre show alike: a list of rows (unread mark, title, preview, time)
 * and one item in full. They know no feature: each feature hands in its own words, times and links, and
 * keeps its queries.
 */
export interface InboxItem {
  title: string;
  /** The moment the item is dated by (epoch ms), for the `<time>`'s machine-readable value. */
  at: number;
  /** The same moment as the feature words it. */
  time: string;
  body: string;
}

/** A list of rows on one card; each row is an `<li>` around the feature's link. */
export function InboxList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="inbox-list" aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * A row's class for the feature's link (`<Link className={inboxRowClass()} data-unread={...}>`): on the
 * card of `InboxList`, or, `divided`, a row standing alone (in a virtual list) with its own ground.
 */
export const inboxRowClass = (divided = false): string =>
  divided ? 'inbox-row inbox-row--divided' : 'inbox-row';

/** A row's content: the unread mark (named for screen readers), the title, a two-line preview, the time. */
export function InboxRowContent({
  unread,
  item,
  preview = true,
}: {
  unread: boolean;
  item: InboxItem;
  /** Off where the body already is the title (a notice without one). */
  preview?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <span className="inbox-row__head">
        {unread ? (
          <span className="inbox-row__dot">
            <span className="visually-hidden">{t`Unread`}</span>
          </span>
        ) : null}
        <span className="inbox-row__title">{item.title}</span>
      </span>
      {preview ? <span className="inbox-row__body">{item.body}</span> : null}
      <time className="inbox-row__time" dateTime={new Date(item.at).toISOString()}>
        {item.time}
      </time>
    </>
  );
}

/** One item in full; while it loads, a skeleton; when it is not there, what the feature says (`gone`). */
export function InboxDetail({
  item,
  pending,
  gone,
}: {
  item: InboxItem | undefined;
  pending: boolean;
  /** What shows when the item is not there (deleted, withdrawn): why, and the way to the whole list. */
  gone: { title: ReactNode; text?: ReactNode; list: { to: LinkProps['to']; label: ReactNode } };
}) {
  const { t } = useLingui();
  if (item)
    return (
      <article className="inbox-view">
        <h2 className="inbox-view__title">{item.title}</h2>
        <time className="inbox-view__time" dateTime={new Date(item.at).toISOString()}>
          {item.time}
        </time>
        <p className="inbox-view__body">{item.body}</p>
      </article>
    );
  if (pending) return <SkeletonRows count={1} label={t`Loading`} />;
  return (
    <EmptyState
      title={gone.title}
      action={
        <Link to={gone.list.to} className="button button--primary">
          {gone.list.label}
        </Link>
      }
    >
      {gone.text}
    </EmptyState>
  );
}
