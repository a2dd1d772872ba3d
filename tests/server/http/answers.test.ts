import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { Call } from '#contract/call';
import type { AppContext } from '../../../server/context';
import { serve } from '../../../server/http/serve';
import { serverForSuite } from '../harness';

// One switch for every declared call (server/http/answers.ts, VALIDATE_ANSWERS): checked in tests and
// development, written as they are in production. Checked means exactly the contract, so the suites
// prove that production, which does not parse answers again, sends what they saw.

const exact = {
  method: 'POST',
  path: '/test/answers/exact',
  answer: z.object({ a: z.number(), b: z.string() }),
  access: 'public',
} satisfies Call;
const extra = { ...exact, path: '/test/answers/extra' } satisfies Call;
const reordered = { ...exact, path: '/test/answers/reordered' } satisfies Call;

const routes = (app: FastifyInstance) => {
  const { ctx } = app as FastifyInstance & { ctx: AppContext };
  serve(app, ctx, exact, () => ({ a: 1, b: 'x' }));
  // A row with a column the contract does not name (a password hash, say) must never reach the wire.
  serve(app, ctx, extra, () => ({ a: 1, b: 'x', secret: 'hash' }) as { a: number; b: string });
  serve(app, ctx, reordered, () => ({ b: 'x', a: 1 }));
};

describe.each([
  ['checked (the default)', {}],
  ['plain (VALIDATE_ANSWERS=false, production)', { VALIDATE_ANSWERS: 'false' }],
])('answers, %s', (mode, env) => {
  const checked = mode.startsWith('checked');
  const server = serverForSuite({ env, extraApiRoutes: routes });

  it('sends an answer that is exactly its contract, byte for byte the same either way', async () => {
    const res = await fetch(`${server.url}/api/test/answers/exact`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"status":200,"message":"success","data":{"a":1,"b":"x"}}');
  });

  it(
    checked ? 'refuses an answer with a field the contract lacks' : 'does not parse answers again',
    async () => {
      const res = await server.post('/test/answers/extra');
      if (checked) {
        expect(res.http).toBe(500);
        expect(res.status).toBe(500);
      } else {
        expect(res.http).toBe(200);
        expect(res.data).toEqual({ a: 1, b: 'x', secret: 'hash' });
      }
    },
  );

  it(checked ? 'refuses an answer in another key order' : 'keeps the key order it was given', async () => {
    const res = await server.post('/test/answers/reordered');
    expect(res.http).toBe(checked ? 500 : 200);
  });
});
