// Issue 32 (the OpenAPI document says every POST takes a JSON object): every registered POST under /api,
// whatever it takes and whoever may call it, answers 400 to a body that is not an object: a string, null,
// an array, a 20,000-deep array. tests/server/empty-bodies.test.ts proves the same, and more, for the calls
// that take nothing; this walks all of them. Uploads take multipart/form-data, so a JSON body is 415 there.
import { beforeAll, describe, expect, it } from 'vitest';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { postRawJson, serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';

const server = serverForSuite();
/** The signed or token-proven calls: refused unproven before their body is read, HTTP 200 in their wire's words. */
const UNPROVEN: [string, string][] = [
  ['/games/seamless/', 'INVALID_SIGNATURE'],
  ['/games/hub88/', 'RS_ERROR_INVALID_SIGNATURE'],
  ['/games/evolution/', 'INVALID_TOKEN_ID'],
];
let operator: TeamUser;

beforeAll(async () => {
  operator = await quickUser(server);
  await makeOperator(server, operator);
});

const posts = () =>
  server.app.routes.filter((r) => r.method === 'POST' && r.url.startsWith('/api/') && r.call);

const DEPTH = 20_000;

describe('every POST call', () => {
  it.each([
    ['a string', JSON.stringify('hello')],
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    [`a ${DEPTH}-deep nested array`, `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`],
  ])(
    'refuses %s as its body',
    async (_what, raw) => {
      const routes = posts();
      expect(routes.length).toBeGreaterThan(140);
      const accepted: string[] = [];
      for (const r of routes) {
        // A seamless call is refused unsigned before its body is read: the provider is named, unsigned.
        const { http, envelope: body } = await postRawJson(
          server,
          r.url.slice('/api'.length),
          raw,
          operator.token,
          {
            'x-provider': 'none',
          },
        );
        // The aggregators' calls too (decision 0054), each in its own words.
        const refusedUnproven = UNPROVEN.find(([part]) => r.url.includes(part))?.[1];
        const expected = r.call?.upload ? 415 : refusedUnproven ? 200 : 400;
        const envelope = refusedUnproven ?? expected;
        if (http !== expected || body.status !== envelope) accepted.push(`${r.url}: ${http} ${body.status}`);
      }
      expect(accepted).toEqual([]);
    },
    120_000,
  );
});
