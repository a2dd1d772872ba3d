import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminAuditExportCall } from '#contract/admin/audit';
import { api } from '#lib/api-client';
import { toast } from '#lib/toast';
import { type AuditFilters, adminQueries } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable } from './admin-table';
import { SearchForm } from './search-form';

/** Saves a downloaded file under its name (an object URL on a transient link). */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The audit log (issue 16): who did what, from where, before and after, newest first; filtered by action
 * (in the URL) and exported as CSV.
 */
export function AuditPage({ filters, onFilters }: FilteredPageProps<AuditFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.audit(filters));
  const [exporting, setExporting] = useState(false);

  /** An action as the log writes it: lower case, letters, underscores and dots. */
  const search = (typed: string) =>
    onFilters({
      action: typed
        .trim()
        .toLowerCase()
        .replace(/[^a-z_.]/g, ''),
      page: 0,
    });
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await api.getBlob(adminAuditExportCall.path, { action: filters.action });
      save(blob, filename ?? 'audit.csv');
    } catch {
      toast.negative(t`The export failed, try again`);
    } finally {
      setExporting(false);
    }
  };
  const when = (at: number) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'medium' });

  return (
    <AdminSection id="audit" title={<Trans>Audit log</Trans>}>
      <SearchForm
        label={t`Action (or its start, e.g. banner.)`}
        name="action"
        initial={filters.action}
        onSearch={search}
        submitLabel={<Trans>Filter</Trans>}
        after={
          <button type="button" className="button button--secondary" disabled={exporting} onClick={exportCsv}>
            <Trans>Export CSV</Trans>
          </button>
        }
      />
      <AdminTable
        list={list}
        rowKey={(e) => e.id}
        empty={<Trans>No entries</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...filters, page })}
        columns={[
          { header: t`When`, cell: (e) => when(e.at) },
          // A domain is one word: broken mid-word ("local-host") it reads as two.
          { header: t`Site`, cell: (e) => e.site ?? t`Every site`, className: 'admin-table__words' },
          {
            header: t`Who`,
            cell: (e) => (
              <>
                {e.actorUid === null ? t`Command line` : `UID ${e.actorUid}`}
                <span className="admin-table__note"> · {e.ip}</span>
              </>
            ),
          },
          { header: t`Action`, cell: (e) => e.action },
          {
            header: t`Record`,
            cell: (e) => (
              <>
                {e.resource} {e.recordId}
              </>
            ),
          },
          {
            header: t`Change`,
            cell: (e) => (
              <details>
                <summary>{t`Before and after`}</summary>
                <pre className="admin-audit__json">
                  {e.before ?? '—'}
                  {'\n→\n'}
                  {e.after ?? '—'}
                </pre>
              </details>
            ),
          },
        ]}
      />
    </AdminSection>
  );
}
