import type { FastifyBaseLogger } from 'fastify';
import type { SmsCodePurpose } from '#contract/auth';
import type { Config } from '../../config';
import type { Clock } from '../../context';
import type { Db } from '../../db/create-db';
import { recordSms } from '../dev/service';

export interface SmsRecipient {
  areaCode: string;
  phone: string;
}

export interface SmsProvider {
  /** Rejects when the message could not be handed over. */
  send(to: SmsRecipient, text: string, meta: { code: string; purpose: SmsCodePurpose }): Promise<void>;
}

/**
 * Demo provider: the code goes to the log and the dev outbox (readable only in demo mode). Outside demo
 * mode (config refuses it; only code can build one) it delivers nothing and writes no code anywhere.
 */
export function createDevSmsProvider(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  demo: boolean,
): SmsProvider {
  return {
    async send(to, text, meta) {
      if (!demo) {
        log.error(
          { purpose: meta.purpose },
          'dev sms provider outside demo mode: no SMS sent (set SMS_PROVIDER=http)',
        );
        throw new Error('the dev SMS provider works in demo mode only');
      }
      log.info({ to: `+${to.areaCode} ${to.phone}`, purpose: meta.purpose, code: meta.code }, 'dev sms sent');
      await recordSms(db, {
        area_code: to.areaCode,
        phone: to.phone,
        purpose: meta.purpose,
        code: meta.code,
        text,
        created_at: clock.now(),
      });
    },
  };
}

/** Generic HTTP gateway: POST {to, text} with a bearer token; any non-2xx answer is a failure. */
export function createHttpSmsProvider(url: string, token: string, timeoutMs = 10_000): SmsProvider {
  return {
    async send(to, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ to: `+${to.areaCode}${to.phone}`, text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Drain the body so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    },
  };
}

export function createSmsProvider(config: Config, db: Db, clock: Clock, log: FastifyBaseLogger): SmsProvider {
  return config.sms.provider === 'http'
    ? createHttpSmsProvider(config.sms.url, config.sms.token)
    : createDevSmsProvider(db, clock, log, config.demo);
}
