import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { type AdminCatalogueItem, catalogueItemLinkRequestSchema } from '#contract/admin/catalogue';
import { CATALOGUE_KINDS, type CatalogueKind } from '#contract/catalogue';
import { toast } from '#lib/toast';
import { Dialog } from '#ui/dialog';
import { DialogActions } from '#ui/dialog-actions';
import { SelectField, TextField } from '#ui/form-fields';
import { useCatalogueLinkMutation } from '../admin.mutations';
import { adminQueries, type CatalogueFilters } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable, EditButton } from './admin-table';
import { CatalogueItemEditor } from './catalogue-item-editor';
import { CheckField } from './check-field';
import { EditingSlot } from './editing-slot';
import { languageNames } from './locale-texts';
import { SearchForm } from './search-form';
import { usePathProblems } from './use-path-problems';

const defaultName = (i: AdminCatalogueItem) =>
  i.texts[i.defaultLocale as keyof AdminCatalogueItem['texts']]?.name ?? '';

/**
 * Both catalogues' items (issue 16): one catalogue at a time, searched by name, mini-games awaiting review
 * on their own; each item's form (in the URL), and the link of a mini-game once upstream has reviewed it.
 */
export function CatalogueItemsPage({ filters, onFilters }: FilteredPageProps<CatalogueFilters>) {
  const { t } = useLingui();
  const list = useQuery(adminQueries.catalogue(filters));
  const [linking, setLinking] = useState<AdminCatalogueItem | null>(null);
  const kindNames: Record<CatalogueKind, string> = { wx: t`Mini-games`, dou: t`Demand tasks` };
  const { edit: _, ...listed } = filters;

  return (
    <AdminSection id="catalogue" title={<Trans>Catalogue items</Trans>}>
      <SearchForm
        label={t`Name`}
        name="q"
        initial={filters.q}
        maxLength={100}
        onSearch={(typed) => onFilters({ ...listed, q: typed.trim(), page: 0 })}
        before={
          <SelectField
            label={t`Catalogue`}
            value={filters.kind}
            onChange={(kind) => onFilters({ kind: kind as CatalogueKind, q: '', review: false, page: 0 })}
            options={CATALOGUE_KINDS.map((k) => ({ value: k, label: kindNames[k] }))}
          />
        }
        after={
          filters.kind === 'wx' ? (
            <CheckField
              label={<Trans>Only those awaiting review</Trans>}
              checked={filters.review}
              onChange={(review) => onFilters({ ...listed, review, page: 0 })}
            />
          ) : null
        }
      />
      <EditingSlot
        edit={filters.edit}
        list={list}
        newLabel={filters.kind === 'wx' ? <Trans>New mini-game</Trans> : <Trans>New demand task</Trans>}
        missing={<Trans>No such item</Trans>}
        onNew={() => onFilters({ ...filters, edit: 'new' })}
        editor={(item) => (
          <CatalogueItemEditor
            key={item?.id ?? 'new'}
            kind={filters.kind}
            item={item}
            onClose={() => onFilters(listed)}
          />
        )}
      />
      <AdminTable
        list={list}
        rowKey={(i) => i.id}
        empty={<Trans>No items found</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...listed, page })}
        columns={[
          { header: t`Name`, cell: defaultName },
          { header: t`Languages`, cell: (i) => languageNames(Object.keys(i.texts)) },
          {
            header: t`State`,
            cell: (i) =>
              [
                i.enabled ? t`Shown` : t`Hidden`,
                ...(i.kind === 'wx' && i.needsReview ? [t`awaiting review`] : []),
                ...(i.kind === 'dou' ? [t`${i.claimed} of ${i.quota} claimed`] : []),
              ].join(', '),
          },
          {
            header: t`Actions`,
            cell: (i) => (
              <div className="admin-actions">
                <EditButton name={defaultName(i)} onClick={() => onFilters({ ...filters, edit: i.id })} />
                {i.kind === 'wx' && i.needsReview ? (
                  <button
                    type="button"
                    className="button button--primary"
                    aria-label={t`Set link: ${defaultName(i)}`}
                    onClick={() => setLinking(i)}
                  >
                    <Trans>Set link</Trans>
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <LinkDialog item={linking} onClose={() => setLinking(null)} />
    </AdminSection>
  );
}

/** The link of a reviewed mini-game: every promoter who applied sees theirs from then on. */
function LinkDialog({ item, onClose }: { item: AdminCatalogueItem | null; onClose: () => void }) {
  const { t } = useLingui();
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const problems = usePathProblems(form);
  const link = useCatalogueLinkMutation();
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!item) return;
    const input = problems.validate(catalogueItemLinkRequestSchema, { id: item.id, targetUrl: url });
    if (!input) return;
    link.mutate(input, {
      onSuccess: () => {
        toast.positive(t`Link set: promoters who applied now have theirs`);
        setUrl('');
        onClose();
      },
      onError: problems.showApiError,
    });
  };
  return (
    <Dialog
      open={item !== null}
      title={t`Set the link of ${item ? defaultName(item) : ''}`}
      onClose={onClose}
      footer={
        <DialogActions
          actions={[
            { label: t`Cancel`, variant: 'ghost', onClick: onClose },
            { label: t`Set link`, variant: 'primary', submits: formId, disabled: link.isPending },
          ]}
        />
      }
    >
      <form id={formId} ref={form} noValidate onSubmit={submit}>
        <TextField
          label={t`Link`}
          hint={t`An https:// address or a path of this site.`}
          {...problems.field('targetUrl', url, setUrl)}
        />
      </form>
    </Dialog>
  );
}
