import type { AdminPage, PageSaveRequest } from '#contract/admin/page';
import { PAGE_SLUGS, type PageSlug } from '#contract/content';
import type { ContentLocale } from '#contract/locales';
import type { AppContext } from '../../context';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { assertCanAccess } from '../operators/service';
import { markUploadsUsed } from '../uploads/service';
import * as repo from './repository';

/*
 * The help, about and customer-service pages in the console (issue 16): per language, English required
 * (the language the others fall back to, as getPage reads them). The pages are the deployment's, shown on
 * every site, so writing them takes content rights on every site (as the catalogues' items do). A save replaces the page's languages in one transaction with its
 * audit row; the page's rows are read locked first (PostgreSQL), so two saves at once apply one after the
 * other and each audits what the other left. Pictures the texts point at (uploads' addresses) are marked
 * used, those let go of too (uploads/: the sweep's grace period runs from then).
 */

const toAdminPage = (slug: PageSlug, rows: readonly repo.ContentPageRow[]): AdminPage => ({
  slug,
  texts: Object.fromEntries(
    rows.map((r) => [r.locale, { title: r.title, body: r.content }]),
  ) as AdminPage['texts'],
  updatedAt: rows.length === 0 ? null : Math.max(...rows.map((r) => r.updated_at)),
});

/**
 * The three pages, each with the languages it is written in. Every operator the gate lets in reads them:
 * every site shows the same pages (as with the catalogues' items).
 */
export async function listPages(ctx: AppContext): Promise<AdminPage[]> {
  const rows = await repo.allPageRows(ctx.db);
  return PAGE_SLUGS.map((slug) =>
    toAdminPage(
      slug,
      rows.filter((r) => r.slug === slug),
    ),
  );
}

/** Replaces a page's languages with the request's, audited (`page.save`) with what they were. */
export async function savePage(
  ctx: AppContext,
  auth: OperatorAuth,
  request: PageSaveRequest,
): Promise<AdminPage> {
  assertCanAccess(auth.operator, 'write', 'content', { siteId: null });
  const now = ctx.clock.now();
  const texts = Object.entries(request.texts).map(([locale, t]) => ({
    locale: locale as ContentLocale,
    title: t.title,
    content: t.body,
  }));
  return ctx.db.transaction().execute(async (trx) => {
    const before = toAdminPage(request.slug, await repo.pageRows(trx, request.slug, { forUpdate: true }));
    await repo.replacePage(trx, request.slug, texts, now);
    const after = toAdminPage(request.slug, await repo.pageRows(trx, request.slug));
    await markUploadsUsed(
      trx,
      [...Object.values(before.texts), ...Object.values(after.texts)].map((t) => t?.body),
      now,
    );
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: null,
        action: 'page.save',
        resource: 'content',
        recordId: request.slug,
        before: before.texts,
        after: after.texts,
      },
      now,
    );
    return after;
  });
}
