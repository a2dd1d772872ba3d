import type { FastifyInstance } from 'fastify';
import {
  forgotPasswordCall,
  loginCall,
  logoutCall,
  registerCall,
  sendSmsCall,
  tokenLoginCall,
} from '../../../src/contract/auth';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as service from './service';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, sendSmsCall, ({ input, request }) => service.sendSms(ctx, input, request.ip));
  serve(app, ctx, registerCall, ({ input }) => service.register(ctx, input));
  serve(app, ctx, loginCall, ({ input, request }) => service.login(ctx, input, request.ip));
  serve(app, ctx, tokenLoginCall, async ({ input }) => {
    const { user } = await service.resolveToken(ctx, input.token);
    return { user: service.toUserInfo(user) };
  });
  serve(app, ctx, logoutCall, ({ auth }) => service.logout(ctx, auth));
  serve(app, ctx, forgotPasswordCall, ({ input }) => service.forgotPassword(ctx, input));
}
