import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Call } from '#contract/call';
import type { Config } from './config';
import { type AppContext, type Clock, systemClock } from './context';
import { createDb, type Db } from './db/create-db';
import { answerSerializer } from './http/answers';
import { notFound } from './http/envelope';
import { isApiPath, registerErrorHandling, sendApiError } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security';
import {
  isSpaNavigation,
  NOT_BUILT_MESSAGE,
  registerStatic,
  sendAppShell,
  staticDirExists,
} from './http/static';
import { installAuditKeyring, loadAuditKeyring } from './modules/audit/service';
import { createSmsProvider, type SmsProvider } from './modules/auth/sms-provider';
import { registerLaunchShellRoute } from './modules/launch/routes';
import { createPushRuntime, type PushRuntime } from './modules/push/runtime';
import { type ModuleDeps, SERVER_MODULES, validBetListener } from './modules/registry';

export const BODY_LIMIT = 64 * 1024;

export interface AppDeps {
  /** A database the caller owns (and closes); otherwise one is opened from config and closed with the app. */
  db?: Db;
  clock?: Clock;
  sms?: SmsProvider;
  /** Extra routes (tests), registered under /api after the modules. */
  extraApiRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

/** A hop count becomes "trust the nearest n proxies". */
const toTrustProxy = (
  v: Config['trustProxy'],
): boolean | string | ((addr: string, hop: number) => boolean) =>
  typeof v === 'number' ? (_addr, hop) => hop < v : v;

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The contract declaration it was registered from (server/http/serve.ts), if any. */
  call: Call | undefined;
}

export type App = FastifyInstance & { ctx: AppContext; push: PushRuntime; routes: RegisteredRoute[] };

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const { requestTimeoutMs, idleTimeoutMs } = config.http;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    trustProxy: toTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    // A client trickling its headers or body holds a socket and a parser: the whole request must arrive
    // within requestTimeoutMs (408, then closed), checked often enough to cut it off in about that time.
    // Handler time does not count; a connection silent for idleTimeoutMs (longer than any handler) closes.
    requestTimeout: requestTimeoutMs,
    connectionTimeout: idleTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(requestTimeoutMs / 4))),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config.validateAnswers));

  const ownsDb = !deps.db;
  const db = deps.db ?? createDb(config);
  const clock = deps.clock ?? systemClock;
  const ctx: AppContext = {
    config,
    db,
    clock,
    sms: deps.sms ?? createSmsProvider(config, db, clock, app.log),
    log: app.log,
    validBetCounted: validBetListener,
  };
  app.decorate('ctx', ctx);
  // The push worker is started by main.ts (tests start their own), so buildApp alone sends nothing.
  const push = createPushRuntime(ctx);
  app.decorate('push', push);
  app.decorateRequest('auth', null);
  app.decorateRequest('operator', null);
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
  // Every operator action's audit row is signed with it: a missing or unusable key stops the start.
  installAuditKeyring(await loadAuditKeyring(config, db, { create: true }));

  // close() waits for every open connection; a keep-alive connection whose request finishes while
  // closing would stay open until its idle timeout, so those answers close their connection.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  // JSON only (text/plain and others get 415); an empty body is "no body", which the schema then judges.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, body as string, done);
  });

  await registerSecurityHeaders(app, config.demo);
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });

  const staticRoot = path.resolve(config.staticDir);
  const hasStatic = staticDirExists(staticRoot);
  if (hasStatic) {
    await registerStatic(app, staticRoot, { serveSourceMaps: config.serveSourceMaps });
    registerLaunchShellRoute(app, ctx, staticRoot);
  }

  registerErrorHandling(app, (request, reply) => {
    if (isApiPath(request.url))
      return sendApiError(
        reply,
        notFound(`No such API call: ${request.method} ${request.url.split('?')[0]}`),
      );
    if (!hasStatic) return reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    if (isSpaNavigation(request)) return sendAppShell(reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  const moduleDeps: ModuleDeps = { ctx, push };
  const modules = SERVER_MODULES.filter((m) => !m.demoOnly || config.demo);
  for (const m of modules) m.pages?.(app, moduleDeps);

  // Every route, as registered: the OpenAPI test checks each /api route against the document.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url, call: r.config?.call });
  });
  app.decorate('routes', routes);
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      for (const m of modules) await m.api?.(api.withTypeProvider<ZodTypeProvider>(), moduleDeps);
      if (deps.extraApiRoutes) await deps.extraApiRoutes(api);
    },
    { prefix: '/api' },
  );

  return app as App;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    push: PushRuntime;
    routes: RegisteredRoute[];
  }
}
