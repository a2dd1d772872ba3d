import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { NoDataPicture } from './no-data-picture';

/** A searched list that found nothing: the search named, and a way back to the whole list. */
export function NoSearchResults({
  search,
  onClearSearch,
  children,
}: {
  search: string;
  onClearSearch: () => void;
  /** What was searched for, in the list's own words. */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <EmptyState
      picture={<NoDataPicture />}
      title={t`No results for "${search}"`}
      action={
        <button type="button" className="button button--secondary" onClick={onClearSearch}>
          {t`Clear search`}
        </button>
      }
    >
      {children}
    </EmptyState>
  );
}
