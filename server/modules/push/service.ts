import type { FastifyRequest } from 'fastify';
import type { PushSubscribeRequest, PushSubscriptionState } from '#contract/push';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { fieldError, serviceUnavailable } from '../../http/envelope';
import type { Authenticated } from '../auth/service';
import { callerLocale } from '../content/service';
import { claimForPush } from '../messages/service';
import { claimForDelivery, type NoticeDeliveries } from '../notices/service';
import { callerSiteId } from '../site/service';
import { subscriptionProblem } from './endpoint-guard';
import * as repo from './repository';
import type { PushRuntime } from './runtime';

/** The key browsers subscribe against; 503 `push_unavailable` while push is off in this process. */
export async function publicKey(runtime: PushRuntime): Promise<{ publicKey: string }> {
  const keys = await runtime.keys();
  if (!keys) throw serviceUnavailable('push_unavailable');
  return { publicKey: keys.publicKey };
}

/**
 * Stores this browser's subscription for the user, in the language the app shows (else the request's,
 * else the account's) and for the site it came through.
 */
export async function subscribe(
  ctx: AppContext,
  user: Pick<Authenticated['user'], 'id' | 'locale'>,
  input: PushSubscribeRequest,
  request: Pick<FastifyRequest, 'headers' | 'hostname' | 'log'>,
): Promise<PushSubscriptionState> {
  // The worker connects to whatever is stored here: only a push service, at a public address.
  const problem = await subscriptionProblem(input.endpoint, ctx.config.push);
  if (problem) {
    request.log.warn({ userId: user.id, problem }, 'push subscription refused');
    throw fieldError('endpoint', 'push_endpoint_not_allowed');
  }
  const locale = input.locale ?? callerLocale(request, user.locale);
  await repo.upsertSubscription(
    ctx.db,
    {
      userId: user.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh.replace(/=+$/, ''),
      auth: input.keys.auth.replace(/=+$/, ''),
      locale,
      siteId: await callerSiteId(ctx, request),
      expirationTime: input.expirationTime ?? null,
    },
    ctx.clock.now(),
  );
  return { subscribed: true, locale };
}

/** Someone else's endpoint is left alone, and the answer does not tell whether it exists. */
export async function unsubscribe(
  ctx: AppContext,
  userId: number,
  endpoint: string,
): Promise<PushSubscriptionState> {
  await repo.deleteSubscription(ctx.db, userId, endpoint);
  return { subscribed: false };
}

/**
 * Queues one delivery per matching subscription of a notice that is live now and not yet queued;
 * returns how many were queued (0 when the notice is not due, ended, or was queued already).
 */
export const queueNotice = (db: Db, noticeId: number, now: number): Promise<number> =>
  db.transaction().execute(async (trx) => {
    const target = await claimForDelivery(trx, noticeId, now);
    return target ? repo.insertDeliveries(trx, target, now) : 0;
  });

const MESSAGES_PER_ROUND = 200;

/**
 * Queues the deliveries of messages written since the last round (one per subscription of each message's
 * user); answers how many messages were taken. A message's row and its deliveries commit together.
 */
export const queueMessages = (db: Db, now: number): Promise<number> =>
  db.transaction().execute(async (trx) => {
    const messages = await claimForPush(trx, now, MESSAGES_PER_ROUND);
    await repo.insertMessageDeliveries(
      trx,
      messages.map((m) => m.id),
      now,
    );
    return messages.length;
  });

/** Push as the deliverer of notices: what the notices module is handed (server/modules/registry.ts). */
export function noticeDeliveries(ctx: AppContext, runtime: PushRuntime): NoticeDeliveries {
  return {
    async published(noticeId) {
      const queued = await queueNotice(ctx.db, noticeId, ctx.clock.now());
      // This process's worker sends at once instead of at its next tick.
      if (queued > 0) runtime.wake();
      return queued;
    },
    dropPending: (trx, noticeId, why) =>
      repo.dropPending(trx, noticeId, why === 'edited' ? { delete: true } : { dead: 'notice withdrawn' }),
    counts: (noticeIds) => repo.deliveryCounts(ctx.db, noticeIds),
  };
}
