import type { FastifyInstance } from 'fastify';
import type { AppContext, ValidBetListener } from '../context';
import { adminRoutes } from './admin/routes';
import { withdrawalApproval } from './admin/service';
import { ratioChange } from './agent/admin-ratios';
import { correctLateValidBet } from './agent/corrections';
import { agentRoutes } from './agent/routes';
import { agentRegistration } from './agent/service';
import { createAgentWorker } from './agent/worker';
import { appCardRoutes } from './appcard/routes';
import { authRoutes } from './auth/routes';
import { bonusGrantCommand } from './bonuses/admin-players';
import { bonusAdminRoutes } from './bonuses/admin-routes';
import { bonusRoutes } from './bonuses/routes';
import { createBonusWorker } from './bonuses/worker';
import { catalogueAdminRoutes } from './catalogue/admin-routes';
import { catalogueRoutes } from './catalogue/routes';
import { contentAdminRoutes, contentRoutes } from './content/routes';
import { CONTENT_UPLOAD_REFERRERS } from './content/service';
import { devRoutes } from './dev/routes';
import { gameAdminRoutes } from './games/admin-routes';
import { blockEffects } from './games/block-sweeps';
import { gameRoutes, registerGamePictures, seamlessRoutes } from './games/routes';
import { transferRoutes } from './games/transfer-routes';
import { createGamesWorker } from './games/worker';
import { registerManifestRoute } from './manifest/routes';
import { mediaApiRoutes, registerMediaRoutes } from './media/routes';
import { messageRoutes } from './messages/routes';
import { noticeRoutes } from './notices/routes';
import { operatorRoutes } from './operators/routes';
import { paymentRoutes } from './payments/routes';
import { completedDeposits, sweepExpired } from './payments/service';
import { promotionApiRoutes, registerShortLinkRoute } from './promotion/routes';
import { protectionRoutes } from './protection/routes';
import { refusingMarketing } from './protection/service';
import { pushRoutes } from './push/routes';
import type { PushRuntime } from './push/runtime';
import { noticeDeliveries } from './push/service';
import { createPushWorker } from './push/worker';
import { reportRoutes } from './reports/routes';
import { siteRoutes } from './site/routes';
import { siteSettingsRoutes } from './site-settings/routes';
import { SITE_UPLOAD_REFERRERS } from './site-settings/service';
import { spinRoutes } from './spin/routes';
import { createUploadSweeper } from './uploads/worker';
import { userAdminRoutes } from './users/routes';
import { userBan } from './users/service';
import { vipRoutes } from './vip/routes';
import { benefitAmounts } from './vip/service';
import { walletRoutes } from './wallet/routes';

/** What a module's registrations get: the app's context and the process's push runtime. */
export interface ModuleDeps {
  ctx: AppContext;
  push: PushRuntime;
}

/**
 * A server module as app.ts sees it (docs/architecture.md has the folder's shape). Each part is optional.
 */
export interface ServerModule {
  readonly name: string;
  /** Its declared API calls (server/http/serve.ts), registered under /api; /admin paths are gated there. */
  readonly api?: (app: FastifyInstance, deps: ModuleDeps) => void | Promise<void>;
  /** Its routes outside /api (short links, media files, the manifest), registered at the root. */
  readonly pages?: (app: FastifyInstance, deps: ModuleDeps) => void;
  /** Registered only in demo mode (the demo's SMS outbox). */
  readonly demoOnly?: true;
  /**
   * Its background worker, which main.ts starts at start-up and stops before closing (tests start their
   * own). Answers null when this process should run none (turned off, or not configured).
   */
  readonly worker?: (deps: ModuleDeps) => Promise<ModuleWorker | null>;
}

/** A module's background loop: lease-based, so several server processes never do the same work twice. */
export interface ModuleWorker {
  start(): void;
  /** Finishes the work in flight, then stops. */
  stop(): Promise<void>;
}

/**
 * Where games tells each counted valid bet (the app's context carries it): the agent programme corrects one
 * landing on a day that has begun settling. Handed, because agent voids rounds through games.
 */
export const validBetListener: ValidBetListener = correctLateValidBet;

/** Every module of the server, in registration order: the one list app.ts reads. */
export const SERVER_MODULES: readonly ServerModule[] = [
  // Registration binds through the agent programme: handed to auth, so that auth never imports agent.
  { name: 'auth', api: (app, { ctx }) => authRoutes(app, ctx, agentRegistration(ctx)) },
  // Operators' actions on players' accounts (bans); the account itself stays auth's.
  { name: 'users', api: (app, { ctx }) => userAdminRoutes(app, ctx) },
  { name: 'site', api: (app, { ctx }) => siteRoutes(app, ctx) },
  { name: 'site-settings', api: (app, { ctx }) => siteSettingsRoutes(app, ctx) },
  {
    name: 'wallet',
    // Records show unpaid deposits past their expiry as Fail: payments expires them first. Given here, so
    // that payments depends on the wallet (its records, levels, order numbers) and never the reverse.
    api: (app, { ctx }) => walletRoutes(app, ctx, { expireOverdueDeposits: () => sweepExpired(ctx) }),
  },
  { name: 'payments', api: (app, { ctx }) => paymentRoutes(app, ctx) },
  // A block ends play at the transfer providers too: handed games' side, since games asks protection.
  { name: 'protection', api: (app, { ctx }) => protectionRoutes(app, ctx, blockEffects(ctx)) },
  { name: 'spin', api: (app, { ctx }) => spinRoutes(app, ctx) },
  {
    name: 'bonuses',
    api: (app, { ctx }) => {
      bonusRoutes(app, ctx, (userId) => completedDeposits(ctx.db, userId));
      bonusAdminRoutes(app, ctx);
    },
    // Pays VIP monthly and birthday bonuses, ends expired requirements, releases those a pulled record met
    // (each once). The VIP bonuses' amounts are vip's data, handed in (vip reads the wallet, which asks bonuses).
    worker: async ({ ctx }) =>
      ctx.config.bonuses.worker ? createBonusWorker(ctx, (kind) => benefitAmounts(ctx.db, kind)) : null,
  },
  { name: 'vip', api: (app, { ctx }) => vipRoutes(app, ctx) },
  {
    name: 'agent',
    api: (app, { ctx }) => agentRoutes(app, ctx),
    // Settles ended business days into rake back and commissions (lease-based).
    worker: async ({ ctx }) => (ctx.config.agent.worker ? createAgentWorker(ctx) : null),
  },
  {
    name: 'operators',
    // Four-eyes commands apply through the module that owns what they change; handed in, never imported.
    api: (app, { ctx }) =>
      operatorRoutes(app, ctx, {
        withdrawal_approve: withdrawalApproval,
        user_ban: userBan,
        ratio_change: ratioChange(ctx),
        bonus_grant: bonusGrantCommand(ctx),
      }),
  },
  { name: 'admin', api: (app, { ctx }) => adminRoutes(app, ctx) },
  { name: 'reports', api: (app, { ctx }) => reportRoutes(app, ctx) },
  {
    name: 'content',
    api: (app, { ctx }) => {
      contentRoutes(app, ctx);
      contentAdminRoutes(app, ctx);
    },
  },
  // Deletes uploads nothing points at any more (every process, no lease: one idempotent statement). Each
  // module whose columns may hold an upload's address hands them in here.
  {
    name: 'uploads',
    worker: async ({ ctx }) =>
      createUploadSweeper(ctx, [...CONTENT_UPLOAD_REFERRERS, ...SITE_UPLOAD_REFERRERS]),
  },
  {
    name: 'catalogue',
    api: (app, { ctx }) => {
      catalogueRoutes(app, ctx);
      catalogueAdminRoutes(app, ctx);
    },
  },
  { name: 'appcard', api: (app, { ctx }) => appCardRoutes(app, ctx) },
  {
    name: 'promotion',
    api: (app, { ctx }) => promotionApiRoutes(app, ctx),
    pages: (app, { ctx }) => registerShortLinkRoute(app, ctx),
  },
  {
    name: 'media',
    api: (app, { ctx }) => mediaApiRoutes(app, ctx),
    pages: (app, { ctx }) => registerMediaRoutes(app, ctx),
  },
  { name: 'manifest', pages: (app, { ctx }) => registerManifestRoute(app, ctx) },
  // Push delivers notices: notices is handed push's side of a notice's life, and never imports push.
  { name: 'notices', api: (app, { ctx, push }) => noticeRoutes(app, ctx, noticeDeliveries(ctx, push)) },
  {
    name: 'push',
    api: (app, { ctx, push }) => pushRoutes(app, ctx, push),
    worker: async ({ ctx, push }) =>
      ctx.config.push.worker && (await push.keys()) ? createPushWorker(ctx, push) : null,
  },
  {
    name: 'games',
    api: async (app, { ctx }) => {
      gameRoutes(app, ctx);
      gameAdminRoutes(app, ctx);
      transferRoutes(app, ctx);
      await seamlessRoutes(app, ctx);
    },
    pages: (app, { ctx }) => registerGamePictures(app, ctx),
    // Pulls transfer providers' records and settles transfers whose answer was lost (lease-based).
    worker: async ({ ctx }) => (ctx.config.games.worker ? createGamesWorker(ctx) : null),
  },
  // Operator sends skip users whose protection refuses marketing; wired here so messages imports no module.
  {
    name: 'messages',
    api: (app, { ctx }) => messageRoutes(app, ctx, refusingMarketing),
  },
  { name: 'dev', api: (app, { ctx }) => devRoutes(app, ctx), demoOnly: true },
];
