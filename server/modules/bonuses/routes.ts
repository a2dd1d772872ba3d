import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** The player's bonuses (contract/bonuses.ts). */
export function bonusRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
