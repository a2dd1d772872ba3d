import type { FastifyInstance } from 'fastify';
import { appCardEditCall, appCardViewCall } from '#contract/appcard';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as service from './service';

export function appCardRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, appCardViewCall, ({ auth }) => service.viewAppCard(ctx, auth));
  serve(app, ctx, appCardEditCall, ({ input, auth }) => service.editAppCard(ctx, auth, input));
}
