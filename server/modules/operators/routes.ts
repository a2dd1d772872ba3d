import type { FastifyInstance } from 'fastify';
import {
  adminCommandApproveCall,
  adminCommandListCall,
  adminCommandRejectCall,
  adminOperatorGrantsCall,
  adminOperatorListCall,
  adminSessionCall,
  adminTotpCall,
  adminTotpEnrolCall,
} from '#contract/admin/operators';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { auditViewerRoutes } from './audit-routes';
import type { CommandHandlers } from './commands';
import * as commands from './commands';
import { grantsChange, listOperators, proposeGrants } from './grants';
import * as service from './service';
import { totpKeyring } from './totp-secrets';

/**
 * The operator's own session (who they are, the second factor) and four-eyes commands, whose kinds'
 * handlers the modules owning them hand in (registry.ts), so this module imports none of them.
 * Building the app waits for the TOTP secrets' key and their conversion (totp-secrets.ts): a missing or
 * wrong key stops the start rather than every operator's sign-in.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  handlers: CommandHandlers,
): Promise<void> {
  await totpKeyring(ctx);
  serve(app, ctx, adminSessionCall, ({ auth }) => service.session(ctx, auth, auth.operator));
  auditViewerRoutes(app, ctx);
  serve(app, ctx, adminTotpEnrolCall, ({ auth }) => service.enrolTotp(ctx, auth));
  serve(app, ctx, adminTotpCall, ({ auth, input }) =>
    service.passTotp(ctx, auth, auth.operator, input.code, auth.actor),
  );
  serve(app, ctx, adminOperatorListCall, ({ auth, input }) => listOperators(ctx, auth.operator, input));
  serve(app, ctx, adminOperatorGrantsCall, ({ auth, input }) => proposeGrants(ctx, auth, input));
  serve(app, ctx, adminCommandListCall, ({ auth, input }) =>
    commands.listCommands(ctx, auth.operator, input.state, input),
  );
  serve(app, ctx, adminCommandApproveCall, ({ auth, input }) =>
    commands.approve(ctx, { ...handlers, operator_grants: grantsChange(ctx) }, auth, input.id),
  );
  serve(app, ctx, adminCommandRejectCall, ({ auth, input }) =>
    commands.reject(ctx, auth, input.id, input.reason),
  );
}
