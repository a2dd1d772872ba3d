import type { FastifyInstance } from 'fastify';
import { devClockCall, smsOutboxCall } from '#contract/dev';
import { type AppContext, isMovable } from '../../context';
import { notFound } from '../../http/envelope';
import { serve } from '../../http/serve';
import { readSmsOutbox } from './service';

/**
 * Registered only in demo mode: lets a tester read the codes the dev SMS provider "sent", and move the
 * server's clock forward (when it was started with a movable one: main.ts in demo mode).
 */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, smsOutboxCall, ({ input }) => readSmsOutbox(ctx, input.areaCode, input.phone));
  serve(app, ctx, devClockCall, ({ input }) => {
    if (!isMovable(ctx.clock)) throw notFound();
    return { now: ctx.clock.advance(input.advanceMs) };
  });
}
