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
import * as admin from './admin';

/**
 * The console's bonuses (/api/admin/bonus/*): offers, a player's bonuses, held claims, the report. Titles
 * are in the operator's language (Accept-Language); money calls are idempotent by their key.
 */
export function bonusAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminOfferListCall, ({ auth, input, request, reply }) =>
    admin.listOffers(ctx, auth.operator, input, answerLocale(request, reply)),
  );
  serve(app, ctx, adminOfferDetailCall, ({ auth, input, request, reply }) =>
    admin.offerDetail(ctx, auth.operator, input.id, answerLocale(request, reply)),
  );
  serve(app, ctx, adminOfferCreateCall, ({ auth, input, request, reply }) =>
    admin.createOffer(ctx, auth, input, answerLocale(request, reply)),
  );
  serve(app, ctx, adminOfferEditCall, ({ auth, input, request, reply }) =>
    admin.editOffer(ctx, auth, input, answerLocale(request, reply)),
  );
  for (const [call, move] of [
    [adminOfferPauseCall, 'pause'],
    [adminOfferResumeCall, 'resume'],
    [adminOfferEndCall, 'end'],
  ] as const)
    serve(app, ctx, call, ({ auth, input, request, reply }) =>
      admin.moveOffer(ctx, auth, input.id, move, answerLocale(request, reply)),
    );
  serve(app, ctx, adminUserBonusesCall, ({ auth, input, request, reply }) =>
    admin.userBonuses(ctx, auth.operator, input.uid, answerLocale(request, reply)),
  );
  serve(app, ctx, adminBonusGrantCall, (call) =>
    idempotentCall(
      ctx,
      call,
      'admin/bonus/grant',
      admin.grant(ctx, call.auth, call.input, idempotencyKeyOf(call.request)),
    ),
  );
  serve(app, ctx, adminRequirementCancelCall, (call) =>
    idempotentCall(ctx, call, 'admin/bonus/cancel', admin.cancel(ctx, call.auth, call.input)),
  );
  serve(app, ctx, adminHeldClaimListCall, ({ auth, input, request, reply }) =>
    admin.heldClaims(ctx, auth.operator, input, answerLocale(request, reply)),
  );
  serve(app, ctx, adminClaimDecideCall, (call) =>
    idempotentCall(ctx, call, 'admin/bonus/decide', admin.decide(ctx, call.auth, call.input)),
  );
  serve(app, ctx, adminBonusReportCall, ({ auth, input, request, reply }) =>
    admin.bonusReport(ctx, auth.operator, input, answerLocale(request, reply)),
  );
}
