import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import {
  type AdminPage,
  PAGE_BODY_MAX,
  PAGE_FALLBACK_LOCALE,
  PAGE_TITLE_MAX,
  pageSaveRequestSchema,
} from '#contract/admin/page';
import type { PageSlug } from '#contract/content';
import { CONTENT_LOCALES } from '#contract/locales';
import { toast } from '#lib/toast';
import { EmptyState } from '#ui/empty-state';
import { usePageSaveMutation } from '../admin.mutations';
import { adminQueries } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable, EditButton } from './admin-table';
import { EditorActions } from './editor-actions';
import { EditorFrame } from './editor-frame';
import { languageNames, TitleTextLocales, useLocaleTexts } from './locale-texts';
import { usePathProblems } from './use-path-problems';

/** The page being edited, by its slug; absent: the list only. */
export interface PageFilters {
  edit?: string | undefined;
}

/** The pages by the names the app's menu gives them. */
const PAGE_NAMES: Record<PageSlug, MessageDescriptor> = {
  customAgent: msg`Customer service`,
  systemHelp: msg`Help`,
  aboutus: msg`About us`,
};

/** The help, about and customer-service pages (issue 16): their languages, and the form of one. */
export function PagesPage({ filters, onFilters }: FilteredPageProps<PageFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.pages());
  const editing =
    filters.edit === undefined ? undefined : list.data?.content.find((p) => p.slug === filters.edit);
  const when = (at: number) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <AdminSection id="pages" title={<Trans>Pages</Trans>}>
      {filters.edit === undefined || list.isPending ? null : editing ? (
        <PageEditor key={editing.slug} page={editing} onClose={() => onFilters({})} />
      ) : (
        <EmptyState title={<Trans>No such page</Trans>} />
      )}
      <AdminTable
        list={list}
        rowKey={(p) => p.slug}
        empty={<Trans>No pages</Trans>}
        page={0}
        onPage={() => undefined}
        columns={[
          { header: t`Page`, cell: (p) => i18n._(PAGE_NAMES[p.slug]) },
          {
            header: t`Languages`,
            cell: (p) => languageNames(CONTENT_LOCALES.filter((l) => p.texts[l])) || t`Not written yet`,
          },
          { header: t`Saved`, cell: (p) => (p.updatedAt === null ? '–' : when(p.updatedAt)) },
          {
            header: t`Actions`,
            cell: (p) => (
              <EditButton name={i18n._(PAGE_NAMES[p.slug])} onClick={() => onFilters({ edit: p.slug })} />
            ),
          },
        ]}
      />
    </AdminSection>
  );
}

/** One page's title and HTML text per language; English is required, an empty language reads English. */
function PageEditor({ page, onClose }: { page: AdminPage; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const save = usePageSaveMutation();
  const problems = usePathProblems(form);
  const texts = useLocaleTexts(
    (l) => ({ title: page.texts[l]?.title ?? '', body: page.texts[l]?.body ?? '' }),
    problems.clear,
    PAGE_FALLBACK_LOCALE,
  );
  const name = i18n._(PAGE_NAMES[page.slug]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = problems.validate(pageSaveRequestSchema, { slug: page.slug, texts: texts.written() });
    if (!input) return;
    save.mutate(input, {
      onSuccess: () => {
        toast.positive(t`${name} saved`);
        onClose();
      },
      onError: problems.showApiError,
    });
  };

  const title = t`Edit ${name}`;
  return (
    <EditorFrame title={title} form={form} onSubmit={submit}>
      <p className="admin-table__note">
        <Trans>
          English is required: a language left empty shows the English page. The text is HTML (paragraphs,
          headings, lists, links, pictures); scripts and styles are removed.
        </Trans>
      </p>
      <TitleTextLocales
        texts={texts}
        message={problems.message}
        max={{ title: PAGE_TITLE_MAX, body: PAGE_BODY_MAX }}
        fixedDefault
      />
      <EditorActions saving={save.isPending} onClose={onClose} />
    </EditorFrame>
  );
}
