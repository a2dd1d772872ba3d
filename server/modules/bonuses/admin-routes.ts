import type { FastifyInstance } from 'fastify';
import {
  adminBonusGrantCall,
  adminBonusReportCall,
  adminClaimDecideCall,
  adminHeldClaimListCall,
  adminOfferCreateCall,
  adminOfferDetailCall,
  adminOfferEditCall,
  adminOfferEndCall,
  adminOfferListCall,
  adminOfferPauseCall,
  adminOfferResumeCall,
  adminRequirementCancelCall,
  adminUserBonusesCall,
} from '#contract/admin/bonuses';
import type { AppContext } from '../../context';
import { idempotencyKeyOf, idempotentCall } from '../../http/idempotency';
import { serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import * as offers from './admin-offers';
import * as players from './admin-players';
import { bonusReport } from './admin-report';

/**
 * The console's bonuses (/api/admin/bonus/*): offers, a player's bonuses, held claims, the report. Titles
 * are in the operator's language (Accept-Language); money calls are idempotent by their key.
 */
export function bonusAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminOfferListCall, ({ auth, input, request, reply }) =>
    offers.listOffers(ctx, auth.operator, input, answerLocale(request, reply)),
  );
  serve(app, ctx, adminOfferDetailCall, ({ auth, input, request, reply }) =>
    offers.offerDetail(ctx, auth.operator, input.id, answerLocale(request, reply)),
  );
  serve(app, ctx, adminOfferCreateCall, ({ auth, input, request, reply }) =>
    offers.createOffer(ctx, auth, input, answerLocale(request, reply)),
  );
  serve(app, ctx, adminOfferEditCall, ({ auth, input, request, reply }) =>
    offers.editOffer(ctx, auth, input, answerLocale(request, reply)),
  );
  for (const [call, move] of [
    [adminOfferPauseCall, 'pause'],
    [adminOfferResumeCall, 'resume'],
    [adminOfferEndCall, 'end'],
  ] as const)
    serve(app, ctx, call, ({ auth, input, request, reply }) =>
      offers.moveOffer(ctx, auth, input.id, move, answerLocale(request, reply)),
    );
  serve(app, ctx, adminUserBonusesCall, ({ auth, input, request, reply }) =>
    players.userBonuses(ctx, auth.operator, input.uid, answerLocale(request, reply)),
  );
  serve(app, ctx, adminBonusGrantCall, (call) =>
    idempotentCall(
      ctx,
      call,
      'admin/bonus/grant',
      players.grant(ctx, call.auth, call.input, idempotencyKeyOf(call.request)),
    ),
  );
  serve(app, ctx, adminRequirementCancelCall, (call) =>
    idempotentCall(ctx, call, 'admin/bonus/cancel', players.cancel(ctx, call.auth, call.input)),
  );
  serve(app, ctx, adminHeldClaimListCall, ({ auth, input, request, reply }) =>
    players.heldClaims(ctx, auth.operator, input, answerLocale(request, reply)),
  );
  serve(app, ctx, adminClaimDecideCall, (call) =>
    idempotentCall(ctx, call, 'admin/bonus/decide', players.decide(ctx, call.auth, call.input)),
  );
  serve(app, ctx, adminBonusReportCall, ({ auth, input, request, reply }) =>
    bonusReport(ctx, auth.operator, input, answerLocale(request, reply)),
  );
}
