import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../server/seed/demo';

/*
 * The demo operators' authenticator, shared by both workers. The server takes each 30-second step's code
 * once per operator (decision 0024) and counts a refused one towards the lockout, so workers must never
 * guess: one sign-in at a time, under a lock, they note in a file of this run which step each operator's
 * last code was for, and the next sign-in takes the step after it, waiting when that step is not yet
 * accepted (the server takes the current step and the next one).
 */

const STEP_S = 30;
/** Set by global-setup.ts: a directory of this run only, so an earlier run's steps never count. */
const runDir = () => {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error('E2E_RUN_DIR is unset: run the suite through playwright.config.ts');
  return dir;
};

/**
 * The server's time, which the authenticator's code must match: a demo server's movable clock (the agent
 * programme's test moves it a day on), else this machine's.
 */
async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/dev/clock', { data: { advanceMs: 0 } });
  const body = (await res.json()) as { status: number; data: { now: number } };
  return body.status === 200 ? body.data.now : Date.now();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = join(runDir(), `${name}.lock`);
  const giveUp = Date.now() + 90_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > giveUp) throw new Error(`${lock} held for 90 s: a worker died holding it?`);
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    rmdirSync(lock);
  }
}

/**
 * Hands `use` a code for the demo operator `label` that no other sign-in of this run has used, and holds
 * the lock until `use` has had the server's answer: a later step's code landing first would make this
 * one too old.
 */
export async function withOperatorCode<T>(
  request: APIRequestContext,
  label: string,
  use: (code: string) => Promise<T>,
): Promise<T> {
  const origin = new URL((await request.head('/')).url()).host.replace(/\W/g, '_');
  const book = join(runDir(), `${label}@${origin}.step`);
  return withLock(`${label}@${origin}`, async () => {
    let last: number;
    try {
      last = Number(readFileSync(book, 'utf8'));
    } catch {
      last = Number.NEGATIVE_INFINITY;
    }
    for (;;) {
      const nowS = (await serverNow(request)) / 1000;
      const step = Math.max(Math.floor(nowS / STEP_S), last + 1);
      const acceptedFrom = (step - 1) * STEP_S;
      if (nowS >= acceptedFrom) {
        writeFileSync(book, String(step));
        return use(await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: step * STEP_S }));
      }
      await sleep((acceptedFrom - nowS) * 1000 + 100);
    }
  });
}
