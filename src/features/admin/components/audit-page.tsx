import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminAuditExportCall } from '#contract/admin/audit';
import { api } from '#lib/api-client';
import { toast } from '#lib/toast';
import { TextField } from '#ui/form-fields';
import { type AuditFilters, adminQueries } from '../admin.queries';
import { AdminTable } from './admin-table';

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
export function AuditPage({
  filters,
  onFilters,
}: {
  filters: AuditFilters;
  onFilters: (next: AuditFilters) => void;
}) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.audit(filters));
  const [typed, setTyped] = useState(filters.action);
  const [exporting, setExporting] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters({
      action: typed
        .trim()
        .toLowerCase()
        .replace(/[^a-z_.]/g, ''),
      page: 0,
    });
  };
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
    <section aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="admin-section__title">
        <Trans>Audit log</Trans>
      </h2>
      <form className="admin-search" onSubmit={submit}>
        <TextField
          label={t`Action (or its start, e.g. banner.)`}
          name="action"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button button--primary">
          <Trans>Filter</Trans>
        </button>
        <button type="button" className="button button--secondary" disabled={exporting} onClick={exportCsv}>
          <Trans>Export CSV</Trans>
        </button>
      </form>
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
    </section>
  );
}
