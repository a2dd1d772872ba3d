import type { FastifyInstance } from 'fastify';
import {
  adminGameListCall,
  adminProviderListCall,
  gameEnableCall,
  providerEnableCall,
} from '#contract/admin/game';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as admin from './admin';

/** The console's providers and games (/api/admin/games/*), gated by serve() like every /admin call. */
export function gameAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminProviderListCall, ({ auth }) => admin.listProviders(ctx, auth.operator));
  serve(app, ctx, adminGameListCall, ({ auth, input }) => admin.listGames(ctx, auth.operator, input));
  serve(app, ctx, providerEnableCall, ({ auth, input }) => admin.setProviderEnabled(ctx, auth, input));
  serve(app, ctx, gameEnableCall, ({ auth, input }) => admin.setGameEnabled(ctx, auth, input));
}
