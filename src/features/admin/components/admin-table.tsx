import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Page } from '#contract/paging';
import { EmptyState } from '#ui/empty-state';
import { SkeletonRows } from '#ui/skeleton';
import { Pager } from './pager';

/** One column: its header, and its cell for a row (the header also labels the cell on a phone's card). */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A console list (issue 16): loading rows, an empty state, or a table (cards on a phone: each cell shows its
 * header) with previous and next pages. The page lives in the URL; the caller passes it and its change.
 */
export function AdminTable<T>({
  list,
  columns,
  rowKey,
  empty,
  page,
  onPage,
}: {
  list: { isPending: boolean; data?: Page<T> | undefined };
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  empty: ReactNode;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  if (list.isPending) return <SkeletonRows label={t`Loading`} />;
  if (!list.data || list.data.content.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.data.content.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header} data-label={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} pages={list.data.totalPages} onPage={onPage} />
    </>
  );
}

/** A row's Edit button, named by the record it opens. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="button button--secondary" aria-label={t`Edit ${name}`} onClick={onClick}>
      <Trans>Edit</Trans>
    </button>
  );
}

/** A pending row's two answers: the primary one (release, approve) first, then the other. */
export function DecisionButtons({
  yes,
  no,
  onYes,
  onNo,
}: {
  yes: ReactNode;
  no: ReactNode;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <div className="admin-actions">
      <button type="button" className="button button--primary" onClick={onYes}>
        {yes}
      </button>
      <button type="button" className="button button--secondary" onClick={onNo}>
        {no}
      </button>
    </div>
  );
}
