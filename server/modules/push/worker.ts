import { randomBytes } from 'node:crypto';
import { Agent } from 'node:https';
import { hostname } from 'node:os';
import webpush, { WebPushError } from 'web-push';
import type { AppContext } from '../../context';
import { periodic } from '../../periodic';
import { messageForPush } from '../messages/service';
import { dueForDelivery, noticeForDelivery, noticeText } from '../notices/service';
import { refusingMarketing } from '../protection/service';
import { endpointProblem, guardedLookup, PushAddressRefused } from './endpoint-guard';
import { buildMessagePayload, buildPayload } from './payload';
import * as repo from './repository';
import type { PushRuntime } from './runtime';
import { queueMessages, queueNotice } from './service';
import type { VapidKeys } from './vapid';

export const MAX_TTL_SECONDS = 24 * 3600;
export const RETRY_BASE_MS = 10_000;
export const RETRY_CAP_MS = 3600_000;
export const MAX_ATTEMPTS = 8;

export interface PushWorkerOptions {
  /** Names this process in locked_by. */
  id?: string;
  /** Pause between polls when nothing is due. */
  tickMs?: number;
  /** Certificate authorities to trust instead of the system's (tests: their own fake push service). */
  ca?: string;
  /** Per-request timeout; must stay well under the lease so a lease never runs out mid-request. */
  timeoutMs?: number;
}

export interface PushWorker {
  readonly id: string;
  start(): void;
  /** Finishes the batch in flight, then stops. */
  stop(): Promise<void>;
  /** One round: queue due notices and new messages, then claim and send one batch; answers how many were claimed. */
  runOnce(): Promise<number>;
  /** Rounds until nothing is due now. */
  drain(): Promise<number>;
}

/** 10 s, 20 s, 40 s … capped at an hour; a Retry-After from the push service is honoured. */
export const retryDelayMs = (attempts: number, retryAfterSeconds?: number): number =>
  Math.min(
    RETRY_CAP_MS,
    Math.max(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), (retryAfterSeconds ?? 0) * 1000),
  );

function retryAfterOf(err: WebPushError): number | undefined {
  const raw = err.headers?.['retry-after'];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export function createPushWorker(
  ctx: AppContext,
  runtime: PushRuntime,
  opts: PushWorkerOptions = {},
): PushWorker {
  const id = opts.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const tickMs = opts.tickMs ?? 1000;
  const timeoutMs = Math.min(opts.timeoutMs ?? 10_000, ctx.config.push.leaseMs / 2);
  const { concurrency, leaseMs, subject } = ctx.config.push;
  const db = ctx.db;
  // Every push request goes through this agent: its lookup refuses any address that is not public.
  const agent = new Agent({
    keepAlive: true,
    lookup: guardedLookup(ctx.config.push),
    ...(opts.ca ? { ca: opts.ca } : {}),
  });

  /** What one delivery sends, or why it will never be sent. */
  type Prepared = { payload: object; ttlSeconds: number; topic: string } | { dead: string } | { gone: true };

  async function prepareNotice(
    noticeId: number,
    subscription: { user_id: number; locale: string; site_name: string | null },
    now: number,
  ): Promise<Prepared> {
    const notice = await noticeForDelivery(ctx, noticeId);
    if (!notice) return { gone: true };
    if (notice.withdrawn_at !== null) return { dead: 'notice withdrawn' };
    if (notice.publish_until !== null && notice.publish_until <= now) return { dead: 'notice ended' };
    // A notice is marketing: none reaches a user in a time-out or self-exclusion (the notice centre has it).
    if ((await refusingMarketing(db, [subscription.user_id], now)).size > 0)
      return { dead: 'user in a time-out or self-exclusion' };
    const text = await noticeText(ctx, notice, subscription.locale);
    return {
      payload: buildPayload(noticeId, text, subscription.site_name ?? notice.site_name ?? ''),
      ttlSeconds:
        notice.publish_until === null
          ? MAX_TTL_SECONDS
          : Math.max(1, Math.min(MAX_TTL_SECONDS, Math.floor((notice.publish_until - now) / 1000))),
      // One topic per notice: a push service replaces an undelivered copy instead of stacking repeats.
      topic: `notice-${noticeId}`,
    };
  }

  async function prepareMessage(
    messageId: number,
    subscription: { locale: string; site_name: string | null },
    now: number,
  ): Promise<Prepared> {
    // An operator's message in the language the subscribing app last showed, when it was written in it.
    const message = await messageForPush(db, messageId, subscription.locale);
    if (!message.send) return { dead: message.why };
    // A day late it is no news: the list has it.
    const ttlSeconds = Math.floor((message.createdAt + MAX_TTL_SECONDS * 1000 - now) / 1000);
    if (ttlSeconds <= 0) return { dead: 'message too old' };
    return {
      payload: buildMessagePayload(messageId, message, subscription.site_name ?? ''),
      ttlSeconds,
      topic: `message-${messageId}`,
    };
  }

  async function deliver(d: repo.ClaimedDelivery, keys: VapidKeys): Promise<void> {
    const now = ctx.clock.now();
    const subscription = await repo.findSubscription(db, d.subscription_id);
    if (!subscription) return; // removed meanwhile; its row went with it
    const prepared =
      d.message_id !== null
        ? await prepareMessage(d.message_id, subscription, now)
        : await prepareNotice(Number(d.notice_id), subscription, now);
    if ('gone' in prepared) return;
    if ('dead' in prepared) return repo.markDead(db, d, id, prepared.dead);
    // Stored before the allow-list existed, or the list changed since: never connected to.
    const problem = endpointProblem(subscription.endpoint, ctx.config.push);
    if (problem) return settleFailure(d, new PushAddressRefused(problem));
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(prepared.payload),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: prepared.ttlSeconds,
          topic: prepared.topic,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
          timeout: timeoutMs,
          agent,
        },
      );
    } catch (err) {
      return settleFailure(d, err);
    }
    // The window a crash can duplicate: the push service accepted, this UPDATE has not committed yet.
    await repo.markSent(db, d, id, ctx.clock.now());
  }

  async function settleFailure(d: repo.ClaimedDelivery, err: unknown): Promise<void> {
    if (err instanceof PushAddressRefused) {
      // Not a push service, or one resolving into a private network: trying again would not help.
      ctx.log.warn({ delivery: d.id, reason: err.message }, 'push delivery refused: endpoint not allowed');
      return repo.markDead(db, d, id, `refused: ${err.message}`);
    }
    const status = err instanceof WebPushError ? err.statusCode : undefined;
    const reason = status
      ? `HTTP ${status}: ${String(err instanceof WebPushError ? err.body : '').slice(0, 200)}`
      : String(err);
    if (status === 404 || status === 410) {
      // The browser dropped the subscription: it will never work again.
      await repo.deleteSubscriptionById(db, d.subscription_id);
      return;
    }
    const transient = status === undefined || status === 429 || status >= 500;
    if (!transient || d.attempts >= MAX_ATTEMPTS) {
      ctx.log.warn({ delivery: d.id, reason }, 'push delivery failed for good');
      return repo.markDead(db, d, id, reason);
    }
    const delay = retryDelayMs(d.attempts, err instanceof WebPushError ? retryAfterOf(err) : undefined);
    await repo.markRetry(db, d, id, ctx.clock.now() + delay, reason);
  }

  async function runOnce(): Promise<number> {
    const keys = await runtime.keys();
    if (!keys) return 0;
    const now = ctx.clock.now();
    for (const noticeId of await dueForDelivery(ctx, now)) {
      const queued = await queueNotice(db, noticeId, now);
      if (queued > 0)
        ctx.log.info({ noticeId, queued }, 'scheduled notice published: push deliveries queued');
    }
    while ((await queueMessages(db, now)) > 0) {
      // Until every message written so far has its deliveries queued.
    }
    const claimed = await repo.claimDue(db, id, now, leaseMs, concurrency);
    await Promise.all(
      claimed.map((d) =>
        deliver(d, keys).catch((err: unknown) => {
          // Left leased: it is claimed again when the lease runs out.
          ctx.log.error({ err, delivery: d.id }, 'push delivery could not be settled');
        }),
      ),
    );
    return claimed.length;
  }

  // A round that claimed deliveries goes on at once: a backlog drains without waiting a tick per batch.
  const loop = periodic(runOnce, {
    intervalMs: tickMs,
    onError: (err) => ctx.log.error({ err }, 'push worker round failed'),
    again: (claimed) => claimed !== 0,
  });
  let unsubscribe: (() => void) | undefined;

  return {
    id,
    start() {
      unsubscribe ??= runtime.onWake(loop.wake);
      loop.start();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      await loop.stop();
      // Idle keep-alive sockets would otherwise hold the process open.
      agent.destroy();
    },
    runOnce,
    async drain() {
      let total = 0;
      for (;;) {
        const n = await runOnce();
        total += n;
        if (n === 0) return total;
      }
    },
  };
}
