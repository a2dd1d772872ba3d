import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '#lib/money';
import { EmptyState } from '#ui/empty-state';
import { adminQueries } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable } from './admin-table';
import { SiteEditor } from './site-editor';

/** The site being edited, by its domain, or a new one's form; absent: the list only. */
export interface SiteFilters {
  edit?: string | undefined;
  create?: boolean | undefined;
}

/** The sites of the operator's grants (issue 16): their names, colour and limits, and the form of one. */
export function SitesPage({ filters, onFilters }: FilteredPageProps<SiteFilters>) {
  const { t } = useLingui();
  const list = useQuery(adminQueries.siteSettings());
  const session = useQuery(adminQueries.session());
  // Creating a site is for an administrator of every site (the server checks it again).
  const mayCreate = session.data?.grants.some((g) => g.role === 'administrator' && g.site === null) ?? false;
  const template = list.data?.content[0];
  const editing =
    filters.edit === undefined ? undefined : list.data?.content.find((s) => s.domain === filters.edit);
  return (
    <AdminSection id="sites" title={<Trans>Sites</Trans>}>
      {mayCreate && !filters.create ? (
        <div className="admin-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => onFilters({ create: true })}
          >
            <Trans>New site</Trans>
          </button>
        </div>
      ) : null}
      {filters.create && mayCreate && template ? (
        <SiteEditor key="new" site={template} creating onClose={() => onFilters({})} />
      ) : null}
      {filters.edit === undefined || list.isPending ? null : editing ? (
        <SiteEditor key={editing.domain} site={editing} onClose={() => onFilters({})} />
      ) : (
        <EmptyState title={<Trans>No such site</Trans>} />
      )}
      <AdminTable
        list={list}
        rowKey={(s) => s.domain}
        empty={<Trans>No sites</Trans>}
        page={0}
        onPage={() => undefined}
        columns={[
          {
            header: t`Site`,
            cell: (s) => (
              <span className="admin-site">
                <span className="admin-swatch" style={{ background: s.themeColor }} aria-hidden="true" />
                {`${s.name} (${s.domain})`}
              </span>
            ),
          },
          {
            header: t`Withdrawals`,
            cell: (s) => `${formatMoney(s.minWithdraw)} – ${formatMoney(s.maxWithdraw)}`,
          },
          { header: t`Second operator above`, cell: (s) => formatMoney(s.reviewThreshold) },
          {
            header: t`Actions`,
            cell: (s) => (
              <button
                type="button"
                className="button button--secondary"
                aria-label={t`Edit ${s.domain}`}
                onClick={() => onFilters({ edit: s.domain })}
              >
                <Trans>Edit</Trans>
              </button>
            ),
          },
        ]}
      />
    </AdminSection>
  );
}
