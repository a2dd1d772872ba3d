import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { type AdminCatalogueItem, catalogueItemLinkRequestSchema } from '#contract/admin/catalogue';
import { CATALOGUE_KINDS, type CatalogueKind } from '#contract/catalogue';
import { LOCALE_NAMES } from '#lib/i18n';
import { toast } from '#lib/toast';
import { Dialog } from '#ui/dialog';
import { DialogActions } from '#ui/dialog-actions';
import { EmptyState } from '#ui/empty-state';
import { SelectField, TextField } from '#ui/form-fields';
import { useCatalogueLinkMutation } from '../admin.mutations';
import { adminQueries, type CatalogueFilters } from '../admin.queries';
import { AdminTable } from './admin-table';
import { CatalogueItemEditor } from './catalogue-item-editor';
import { usePathProblems } from './use-path-problems';

const defaultName = (i: AdminCatalogueItem) =>
  i.texts[i.defaultLocale as keyof AdminCatalogueItem['texts']]?.name ?? '';

/**
 * Both catalogues' items (issue 16): one catalogue at a time, searched by name, mini-games awaiting review
 * on their own; each item's form (in the URL), and the link of a mini-game once upstream has reviewed it.
 */
export function CatalogueItemsPage({
  filters,
  onFilters,
}: {
  filters: CatalogueFilters;
  onFilters: (next: CatalogueFilters) => void;
}) {
  const { t } = useLingui();
  const list = useQuery(adminQueries.catalogue(filters));
  const [typed, setTyped] = useState(filters.q);
  const [linking, setLinking] = useState<AdminCatalogueItem | null>(null);
  const reviewId = useId();
  const kindNames: Record<CatalogueKind, string> = { wx: t`Mini-games`, dou: t`Demand tasks` };
  const editing =
    filters.edit === 'new'
      ? null
      : filters.edit === undefined
        ? undefined
        : list.data?.content.find((i) => i.id === filters.edit);
  const { edit: _, ...listed } = filters;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters({ ...listed, q: typed.trim(), page: 0 });
  };

  return (
    <section aria-labelledby="admin-catalogue-title">
      <h2 id="admin-catalogue-title" className="admin-section__title">
        <Trans>Catalogue items</Trans>
      </h2>
      <form className="admin-search" onSubmit={submit}>
        <SelectField
          label={t`Catalogue`}
          value={filters.kind}
          onChange={(kind) => onFilters({ kind: kind as CatalogueKind, q: '', review: false, page: 0 })}
          options={CATALOGUE_KINDS.map((k) => ({ value: k, label: kindNames[k] }))}
        />
        <TextField
          label={t`Name`}
          name="q"
          value={typed}
          maxLength={100}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button button--primary">
          <Trans>Search</Trans>
        </button>
        {filters.kind === 'wx' ? (
          <div className="admin-editor__check">
            <input
              id={reviewId}
              type="checkbox"
              checked={filters.review}
              onChange={(e) => onFilters({ ...listed, review: e.target.checked, page: 0 })}
            />
            <label htmlFor={reviewId}>
              <Trans>Only those awaiting review</Trans>
            </label>
          </div>
        ) : null}
      </form>
      {filters.edit === undefined ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => onFilters({ ...filters, edit: 'new' })}
        >
          {filters.kind === 'wx' ? <Trans>New mini-game</Trans> : <Trans>New demand task</Trans>}
        </button>
      ) : editing === undefined && list.isPending ? null : editing === undefined ? (
        <EmptyState title={<Trans>No such item</Trans>} />
      ) : (
        <CatalogueItemEditor
          key={editing?.id ?? 'new'}
          kind={filters.kind}
          item={editing}
          onClose={() => onFilters(listed)}
        />
      )}
      <AdminTable
        list={list}
        rowKey={(i) => i.id}
        empty={<Trans>No items found</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...listed, page })}
        columns={[
          { header: t`Name`, cell: defaultName },
          {
            header: t`Languages`,
            cell: (i) =>
              Object.keys(i.texts)
                .map((l) => LOCALE_NAMES[l as keyof typeof LOCALE_NAMES] ?? l)
                .join(', '),
          },
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
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t`Edit ${defaultName(i)}`}
                  onClick={() => onFilters({ ...filters, edit: i.id })}
                >
                  <Trans>Edit</Trans>
                </button>
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
    </section>
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
          name="targetUrl"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            problems.clear('targetUrl');
          }}
          error={problems.message('targetUrl')}
        />
      </form>
    </Dialog>
  );
}
