// The console's aggregator providers (issue 34, decision 0054) through the real calls: an administrator of
// every site adds a Hub88 provider with Hub88's public key and gets Beacon's to hand over, imports and
// refreshes its game list from Hub88's Games API (a local one that checks Beacon's signature), rotates a key
// with an overlap, and reads its wallet calls, which never show a key. Bad input, unknown references and
// operators without the grant are refused with their field's code; every change is audited by fingerprint.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  providerCallsCall,
  providerCreateCall,
  providerImportCall,
  providerKeyCall,
} from '#contract/admin/game-providers';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { deposit, newUser, seedSites } from '../wallet/helpers';
import { evolutionCall, startEvolutionApi } from './evolution-fixtures';
import { configureProvider, SEAMLESS_SLOTS_GAME } from './fixtures';
import { type GamesApi, hub88Call, rsaPair, startGamesApi, units } from './hub88-fixtures';

const server = serverForSuite();
const operators = operatorsOfTwoSitesForSuite(server, 'administrator');
let api: GamesApi;
const hub88 = rsaPair();

beforeAll(async () => {
  await seedSites(server);
  // Beacon's key is made when the provider is added: the Games API learns it from the answer.
  api = await startGamesApi('');
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const newCode = () => `hub-${randomUUID().slice(0, 8)}`;

const create = (body: Record<string, unknown>, token = operators.everyAdmin.token) =>
  server.call(
    providerCreateCall,
    {
      code: newCode(),
      name: 'Hub88 Staging',
      wire: 'hub88',
      baseUrl: api.url,
      operatorId: 7,
      subPartners: [{ site: 'localhost', subPartnerId: 'beacon-ph' }],
      defaultChannel: 'slots',
      verifyKey: hub88.publicKey,
      ...body,
    } as never,
    { token },
  );

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
const issuesOf = (res: { data?: any }): string[] =>
  (res.data?.issues ?? []).map((i: { path: string; code: string }) => `${i.path}:${i.code}`);

describe('adding a provider', () => {
  it('stores Hub88’s public key as given and Beacon’s private key sealed; answers Beacon’s public key', async () => {
    const code = newCode();
    const res = await create({ code: code.toUpperCase() });
    expect(res.status, res.message).toBe(200);
    expect(res.data.provider).toEqual({
      code,
      name: 'Hub88 Staging',
      protocol: 'seamless',
      wire: 'hub88',
      enabled: false,
      games: 0,
      enabledGames: 0,
    });
    expect(res.data.walletPath).toBe(`/api/games/hub88/${code}`);
    expect(res.data.handOver).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const keys = await server.db
      .selectFrom('game_provider_keys')
      .select(['purpose', 'value'])
      .where('provider_code', '=', code)
      .execute();
    expect(keys.find((k) => k.purpose === 'verify')?.value).toBe(hub88.publicKey.trim());
    const sign = keys.find((k) => k.purpose === 'sign')?.value ?? '';
    expect(sign.startsWith('v1:')).toBe(true);
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('record_id', '=', code)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['game.provider.create']);
    expect(JSON.stringify(audit)).not.toContain('BEGIN');
  });

  it('refuses bad input under its field, and a code already taken', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'Not a code!' }, 'code:provider_code_invalid'],
      [{ code: 'x'.repeat(33) }, 'code:too_long'],
      [{ baseUrl: 'ftp://hub88.example' }, 'baseUrl:provider_url_invalid'],
      [{ verifyKey: 'not a key' }, 'verifyKey:provider_key_invalid'],
      [{ operatorId: 0 }, 'operatorId:invalid_type'],
      [{ name: '' }, 'name:required'],
      [{ wire: 'pragmatic' }, 'wire:invalid_type'],
    ];
    for (const [body, issue] of cases) expect(issuesOf(await create(body)), issue).toContain(issue);
    // A PEM-looking text that is not a key.
    const fake = '-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----';
    expect(issuesOf(await create({ verifyKey: fake }))).toContain('verifyKey:provider_key_invalid');
    expect(issuesOf(await create({ defaultChannel: 'no-such-channel' }))).toContain(
      'defaultChannel:channel_not_found',
    );
    expect(
      issuesOf(await create({ subPartners: [{ site: 'nowhere.example', subPartnerId: 'x' }] })),
    ).toContain('subPartners.0.site:site_not_found');
    const code = newCode();
    expect((await create({ code })).status).toBe(200);
    expect(issuesOf(await create({ code }))).toContain('code:provider_code_taken');
  });

  it('is an administrator of every site’s: a site’s operator and a viewer are refused', async () => {
    expect((await create({}, operators.siteOperator.token)).status).toBe(403);
    expect((await create({}, operators.viewer.token)).status).toBe(403);
    expect((await create({}, '')).status).toBe(996);
  });
});

describe('importing its games', () => {
  it('adds new games, refreshes known ones and switches off those the list dropped', async () => {
    const made = await create({});
    const code = made.data.provider.code;
    api.beaconPublicKey = made.data.handOver;
    api.games = [
      { game_code: 'hub-reels', name: 'Hub Reels', category: 'Video Slots' },
      { game_code: 'hub-dice', name: 'Hub Dice', category: 'Dice' },
      { game_code: 'hub-off', name: 'Hub Off', category: 'Video Slots', enabled: false },
    ];
    const first = await server.call(providerImportCall, { code }, { token: operators.everyAdmin.token });
    expect(first.status, first.message).toBe(200);
    expect(first.data).toMatchObject({ added: 2, refreshed: 0, removed: 0, provider: { games: 2 } });
    api.games = [{ game_code: 'hub-reels', name: 'Hub Reels Deluxe', category: 'Video Slots' }];
    const second = await server.call(providerImportCall, { code }, { token: operators.everyAdmin.token });
    expect(second.data).toMatchObject({
      added: 0,
      refreshed: 1,
      removed: 1,
      provider: { games: 2, enabledGames: 1 },
    });
    const games = await server.db
      .selectFrom('games')
      .select(['code', 'name', 'enabled', 'channel_code'])
      .where('provider_code', '=', code)
      .orderBy('code')
      .execute();
    expect(games).toEqual([
      { code: 'hub-dice', name: 'Hub Dice', enabled: 0, channel_code: 'slots' },
      { code: 'hub-reels', name: 'Hub Reels Deluxe', enabled: 1, channel_code: 'slots' },
    ]);
  });

  it('says the list could not be read when Hub88 refuses Beacon’s signature, and changes nothing', async () => {
    const made = await create({});
    api.beaconPublicKey = rsaPair().publicKey;
    const res = await server.call(
      providerImportCall,
      { code: made.data.provider.code },
      { token: operators.everyAdmin.token },
    );
    expect(res.status).toBe(503);
    expect((res.data as unknown as { code?: string } | undefined)?.code).toBe('provider_games_unavailable');
    const unknown = await server.call(
      providerImportCall,
      { code: 'no-such' },
      { token: operators.everyAdmin.token },
    );
    expect(issuesOf(unknown)).toContain('code:provider_not_found');
  });
});

describe('keys and calls', () => {
  it('a new sign key: Beacon signs with it once its overlap ends, the aggregator having had its public half', async () => {
    const made = await create({});
    const code = made.data.provider.code;
    api.beaconPublicKey = made.data.handOver;
    api.games = [{ game_code: 'hub-reels', name: 'Hub Reels', category: 'Video Slots' }];
    const rotated = await server.call(
      providerKeyCall,
      { code, purpose: 'sign', overlapHours: 0 },
      { token: operators.everyAdmin.token },
    );
    expect(rotated.status, rotated.message).toBe(200);
    const next = rotated.data.handOver ?? '';
    // No overlap asked: the new key signs at once, so Hub88 still holding the old one refuses.
    const refused = await server.call(providerImportCall, { code }, { token: operators.everyAdmin.token });
    expect(refused.status).toBe(503);
    api.beaconPublicKey = next;
    const taken = await server.call(providerImportCall, { code }, { token: operators.everyAdmin.token });
    expect(taken.status, taken.message).toBe(200);
    const missing = await server.call(
      providerKeyCall,
      { code, purpose: 'verify', overlapHours: 24 },
      { token: operators.everyAdmin.token },
    );
    expect(issuesOf(missing)).toContain('value:required');
  });

  it('lists the provider’s wallet calls with ids, amounts and statuses, never a key', async () => {
    const made = await create({});
    const code = made.data.provider.code;
    api.beaconPublicKey = made.data.handOver;
    api.games = [{ game_code: 'hub-reels', name: 'Hub Reels', category: 'Video Slots' }];
    await server.call(providerImportCall, { code }, { token: operators.everyAdmin.token });
    const game = await server.db
      .selectFrom('games')
      .select('id')
      .where('provider_code', '=', code)
      .executeTakeFirstOrThrow();
    const user = await newUser(server);
    await deposit(server, user, 100);
    // Off until switched on: an operator does once the games are in.
    const on = await server.post(
      '/admin/games/providers/enable',
      { code, enabled: true },
      operators.everyAdmin.token,
    );
    expect(on.http).toBe(200);
    const launch = await server.post('/games/launch', { gameId: game.id }, user.token);
    expect(launch.status, launch.message).toBe(200);
    const token = new URL(launch.data.url).searchParams.get('token') ?? '';
    const who = { user: `beacon-${user.id}`, token, round: 'r-1', game_code: 'hub-reels', currency: 'PHP' };
    const provider = { code, hub88 };
    await hub88Call(server, provider, 'bet', { ...who, transaction_uuid: 'bet-1', amount: units(500) });
    await hub88Call(server, provider, 'bet', { ...who, transaction_uuid: 'bet-2', amount: units(1_000_000) });
    const calls = await server.call(
      providerCallsCall,
      { code, number: 0, size: 10 },
      { token: operators.viewer.token },
    );
    expect(calls.status, calls.message).toBe(200);
    expect(
      calls.data.content.map((c) => [c.transactionId, c.action, c.amount, c.state, c.status, c.round]),
    ).toEqual([
      ['bet-2', 'bet', 10_000, 'refused', 'INSUFFICIENT_FUNDS', null],
      ['bet-1', 'bet', 5, 'applied', 'OK', 'r-1'],
    ]);
    expect(JSON.stringify(calls.data)).not.toMatch(/KEY|signature/i);
  });
});

describe('an Evolution provider', () => {
  const createEvolution = async (body: Record<string, unknown>, apiUrl: string, apiToken: string) =>
    server.call(
      providerCreateCall,
      {
        code: `evo-${randomUUID().slice(0, 8)}`,
        name: 'Evolution Live',
        wire: 'evolution',
        baseUrl: apiUrl,
        defaultChannel: 'slots',
        casinoKey: 'testcasino',
        signKey: apiToken,
        ...body,
      } as never,
      { token: operators.everyAdmin.token },
    );

  it('keeps the API token sealed, makes the authToken its calls carry, and imports the open tables', async () => {
    const evo = await startEvolutionApi();
    try {
      evo.tables = {
        'evo-roulette': { name: 'Live Roulette', gameType: 'roulette', open: true },
        'evo-closed': { name: 'Closed Table', gameType: 'blackjack', open: false },
        'a table id with spaces': { name: 'Odd', gameType: 'roulette' },
      };
      const made = await createEvolution({}, evo.url, evo.apiToken);
      expect(made.status, made.message).toBe(200);
      const code = made.data.provider.code;
      expect(made.data.provider.wire).toBe('evolution');
      expect(made.data.walletPath).toBe(`/api/games/evolution/${code}`);
      const authToken = made.data.handOver;
      expect(authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const keys = await server.db
        .selectFrom('game_provider_keys')
        .select(['purpose', 'value'])
        .where('provider_code', '=', code)
        .execute();
      expect(keys.map((k) => k.purpose).sort()).toEqual(['sign', 'verify']);
      for (const k of keys) expect(k.value.startsWith('v1:')).toBe(true);
      const audit = await server.db
        .selectFrom('audit_log')
        .select('after')
        .where('record_id', '=', code)
        .execute();
      expect(JSON.stringify(audit)).not.toContain(authToken);
      expect(JSON.stringify(audit)).not.toContain(evo.apiToken);

      const imported = await server.call(providerImportCall, { code }, { token: operators.everyAdmin.token });
      expect(imported.status, imported.message).toBe(200);
      expect(imported.data).toMatchObject({ added: 1, removed: 0 });
      const games = await server.db
        .selectFrom('games')
        .select(['code', 'name', 'channel_code'])
        .where('provider_code', '=', code)
        .execute();
      expect(games).toEqual([{ code: 'evo-roulette', name: 'Live Roulette', channel_code: 'slots' }]);
      // The authToken handed over is what Evolution's calls must carry.
      const provider = { code, authToken };
      const asked = await evolutionCall(server, provider, 'balance', { sid: 'none', userId: 'beacon-1' });
      expect(asked.body.status).toBe('INVALID_SID');
      const wrong = await evolutionCall(server, { code, authToken: 'not-the-token' }, 'balance', {
        sid: 'none',
        userId: 'beacon-1',
      });
      expect(wrong.body.status).toBe('INVALID_TOKEN_ID');

      // A new authToken counts at once beside the old one; a new API token must be given as a token.
      const rotated = await server.call(
        providerKeyCall,
        { code, purpose: 'verify', overlapHours: 24 },
        { token: operators.everyAdmin.token },
      );
      expect(rotated.status, rotated.message).toBe(200);
      const next = rotated.data.handOver ?? '';
      expect(next).not.toBe(authToken);
      for (const token of [authToken, next])
        expect(
          (
            await evolutionCall(server, { code, authToken: token }, 'balance', {
              sid: 'none',
              userId: 'beacon-1',
            })
          ).body.status,
        ).toBe('INVALID_SID');
      const missing = await server.call(
        providerKeyCall,
        { code, purpose: 'sign', overlapHours: 0 },
        { token: operators.everyAdmin.token },
      );
      expect(issuesOf(missing)).toContain('value:required');
      const spaced = await server.call(
        providerKeyCall,
        { code, purpose: 'sign', value: 'has a space', overlapHours: 0 },
        { token: operators.everyAdmin.token },
      );
      expect(issuesOf(spaced)).toContain('value:provider_token_invalid');
    } finally {
      await evo.close();
    }
  });

  it('refuses bad input under its field', async () => {
    await configureProvider(server.db, {
      ...SEAMLESS_SLOTS_GAME,
      protocol: 'transfer',
      code: `xfer-${randomUUID().slice(0, 8)}`,
      secret: 'a-transfer-secret',
      channel: 'live-casino',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ casinoKey: 'not a key!' }, 'casinoKey:provider_casino_key_invalid'],
      [{ casinoKey: '' }, 'casinoKey:required'],
      [{ signKey: 'short' }, 'signKey:provider_token_invalid'],
      [{ signKey: 'with a space inside' }, 'signKey:provider_token_invalid'],
      [{ signKey: 'x'.repeat(201) }, 'signKey:too_long'],
      [{ defaultChannel: 'no-such-channel' }, 'defaultChannel:channel_not_found'],
      // A transfer provider's channel: its balance is money moved to that provider.
      [{ defaultChannel: 'live-casino' }, 'defaultChannel:channel_not_found'],
    ];
    for (const [body, issue] of cases)
      expect(issuesOf(await createEvolution(body, 'http://127.0.0.1:9', 'a-valid-token')), issue).toContain(
        issue,
      );
  });
});
