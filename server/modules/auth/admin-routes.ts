import type { FastifyInstance } from 'fastify';
import { adminUserBanCall, adminUserUnbanCall } from '../../../src/contract/user-admin';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as admin from './admin';

/** Operators' calls on accounts (decision 0024). */
export function userAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminUserBanCall, ({ auth, input }) => admin.proposeBan(ctx, auth, input));
  serve(app, ctx, adminUserUnbanCall, ({ auth, input }) => admin.unban(ctx, auth, input));
}
