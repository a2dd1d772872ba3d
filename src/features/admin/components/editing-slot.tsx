import type { ReactNode } from 'react';
import type { Page } from '#contract/paging';
import { EmptyState } from '#ui/empty-state';

/** Which record a list's form edits: `new`, a record's id (both in the URL), or none (the list only). */
export type Editing = 'new' | number | undefined;

/**
 * Above a console list: the button that opens a new record's form, or the form of the one being edited
 * (`null` for a new one), found in the page shown; nothing while it loads, and `missing` when not there.
 */
export function EditingSlot<T extends { id: number }>({
  edit,
  list,
  newLabel,
  missing,
  onNew,
  editor,
}: {
  edit: Editing;
  list: { isPending: boolean; data?: Page<T> | undefined };
  newLabel: ReactNode;
  missing: ReactNode;
  onNew: () => void;
  editor: (record: T | null) => ReactNode;
}) {
  if (edit === undefined)
    return (
      <button type="button" className="button button--primary" onClick={onNew}>
        {newLabel}
      </button>
    );
  const editing = edit === 'new' ? null : list.data?.content.find((r) => r.id === edit);
  if (editing !== undefined) return editor(editing);
  return list.isPending ? null : <EmptyState title={missing} />;
}
