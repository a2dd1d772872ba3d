import type { FastifyInstance } from 'fastify';
import { adminSiteListCall, siteSaveCall } from '../../../src/contract/site-admin';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { listAdminSites, saveSite } from './service';

/** The console's sites (/api/admin/sites/*), gated by serve() like every /admin call. */
export function siteSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminSiteListCall, ({ auth }) => listAdminSites(ctx, auth.operator));
  serve(app, ctx, siteSaveCall, ({ auth, input }) => saveSite(ctx, auth, input));
}
