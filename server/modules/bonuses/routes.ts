import type { FastifyInstance } from 'fastify';
import { bonusClaimCall, bonusForfeitsCall, bonusMineCall, bonusOffersCall } from '#contract/bonuses';
import { DEVICE_HEADER } from '#contract/call';
import type { AppContext } from '../../context';
import { idempotentCall } from '../../http/idempotency';
import { serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import * as service from './service';

/**
 * The player's bonuses (contract/bonuses.ts): offers, their own requirements, a claim, a withdrawal's forfeits.
 * `completedDeposits` is the payments module's count (handed in: payments tells bonuses of deposits, so
 * bonuses never imports payments).
 */
export function bonusRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  completedDeposits: (userId: number) => Promise<number>,
): void {
  serve(app, ctx, bonusOffersCall, async ({ auth, input, request, reply }) =>
    service.offersFor(
      ctx,
      auth,
      input,
      answerLocale(request, reply, auth.user.locale),
      await completedDeposits(auth.user.id),
    ),
  );
  serve(app, ctx, bonusMineCall, ({ auth, request, reply }) =>
    service.mine(ctx, auth, answerLocale(request, reply, auth.user.locale)),
  );
  serve(app, ctx, bonusForfeitsCall, ({ auth, request, reply }) =>
    service.forfeitsOf(ctx.db, auth.user.id, answerLocale(request, reply, auth.user.locale)),
  );
  serve(app, ctx, bonusClaimCall, (call) => {
    const device = call.request.headers[DEVICE_HEADER.toLowerCase()];
    return idempotentCall(
      ctx,
      call,
      'bonus/claim',
      service.claim(
        ctx,
        call.auth,
        call.input,
        { ip: call.request.ip, device: Array.isArray(device) ? device[0] : device },
        answerLocale(call.request, call.reply, call.auth.user.locale),
      ),
    );
  });
}
