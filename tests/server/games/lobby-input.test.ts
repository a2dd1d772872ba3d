// The app's game calls refuse bad input and strangers (issue 13): no token, a missing, wrong-typed or
// too long field, an unknown game, another player's round, an unknown channel.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForSuite } from '../harness';
import { newUser } from '../wallet/helpers';
import { addProvider } from './fixtures';

const server = serverForSuite({ demoSeed: true });
let provider: Awaited<ReturnType<typeof addProvider>>;

beforeAll(async () => {
  provider = await addProvider(server);
});

const codeOf = (res: { data: { code?: string; issues?: { path: string; code: string }[] } }) =>
  res.data.code ?? res.data.issues?.map((i) => `${i.path}:${i.code}`).join(',');

describe('the games calls refuse', () => {
  it('a launch, the record and a channel balance without a session (401)', async () => {
    for (const [path, body] of [
      ['/games/launch', { gameId: provider.gameId }],
      ['/games/rounds', {}],
      ['/games/round', { id: 1 }],
      ['/games/channel-balance', { channel: 'live-casino' }],
    ] as const) {
      const res = await server.post(path, body);
      expect([path, res.http]).toEqual([path, 401]);
    }
  });

  it('a launch with no game, a wrong type, an unknown game', async () => {
    const user = await newUser(server, { safePassword: null });
    const missing = await server.post('/games/launch', {}, user.token);
    expect([missing.http, codeOf(missing)]).toEqual([400, 'gameId:game_required']);
    const wrong = await server.post('/games/launch', { gameId: 'one' }, user.token);
    expect([wrong.http, codeOf(wrong)]).toEqual([400, 'gameId:invalid_type']);
    const unknown = await server.post('/games/launch', { gameId: 999_999 }, user.token);
    expect([unknown.http, codeOf(unknown)]).toEqual([404, 'game_not_found']);
    const long = await server.post(
      '/games/launch',
      { gameId: provider.gameId, lang: 'x'.repeat(11) },
      user.token,
    );
    expect([long.http, codeOf(long)]).toEqual([400, 'lang:too_long']);
  });

  it('a lobby search or filters that are too long, and a page too large', async () => {
    const search = await server.post('/games/list', { search: 'x'.repeat(101) });
    expect([search.http, codeOf(search)]).toEqual([400, 'search:too_long']);
    const channel = await server.post('/games/list', { channel: 'x'.repeat(33) });
    expect([channel.http, codeOf(channel)]).toEqual([400, 'channel:too_long']);
    const size = await server.post('/games/list', { size: 51 });
    expect([size.http, codeOf(size)]).toEqual([400, 'size:too_long']);
  });

  it('another player’s round, a bad date bound, an unknown channel', async () => {
    const me = await newUser(server, { safePassword: null });
    const round = await server.db
      .insertInto('game_rounds')
      .values({
        provider_code: provider.code,
        round_ref: `r-${me.id}`,
        user_id: me.id,
        game_id: provider.gameId,
        channel_code: provider.channel,
        status: 'pending',
        placed_at: server.clock.now(),
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await server.post('/games/round', { id: Number(round.id) }, me.token)).http).toBe(200);
    const other = await newUser(server, { safePassword: null });
    const theirs = await server.post('/games/round', { id: Number(round.id) }, other.token);
    expect([theirs.http, codeOf(theirs)]).toEqual([404, 'round_not_found']);
    const from = await server.post('/games/rounds', { from: -1 }, me.token);
    expect([from.http, codeOf(from)]).toEqual([400, 'from:invalid_type']);
    const channel = await server.post('/games/channel-balance', { channel: 'nowhere' }, me.token);
    expect([channel.http, codeOf(channel)]).toEqual([400, 'channel:channel_not_found']);
  });
});
