import type { FastifyInstance } from 'fastify';
import {
  forgotPasswordCall,
  loginCall,
  logoutCall,
  registerCall,
  sendSmsCall,
  tokenLoginCall,
} from '#contract/auth';
import { DEVICE_HEADER } from '#contract/call';
import { changePasswordCall, passwordCodeCall, setAvatarCall, setDateOfBirthCall } from '#contract/profile';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { callerSiteId } from '../site/service';
import { setDateOfBirth } from './date-of-birth';
import * as service from './service';

/** `registration`: the agent programme's side of a registration (the registry hands it in). */
export function authRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registration: service.RegistrationHooks,
): void {
  serve(app, ctx, sendSmsCall, ({ input, request }) => service.sendSms(ctx, input, request.ip));
  serve(app, ctx, registerCall, async ({ input, request }) => {
    const device = request.headers[DEVICE_HEADER.toLowerCase()];
    return service.register(ctx, input, registration, {
      ip: request.ip,
      device: Array.isArray(device) ? device[0] : device,
      siteId: await callerSiteId(ctx, request),
    });
  });
  serve(app, ctx, loginCall, ({ input, request }) => service.login(ctx, input, request.ip));
  serve(app, ctx, tokenLoginCall, async ({ input }) => {
    const { user } = await service.resolveToken(ctx, input.token);
    return { user: await service.toUserInfo(ctx, user) };
  });
  serve(app, ctx, logoutCall, ({ auth }) => service.logout(ctx, auth));
  serve(app, ctx, forgotPasswordCall, ({ input }) => service.forgotPassword(ctx, input));
  // The signed-in user's own profile (decision 0023).
  serve(app, ctx, setAvatarCall, ({ input, auth }) => service.setAvatar(ctx, auth, input.avatar));
  serve(app, ctx, setDateOfBirthCall, ({ input, auth }) => setDateOfBirth(ctx, auth, input.dateOfBirth));
  serve(app, ctx, passwordCodeCall, ({ auth, request }) => service.sendPasswordCode(ctx, auth, request.ip));
  serve(app, ctx, changePasswordCall, ({ input, auth }) => service.changePassword(ctx, auth, input));
}
