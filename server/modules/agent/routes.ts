import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { agentAdminRoutes } from './admin-routes';
import { earningsRoutes } from './earnings-routes';
import { reportRoutes } from './report-routes';
import { teamRoutes } from './team-routes';

/** The agent programme's calls (contract/agent.ts, contract/admin/agent.ts), by concern. */
export function agentRoutes(app: FastifyInstance, ctx: AppContext): void {
  teamRoutes(app, ctx);
  earningsRoutes(app, ctx);
  reportRoutes(app, ctx);
  agentAdminRoutes(app, ctx);
}
