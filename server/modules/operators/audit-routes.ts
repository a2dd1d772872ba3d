import type { FastifyInstance } from 'fastify';
import { AUDIT_EXPORT_MAX_ROWS, adminAuditExportCall, adminAuditListCall } from '#contract/admin/audit';
import type { AppContext } from '../../context';
import { offsetOf, pageOf } from '../../http/page';
import { serve } from '../../http/serve';
import { auditCsv, auditPage } from '../audit/service';
import { siteDomains } from '../site/service';
import { visibleSites } from './policy';

/**
 * The audit log in the console: the chains of the reader's sites (a grant on every site adds the platform's),
 * a page at a time, or as CSV.
 */
export function auditViewerRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminAuditListCall, async ({ auth, input }) => {
    const chains = visibleSites(auth.operator, 'read', 'audit');
    const { rows, total } = await auditPage(ctx.db, chains, input, await siteDomains(ctx), {
      offset: offsetOf(input),
      limit: input.size,
    });
    return pageOf(rows, total, input.number, input.size);
  });
  serve(app, ctx, adminAuditExportCall, async ({ auth, input, reply }) => {
    const chains = visibleSites(auth.operator, 'read', 'audit');
    const { csv, more } = await auditCsv(
      ctx.db,
      chains,
      input,
      await siteDomains(ctx),
      AUDIT_EXPORT_MAX_ROWS,
    );
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    reply.header('Content-Disposition', `attachment; filename="audit-${day}.csv"`);
    reply.header('Cache-Control', 'no-store');
    // The rows stop at the limit: the header says so, for a client to export the rest by period.
    if (more) reply.header('X-Rows-Truncated', String(AUDIT_EXPORT_MAX_ROWS));
    return reply.type('text/csv; charset=utf-8').send(csv);
  });
}
