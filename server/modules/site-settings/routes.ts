import type { FastifyInstance } from 'fastify';
import {
  adminSiteListCall,
  siteCreateCall,
  siteIconCall,
  siteIconRemoveCall,
  siteSaveCall,
} from '#contract/admin/site';
import type { AppContext } from '../../context';
import { serve, serveUpload } from '../../http/serve';
import { createSite, listAdminSites, removeSiteIcon, saveSite, setSiteIcon } from './service';

/** The console's sites (/api/admin/sites/*), gated by serve() like every /admin call. */
export function siteSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminSiteListCall, ({ auth }) => listAdminSites(ctx, auth.operator));
  serve(app, ctx, siteSaveCall, ({ auth, input }) => saveSite(ctx, auth, input));
  serve(app, ctx, siteCreateCall, ({ auth, input }) => createSite(ctx, auth, input));
  serveUpload(app, ctx, siteIconCall, ({ auth, input, file }) => setSiteIcon(ctx, auth, input, file.bytes));
  serve(app, ctx, siteIconRemoveCall, ({ auth, input }) => removeSiteIcon(ctx, auth, input));
}
