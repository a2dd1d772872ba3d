import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** The console's bonuses (/api/admin/bonus/*): offers, a player's bonuses, held claims, the report. */
export function bonusAdminRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
