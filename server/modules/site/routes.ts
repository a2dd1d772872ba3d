import type { FastifyInstance } from 'fastify';
import { sitesCall } from '#contract/site';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { getSites } from './service';

export function siteRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, sitesCall, () => getSites(ctx));
}
