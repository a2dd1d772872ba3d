import { Trans, useLingui } from '@lingui/react/macro';

/** Previous and next page of a console list (the page lives in the URL). */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  const shown = page + 1;
  return (
    <nav className="admin-pager" aria-label={t`Pages`}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        <Trans>Previous</Trans>
      </button>
      <span>
        <Trans>
          Page {shown} of {pages}
        </Trans>
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={shown >= pages}
        onClick={() => onPage(page + 1)}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
