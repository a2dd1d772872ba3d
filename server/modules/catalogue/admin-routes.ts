import type { FastifyInstance } from 'fastify';
import {
  adminCatalogueListCall,
  catalogueItemCreateCall,
  catalogueItemEditCall,
  catalogueItemLinkCall,
} from '#contract/admin/catalogue';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as admin from './admin';

/** The console's catalogue items (/api/admin/catalogue/*), gated by serve() like every /admin call. */
export function catalogueAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminCatalogueListCall, ({ input }) => admin.listItems(ctx, input));
  serve(app, ctx, catalogueItemCreateCall, ({ auth, input }) => admin.createItem(ctx, auth, input));
  serve(app, ctx, catalogueItemEditCall, ({ auth, input }) => admin.editItem(ctx, auth, input));
  serve(app, ctx, catalogueItemLinkCall, ({ auth, input }) => admin.setItemLink(ctx, auth, input));
}
