import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { AdminBanner } from '../../../contract/banner-admin';
import { LOCALE_NAMES } from '../../../lib/i18n';
import { EmptyState } from '../../../ui/empty-state';
import { SkeletonRows } from '../../../ui/skeleton';
import { adminQueries } from '../admin.queries';
import { BannerEditor } from './banner-editor';
import { Pager } from './pager';

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
      {list.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : !list.data || list.data.content.length === 0 ? (
        <EmptyState title={<Trans>No banners yet</Trans>} />
      ) : (
        <>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t`Picture`}</th>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Site`}</th>
                <th scope="col">{t`Languages`}</th>
                <th scope="col">{t`On home`}</th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.content.map((b) => (
                <tr key={b.id}>
                  <td data-label={t`Picture`}>
                    <img className="admin-banner__thumb" src={b.picUrl} alt="" width={150} height={49} />
                  </td>
                  <td data-label={t`Name`}>{defaultName(b)}</td>
                  <td data-label={t`Site`}>{b.site ?? t`Every site`}</td>
                  <td data-label={t`Languages`}>
                    {Object.keys(b.texts)
                      .map((l) => LOCALE_NAMES[l as keyof typeof LOCALE_NAMES] ?? l)
                      .join(', ')}
                  </td>
                  <td data-label={t`On home`}>{b.enabled ? t`Shown` : t`Hidden`}</td>
                  <td data-label={t`Actions`}>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t`Edit ${defaultName(b)}`}
                      onClick={() => onFilters({ ...filters, edit: b.id })}
                    >
                      <Trans>Edit</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={filters.page} pages={list.data.totalPages} onPage={(page) => onFilters({ page })} />
        </>
      )}
    </section>
  );
}
