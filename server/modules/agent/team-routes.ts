import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  agentDefaultsCall,
  agentDownCall,
  agentLinkCall,
  agentLinksCall,
  bindCall,
  downlineCall,
  genDownlinkCall,
  genRechargeLinkCall,
  joinAgentCall,
  promoteCall,
  teamCall,
} from '#contract/agent';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import * as invites from './invites';
import * as team from './team';
import { bindLater } from './tree';

/** The origin the request came through (behind a trusted proxy, the one the client used): links are built on it. */
const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** The agent calls of one concern: invite codes and links, binding, joining, ratios, the team and one member's page. */
export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, agentLinksCall, ({ auth, request }) =>
    invites.ownLinks(ctx, auth.user.id, originOf(request)),
  );
  serve(app, ctx, genDownlinkCall, ({ auth, input, request }) =>
    invites.genDownlink(ctx, auth.user.id, input, originOf(request)),
  );
  serve(app, ctx, genRechargeLinkCall, ({ auth, input, request }) =>
    invites.genRechargeLink(ctx, auth.user.id, input, originOf(request)),
  );
  serve(app, ctx, agentLinkCall, ({ input }) => invites.linkInfo(ctx, input.code));
  serve(app, ctx, bindCall, ({ auth, input }) => bindLater(ctx, auth.user.id, input.inviteCode));
  serve(app, ctx, joinAgentCall, ({ auth }) => team.join(ctx, auth.user.id));
  serve(app, ctx, promoteCall, ({ auth, input }) => team.promote(ctx, auth.user.id, input.memberUid));
  // These answer ratios, whose channels are named in the caller's language.
  serve(app, ctx, agentDownCall, ({ auth, input, request, reply }) =>
    team.setMemberRatios(ctx, auth.user.id, input, answerLocale(request, reply, auth.user.locale)),
  );
  serve(app, ctx, agentDefaultsCall, ({ auth, input, request, reply }) =>
    team.setAgentDefaults(ctx, auth.user.id, input, answerLocale(request, reply, auth.user.locale)),
  );
  serve(app, ctx, teamCall, ({ auth, input, request, reply }) =>
    team.team(ctx, auth.user.id, input, answerLocale(request, reply, auth.user.locale)),
  );
  serve(app, ctx, downlineCall, ({ auth, input, request, reply }) =>
    team.downline(ctx, auth.user.id, input.memberUid, answerLocale(request, reply, auth.user.locale)),
  );
}
