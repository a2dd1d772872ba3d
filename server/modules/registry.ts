import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { adminRoutes } from './admin/routes';
import { appCardRoutes } from './appcard/routes';
import { authRoutes } from './auth/routes';
import { catalogueRoutes } from './catalogue/routes';
import { contentRoutes } from './content/routes';
import { devRoutes } from './dev/routes';
import { registerManifestRoute } from './manifest/routes';
import { mediaApiRoutes, registerMediaRoutes } from './media/routes';
import { noticeAdminRoutes } from './notices/routes';
import { paymentRoutes } from './payments/routes';
import { promotionApiRoutes, registerShortLinkRoute } from './promotion/routes';
import { pushRoutes } from './push/routes';
import type { PushRuntime } from './push/runtime';
import { siteRoutes } from './site/routes';
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
}

/** Every module of the server, in registration order: the one list app.ts reads. */
export const SERVER_MODULES: readonly ServerModule[] = [
  { name: 'auth', api: (app, { ctx }) => authRoutes(app, ctx) },
  { name: 'site', api: (app, { ctx }) => siteRoutes(app, ctx) },
  {
    name: 'wallet',
    api: async (app, { ctx }) => {
      await app.register(walletRoutes(ctx));
    },
  },
  {
    name: 'payments',
    api: async (app, { ctx }) => {
      await app.register(paymentRoutes(ctx));
    },
  },
  {
    name: 'admin',
    api: async (app, { ctx }) => {
      await app.register(adminRoutes(ctx));
    },
  },
  {
    name: 'content',
    api: async (app, { ctx }) => {
      await app.register(contentRoutes(ctx));
    },
  },
  {
    name: 'catalogue',
    api: async (app, { ctx }) => {
      await app.register(catalogueRoutes(ctx));
    },
  },
  {
    name: 'appcard',
    api: async (app, { ctx }) => {
      await app.register(appCardRoutes(ctx));
    },
  },
  {
    name: 'promotion',
    api: async (app, { ctx }) => {
      await app.register(promotionApiRoutes(ctx));
    },
    pages: (app, { ctx }) => registerShortLinkRoute(app, ctx),
  },
  {
    name: 'media',
    api: async (app, { ctx }) => {
      await app.register(mediaApiRoutes(ctx));
    },
    pages: (app, { ctx }) => registerMediaRoutes(app, ctx),
  },
  { name: 'manifest', pages: (app, { ctx }) => registerManifestRoute(app, ctx) },
  {
    name: 'notices',
    api: async (app, { ctx, push }) => {
      await app.register(noticeAdminRoutes(ctx, push));
    },
  },
  {
    name: 'push',
    api: async (app, { ctx, push }) => {
      await app.register(pushRoutes(ctx, push));
    },
  },
  {
    name: 'dev',
    api: async (app, { ctx }) => {
      await app.register(devRoutes(ctx));
    },
    demoOnly: true,
  },
];
