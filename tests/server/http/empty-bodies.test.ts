// Issue 31, item 20: a POST that takes nothing declares an empty object body, so a string, null, an array or
// a deeply nested array is refused with the 400 envelope before any handler runs, while `{}` (what the app
// sends) and no body at all still go through. Every such call is found from the registered routes, not listed by hand.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Call } from '#contract/call';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { postRawJson, serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';

const server = serverForSuite();
let operator: TeamUser;

// A session of its own per test: a logout that wrongly went through must not sign the next test out.
beforeEach(async () => {
  operator = await quickUser(server);
  await makeOperator(server, operator);
});

/** A body schema with no fields (or none at all): what "takes nothing" looks like in a declaration. */
function takesNothing(call: Call): boolean {
  if (!call.input) return true;
  const def = (call.input as unknown as { _zod: { def: { type: string; shape?: object } } })._zod.def;
  return def.type === 'object' && Object.keys(def.shape ?? {}).length === 0;
}

/** The declared POST calls under /api that take nothing; logout last, since it ends the session. */
const bodilessPosts = () =>
  server.app.routes
    .filter((r) => r.method === 'POST' && r.url.startsWith('/api/') && r.call && !r.call.upload)
    .filter((r) => takesNothing(r.call as Call))
    .map((r) => r.url.slice('/api'.length))
    .sort((a, b) => Number(a === '/cplogin/logout') - Number(b === '/cplogin/logout'));

const DEPTH = 20_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

const postRaw = (apiPath: string, raw: string) => postRawJson(server, apiPath, raw, operator.token);

describe('POST calls that take no body', () => {
  it('are found: every one of them, whatever its access', () => {
    const paths = bodilessPosts();
    expect(paths.length).toBeGreaterThanOrEqual(25);
    expect(paths).toEqual(expect.arrayContaining(['/mainview/sites', '/user/info', '/admin/sites/list']));
  });

  it.each([
    ['a string', JSON.stringify('hello')],
    ['null', 'null'],
    ['a number', '7'],
    ['an array', '[1,2,3]'],
    [`a ${DEPTH}-deep nested array`, deepArray],
  ])('refuse %s with the 400 envelope naming the body', async (_what, raw) => {
    const accepted: string[] = [];
    for (const apiPath of bodilessPosts()) {
      const { http, envelope } = await postRaw(apiPath, raw);
      if (http !== 400 || envelope.status !== 400) accepted.push(`${apiPath}: ${http}`);
      else expect(envelope.data, apiPath).toEqual({ issues: [expect.objectContaining({ path: 'body' })] });
    }
    expect(accepted).toEqual([]);
  });

  it.each([
    ['`{}`', '{}'],
    // Nothing is what they take (a logout sent with no body, say).
    ['no body at all', ''],
    // What the app sends when it was opened with them (spec section 7: merged into every body).
    ['the passthrough keys', JSON.stringify({ packagename: 'com.example.app', appsflyer_id: 'af-1' })],
  ])('take %s', async (_what, raw) => {
    const refused: string[] = [];
    for (const apiPath of bodilessPosts()) {
      const { http } = await postRaw(apiPath, raw);
      if (http === 400 || http >= 500) refused.push(`${apiPath}: ${http}`);
    }
    expect(refused).toEqual([]);
  });
});

// Fastify parses the whole body before the schema sees it. JSON.parse is not recursive, so a 64 KB body
// nested 32,000 deep costs about 2 ms to parse (measured; 0.4 ms flat) and cannot overflow the stack. A key
// the schema does not name is dropped unread, and a wrong-typed field is refused at its first level, so
// the nesting never reaches a handler, where a recursive walk (JSON.stringify) would overflow.
describe('a deeply nested value inside a declared body', () => {
  it('is refused by field when it stands where a field is expected', async () => {
    const { http, envelope } = await postRaw('/cplogin/login', `{"areaCode":${deepArray},"phone":"1"}`);
    expect(http).toBe(400);
    expect(envelope.data).toEqual({
      issues: expect.arrayContaining([expect.objectContaining({ path: 'areaCode', code: 'invalid_type' })]),
    });
  });

  it('under a key no call names, brings no call to a server error', async () => {
    const broken: string[] = [];
    const paths = server.app.routes
      .filter((r) => r.method === 'POST' && r.url.startsWith('/api/') && r.call && !r.call.upload)
      .map((r) => r.url.slice('/api'.length))
      .sort((a, b) => Number(a === '/cplogin/logout') - Number(b === '/cplogin/logout'));
    expect(paths.length).toBeGreaterThan(100);
    for (const apiPath of paths) {
      const { http } = await postRaw(apiPath, `{"nested":${deepArray}}`);
      if (http >= 500) broken.push(`${apiPath}: ${http}`);
    }
    expect(broken).toEqual([]);
  });
});
