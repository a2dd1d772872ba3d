// Issue 32 (the OpenAPI document says every POST takes a JSON object): every registered POST under /api,
// whatever it takes and whoever may call it, answers 400 to a body that is not an object: a string, null,
// an array, a 20,000-deep array. tests/server/empty-bodies.test.ts proves the same, and more, for the calls
// that take nothing; this walks all of them. Uploads take multipart/form-data, so a JSON body is 415 there.
import { beforeAll, describe, expect, it } from 'vitest';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { postRawJson, serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';

const server = serverForSuite();
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
        // Hub88's calls too (decision 0054), in Hub88's words.
        const signed = r.url.includes('/games/seamless/') || r.url.includes('/games/hub88/');
        const expected = r.call?.upload ? 415 : signed ? 200 : 400;
        const envelope = r.url.includes('/games/hub88/')
          ? 'RS_ERROR_INVALID_SIGNATURE'
          : r.url.includes('/games/seamless/')
            ? 'INVALID_SIGNATURE'
            : expected;
        if (http !== expected || body.status !== envelope) accepted.push(`${r.url}: ${http} ${body.status}`);
      }
      expect(accepted).toEqual([]);
    },
    120_000,
  );
});
