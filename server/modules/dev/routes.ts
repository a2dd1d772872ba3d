import type { FastifyInstance } from 'fastify';
import { smsOutboxCall } from '../../../src/contract/dev';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { readSmsOutbox } from './service';

/** Registered only in demo mode: lets a tester read the codes the dev SMS provider "sent". */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, smsOutboxCall, ({ input }) => readSmsOutbox(ctx, input.areaCode, input.phone));
}
