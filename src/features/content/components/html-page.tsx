import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '#ui/empty-state';
import { HtmlContent } from '#ui/html-content';
import { Page } from '#ui/page';
import { SkeletonBlock } from '#ui/skeleton';
import { contentQueries, type HtmlPageKind } from '../content.queries';
import './content.css';

/** /Help, /Service and /AboutUs: the server's HTML page (sanitized again here) under its title. */
export function HtmlPage({ kind, fallbackTitle }: { kind: HtmlPageKind; fallbackTitle: string }) {
  const { t, i18n } = useLingui();
  const page = useQuery(contentQueries.page(kind, i18n.locale));
  return (
    <Page title={page.data?.title || fallbackTitle}>
      {page.isPending ? (
        <SkeletonBlock className="skeleton--article" label={t`Loading`} />
      ) : page.data ? (
        <article className="article-card">
          <HtmlContent html={page.data.content} />
        </article>
      ) : (
        <EmptyState title={t`This page could not be loaded`}>
          <p>{t`Please check your connection and try again.`}</p>
        </EmptyState>
      )}
    </Page>
  );
}
