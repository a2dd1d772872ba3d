import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { AdminBanner } from '#contract/admin/banner';
import { adminQueries } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable, EditButton } from './admin-table';
import { BannerEditor } from './banner-editor';
import { type Editing, EditingSlot } from './editing-slot';
import { languageNames } from './locale-texts';

/** `new`: the form of a new banner; a number: that banner's form; absent: the list only. */
export interface BannerFilters {
  page: number;
  edit?: Editing;
}

const defaultName = (b: AdminBanner) => b.texts[b.defaultLocale as keyof AdminBanner['texts']]?.name ?? '';

/**
 * The home carousel's banners (issue 16): the list by sort order, and the form of the one being edited
 * (its id in the URL), with its texts and a picture per language.
 */
export function BannersPage({ filters, onFilters }: FilteredPageProps<BannerFilters>) {
  const { t } = useLingui();
  const list = useQuery(adminQueries.banners(filters.page));

  return (
    <AdminSection id="banners" title={<Trans>Banners</Trans>}>
      <EditingSlot
        edit={filters.edit}
        list={list}
        newLabel={<Trans>New banner</Trans>}
        missing={<Trans>No such banner</Trans>}
        onNew={() => onFilters({ ...filters, edit: 'new' })}
        editor={(banner) => (
          <BannerEditor
            key={banner?.id ?? 'new'}
            banner={banner}
            onCreated={(created) => onFilters({ ...filters, edit: created.id })}
            onClose={() => onFilters({ page: filters.page })}
          />
        )}
      />
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
          { header: t`Languages`, cell: (b) => languageNames(Object.keys(b.texts)) },
          { header: t`On home`, cell: (b) => (b.enabled ? t`Shown` : t`Hidden`) },
          {
            header: t`Actions`,
            cell: (b) => (
              <EditButton name={defaultName(b)} onClick={() => onFilters({ ...filters, edit: b.id })} />
            ),
          },
        ]}
      />
    </AdminSection>
  );
}
