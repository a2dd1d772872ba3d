import type { FastifyInstance } from 'fastify';
import {
  adminSafeResetCall,
  adminUserBanCall,
  adminUserDetailCall,
  adminUserListCall,
  adminUserUnbanCall,
} from '#contract/admin/user';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import * as service from './service';

/** Operators' calls on players' accounts (decision 0024): the users resource of the console. */
export function userAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminUserBanCall, ({ auth, input }) => service.proposeBan(ctx, auth, input));
  serve(app, ctx, adminUserListCall, ({ auth, input }) => service.listUsers(ctx, auth, input));
  serve(app, ctx, adminUserUnbanCall, ({ auth, input }) => service.unban(ctx, auth, input));
  // The account's ratios name channels in the operator's language, as /admin/agent/ratios answers (decision 0048).
  serve(app, ctx, adminUserDetailCall, ({ auth, input, request, reply }) =>
    service.userDetail(ctx, auth, input.uid, answerLocale(request, reply)),
  );
  serve(app, ctx, adminSafeResetCall, ({ auth, input }) => service.resetSafe(ctx, auth, input));
}
