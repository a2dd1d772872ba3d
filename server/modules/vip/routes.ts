import type { FastifyInstance } from 'fastify';
import { levelTutorialCall } from '#contract/vip';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as service from './service';

export function vipRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, levelTutorialCall, ({ auth }) => service.levelTutorial(ctx, auth));
}
