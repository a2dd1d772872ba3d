import type { FastifyInstance } from 'fastify';
import {
  adminGameListCall,
  adminProviderListCall,
  gameEnableCall,
  providerEnableCall,
} from '#contract/admin/game';
import {
  providerCallsCall,
  providerCreateCall,
  providerImportCall,
  providerKeyCall,
} from '#contract/admin/game-providers';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as admin from './admin';
import * as providers from './provider-admin';

/** The console's providers and games (/api/admin/games/*), gated by serve() like every /admin call. */
export function gameAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminProviderListCall, ({ auth }) => admin.listProviders(ctx, auth.operator));
  serve(app, ctx, adminGameListCall, ({ auth, input }) => admin.listGames(ctx, auth.operator, input));
  serve(app, ctx, providerEnableCall, ({ auth, input }) => admin.setProviderEnabled(ctx, auth, input));
  serve(app, ctx, gameEnableCall, ({ auth, input }) => admin.setGameEnabled(ctx, auth, input));
  serve(app, ctx, providerCreateCall, ({ auth, input }) => providers.createProvider(ctx, auth, input));
  serve(app, ctx, providerImportCall, ({ auth, input }) => providers.importGames(ctx, auth, input.code));
  serve(app, ctx, providerKeyCall, ({ auth, input }) => providers.rotateKey(ctx, auth, input));
  serve(app, ctx, providerCallsCall, ({ auth, input }) => providers.listCalls(ctx, auth.operator, input));
}
