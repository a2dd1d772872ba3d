import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../src/contract/envelope';
import {
  depositCreateRequestSchema,
  depositOrderSchema,
  depositPageSchema,
  orderNoRequestSchema,
  pageRequestSchema,
  sandboxCallbackResponseSchema,
  sandboxCallbackSchema,
  sandboxPayQuerySchema,
  toMoney,
} from '../../../src/contract/wallet';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { forgetOldKeys, idempotent } from '../../http/idempotency';
import { createSandboxProvider, type PaymentProvider, type SandboxProvider, signCallback } from './provider';
import { sandboxSecret } from './repository';
import * as service from './service';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const SWEEP_INTERVAL_MS = 60_000;

const sandboxFormSchema = z.object({
  orderNo: z.string().min(1).max(64),
  token: z.string().max(128).default(''),
  action: z.enum(['pay', 'cancel']),
});

/**
 * A browser posting the pay form says where the page came from: only this origin may post it. A
 * client that is no browser sends no Origin; the order's pay token still has to be right.
 */
function fromThisOrigin(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.host;
  } catch {
    return false; // "null" (a sandboxed frame, a file) or garbage
  }
}

/** This install's sandbox (demo mode): its secret from the environment, else generated once. */
async function installSandbox(ctx: AppContext): Promise<SandboxProvider> {
  const secret =
    ctx.config.sandboxSecret ??
    (await sandboxSecret(ctx.db, randomBytes(32).toString('hex'), ctx.clock.now()));
  return createSandboxProvider(secret);
}

/**
 * Deposits. The provider is the built-in sandbox in demo mode; without demo mode and without a real
 * provider, creating a deposit answers 503 `payments_unavailable`.
 */
export const paymentRoutes =
  (ctx: AppContext, given?: PaymentProvider | null): FastifyPluginAsyncZod =>
  async (app) => {
    const provider = given !== undefined ? given : ctx.config.demo ? await installSandbox(ctx) : null;
    const auth = requireAuth(ctx);

    // Once a minute: expire unpaid orders besides the sweep on access (harmless with several processes:
    // each order leaves Prepare by a conditional update), and forget idempotency keys past retention.
    const sweepExpiredQuietly = () =>
      Promise.all([service.sweepExpired(ctx), forgetOldKeys(ctx.db, ctx.clock.now())]).catch((err: unknown) =>
        ctx.log.warn({ err }, 'wallet housekeeping failed'),
      );
    const timer = setInterval(() => {
      void sweepExpiredQuietly();
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    app.post(
      '/wallet/deposit/create',
      {
        onRequest: auth,
        schema: { body: depositCreateRequestSchema, response: { 200: envelopeSchema(depositOrderSchema) } },
      },
      async (req, reply) => {
        const a = authOf(req);
        const p = service.requireProvider(provider);
        return ok(
          await idempotent({
            ctx,
            request: req,
            reply,
            userId: a.user.id,
            route: 'deposit/create',
            body: req.body,
            run: (trx) => service.createDeposit(trx, ctx, p, a.user.id, req.body.amount),
          }),
        );
      },
    );
    app.post(
      '/wallet/deposit/list',
      {
        onRequest: auth,
        schema: { body: pageRequestSchema, response: { 200: envelopeSchema(depositPageSchema) } },
      },
      async (req) =>
        ok(await service.listDeposits(ctx, provider, authOf(req), req.body.number, req.body.size)),
    );
    app.post(
      '/wallet/deposit/detail',
      {
        onRequest: auth,
        schema: { body: orderNoRequestSchema, response: { 200: envelopeSchema(depositOrderSchema) } },
      },
      async (req) => ok(await service.depositDetail(ctx, provider, authOf(req), req.body.orderNo)),
    );

    if (provider?.name !== 'sandbox') return;
    const sandbox = provider as SandboxProvider;
    // An unknown order and a wrong token look the same: the page tells nothing to a guesser.
    const payableOrder = async (orderNo: string, token: string) =>
      sandbox.checkPayToken(orderNo, token) ? service.findForPayPage(ctx, orderNo) : undefined;

    // The provider's side, played by this server in demo mode.
    app.post(
      '/wallet/sandbox/callback',
      {
        schema: {
          body: sandboxCallbackSchema,
          response: { 200: envelopeSchema(sandboxCallbackResponseSchema) },
        },
      },
      async (req) => ok(await service.handleCallback(ctx, sandbox, req.body)),
    );

    app.get('/wallet/sandbox/pay', { schema: { querystring: sandboxPayQuerySchema } }, async (req, reply) => {
      const order = await payableOrder(req.query.orderNo, req.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!order) return reply.code(404).send(page('Sandbox payment', '<p>No such order.</p>'));
      const amount = toMoney(Number(order.amount)).toFixed(2);
      if (order.state !== 'Prepare') {
        return page(
          'Sandbox payment',
          `<p>Order ${escapeHtml(order.order_no)} (${amount}) is ${escapeHtml(order.state)}.</p><p><a href="/">Back to the app</a></p>`,
        );
      }
      const form = (action: string, label: string) =>
        `<form method="post" action="/api/wallet/sandbox/pay"><input type="hidden" name="orderNo" value="${escapeHtml(order.order_no)}"><input type="hidden" name="token" value="${escapeHtml(req.query.token)}"><input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
      return page(
        'Sandbox payment',
        `<p>This is the sandbox payment provider: no real money moves.</p><p>Order <b>${escapeHtml(order.order_no)}</b></p><p>Amount <b>${amount}</b></p>${form('pay', `Pay ${amount}`)}${form('cancel', 'Cancel payment')}`,
      );
    });

    // The pay page's buttons post a plain form; this parser exists only inside this plugin.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.post('/wallet/sandbox/pay', { schema: { body: sandboxFormSchema } }, async (req, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!fromThisOrigin(req)) {
        ctx.log.warn({ origin: req.headers.origin }, 'sandbox pay form posted from another origin');
        return reply
          .code(403)
          .send(page('Sandbox payment', '<p>This form can only be sent from its own page.</p>'));
      }
      const order = await payableOrder(req.body.orderNo, req.body.token);
      if (!order) return reply.code(404).send(page('Sandbox payment', '<p>No such order.</p>'));
      const unsigned = {
        orderNo: order.order_no,
        amount: toMoney(Number(order.amount)),
        status: req.body.action === 'pay' ? ('paid' as const) : ('failed' as const),
        providerRef: `SBX${order.order_no}`,
        timestamp: ctx.clock.now(),
      };
      const result = await service.handleCallback(ctx, sandbox, {
        ...unsigned,
        sign: signCallback(sandbox.secret, unsigned),
      });
      return page(
        result.state === 'Success' ? 'Payment complete' : 'Payment not completed',
        `<p>Order ${escapeHtml(result.orderNo)} is ${escapeHtml(result.state)}.</p><p><a href="/">Back to the app</a></p>`,
      );
    });
  };
