import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminDepositListCall } from '#contract/admin/deposit';
import {
  depositCreateCall,
  depositDetailCall,
  depositListCall,
  sandboxCallbackCall,
  sandboxPayFormCall,
  sandboxPayPageCall,
  toMoney,
} from '#contract/wallet';
import type { AppContext } from '../../context';
import { forgetOldKeys, idempotentCall } from '../../http/idempotency';
import { serve } from '../../http/serve';
import { adminDeposits } from './admin';
import { createSandboxProvider, type PaymentProvider, type SandboxProvider, signCallback } from './provider';
import { sandboxSecret } from './repository';
import * as service from './service';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const SWEEP_INTERVAL_MS = 60_000;

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
export async function paymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  given?: PaymentProvider | null,
): Promise<void> {
  const provider = given !== undefined ? given : ctx.config.demo ? await installSandbox(ctx) : null;

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

  serve(app, ctx, depositCreateCall, (call) =>
    idempotentCall(
      ctx,
      call,
      'deposit/create',
      service.createDeposit(ctx, provider, call.auth, call.input.amount, call.input.bonusOffer ?? null),
    ),
  );
  serve(app, ctx, depositListCall, ({ auth, input }) => service.listDeposits(ctx, provider, auth, input));
  serve(app, ctx, adminDepositListCall, ({ auth, input }) => adminDeposits(ctx, auth.operator, input));
  serve(app, ctx, depositDetailCall, ({ auth, input }) =>
    service.depositDetail(ctx, provider, auth, input.orderNo),
  );

  if (provider?.name === 'sandbox') await sandboxRoutes(app, ctx, provider as SandboxProvider);
}

/** The provider's side, played by this server in demo mode: its callback and its pay page. */
async function sandboxRoutes(app: FastifyInstance, ctx: AppContext, sandbox: SandboxProvider): Promise<void> {
  // An unknown order and a wrong token look the same: the page tells nothing to a guesser.
  const payableOrder = async (orderNo: string, token: string) =>
    sandbox.checkPayToken(orderNo, token) ? service.findForPayPage(ctx, orderNo) : undefined;

  serve(app, ctx, sandboxCallbackCall, ({ input }) => service.handleCallback(ctx, sandbox, input));

  serve(app, ctx, sandboxPayPageCall, async ({ input, reply }) => {
    const order = await payableOrder(input.orderNo, input.token);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!order) return reply.code(404).send(page('Sandbox payment', '<p>No such order.</p>'));
    const amount = toMoney(order.amount).toFixed(2);
    if (order.state !== 'Prepare') {
      return page(
        'Sandbox payment',
        `<p>Order ${escapeHtml(order.order_no)} (${amount}) is ${escapeHtml(order.state)}.</p><p><a href="/">Back to the app</a></p>`,
      );
    }
    const form = (action: string, label: string) =>
      `<form method="post" action="/api/wallet/sandbox/pay"><input type="hidden" name="orderNo" value="${escapeHtml(order.order_no)}"><input type="hidden" name="token" value="${escapeHtml(input.token)}"><input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
    return page(
      'Sandbox payment',
      `<p>This is the sandbox payment provider: no real money moves.</p><p>Order <b>${escapeHtml(order.order_no)}</b></p><p>Amount <b>${amount}</b></p>${form('pay', `Pay ${amount}`)}${form('cancel', 'Cancel payment')}`,
    );
  });

  // The pay page's buttons post a plain form: its parser exists only in this scope, for this one call.
  await app.register(async (formScope) => {
    formScope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    serve(formScope, ctx, sandboxPayFormCall, async ({ input, request, reply }) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!fromThisOrigin(request)) {
        ctx.log.warn({ origin: request.headers.origin }, 'sandbox pay form posted from another origin');
        return reply
          .code(403)
          .send(page('Sandbox payment', '<p>This form can only be sent from its own page.</p>'));
      }
      const order = await payableOrder(input.orderNo, input.token);
      if (!order) return reply.code(404).send(page('Sandbox payment', '<p>No such order.</p>'));
      const unsigned = {
        orderNo: order.order_no,
        amount: toMoney(order.amount),
        status: input.action === 'pay' ? ('paid' as const) : ('failed' as const),
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
  });
}
