import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { AdminBanner } from '#contract/admin/banner';
import { LOCALE_NAMES } from '#lib/i18n';
import { EmptyState } from '#ui/empty-state';
import { adminQueries } from '../admin.queries';
import { AdminTable } from './admin-table';
import { BannerEditor } from './banner-editor';

/** `new`: the form of a new banner; a number: that banner's form; absent: the list only. */
export interface BannerFilters {
  page: number;
  edit?: 'new' | number | undefined;
}

const defaultName = (b: AdminBanner) => b.texts[b.defaultLocale as keyof AdminBanner['texts']]?.name ?? '';

/**
 * The home carousel's banners (issue 16): the list by sort order, and the form of the one being edited
 * (its id in the URL), with its texts and a picture per language.
 */
export function BannersPage({
  filters,
  onFilters,
}: {
  filters: BannerFilters;
  onFilters: (next: BannerFilters) => void;
}) {
  const { t } = useLingui();
  const list = useQuery(adminQueries.banners(filters.page));
  const editing =
    filters.edit === 'new'
      ? null
      : filters.edit === undefined
        ? undefined
        : list.data?.content.find((b) => b.id === filters.edit);
  const close = () => onFilters({ page: filters.page });

  return (
    <section aria-labelledby="admin-banners-title">
      <h2 id="admin-banners-title" className="admin-section__title">
        <Trans>Banners</Trans>
      </h2>
      {filters.edit === undefined ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => onFilters({ ...filters, edit: 'new' })}
        >
          <Trans>New banner</Trans>
        </button>
      ) : editing === undefined && list.isPending ? null : editing === undefined ? (
        <EmptyState title={<Trans>No such banner</Trans>} />
      ) : (
        <BannerEditor
          key={editing?.id ?? 'new'}
          banner={editing}
          onCreated={(created) => onFilters({ ...filters, edit: created.id })}
          onClose={close}
        />
      )}
      <AdminTable
        list={list}
        rowKey={(b) => b.id}
        empty={<Trans>No banners yet</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ page })}
        columns={[
          {
            header: t`Picture`,
            cell: (b) => (
              <img className="admin-banner__thumb" src={b.picUrl} alt="" width={150} height={49} />
            ),
          },
          { header: t`Name`, cell: (b) => defaultName(b) },
          { header: t`Site`, cell: (b) => b.site ?? t`Every site` },
          {
            header: t`Languages`,
            cell: (b) =>
              Object.keys(b.texts)
                .map((l) => LOCALE_NAMES[l as keyof typeof LOCALE_NAMES] ?? l)
                .join(', '),
          },
          { header: t`On home`, cell: (b) => (b.enabled ? t`Shown` : t`Hidden`) },
          {
            header: t`Actions`,
            cell: (b) => (
              <button
                type="button"
                className="button button--secondary"
                aria-label={t`Edit ${defaultName(b)}`}
                onClick={() => onFilters({ ...filters, edit: b.id })}
              >
                <Trans>Edit</Trans>
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}
