// Issue 31 item 17: a channel's name in the caller's language (channel_texts, migration 0038) on the betting
// record (a round's channelName) and the account's channel balances, as on the lobby and the agent's lists.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForSuite } from '../harness';
import { deposit, newUser } from '../wallet/helpers';
import { addProvider, openSession, seamlessCall, txId } from './fixtures';

const server = serverForSuite({ demoSeed: true });
let provider: Awaited<ReturnType<typeof addProvider>>;

beforeAll(async () => {
  provider = await addProvider(server); // its game is in the Slots channel
});

const inLanguage = (language: string) => ({ headers: { 'accept-language': language } });

describe('channel names of a player’s games', () => {
  it('names a round’s channel and the channel balances in es-ES and zh-CN, the default name in en-US', async () => {
    const user = await newUser(server, { safePassword: null });
    await deposit(server, user, 100);
    const session = await openSession(server, provider, user);
    const bet = await seamlessCall(server, provider, 'bet', {
      sessionToken: session.sessionToken,
      playerId: session.playerId,
      transactionId: txId('bet'),
      roundId: txId('round'),
      gameCode: provider.gameCode,
      amount: 2_000,
    });
    expect(bet.body.status).toBe('OK');

    const rounds = await server.post('/games/rounds', {}, user.token, inLanguage('es-ES'));
    expect(rounds.data.content[0].channelName).toBe('Tragamonedas');
    const round = await server.post(
      '/games/round',
      { id: rounds.data.content[0].id },
      user.token,
      inLanguage('zh-CN'),
    );
    expect(round.data.channelName).toBe('老虎机');
    const english = await server.post('/games/rounds', {}, user.token, inLanguage('en-US'));
    expect(english.data.content[0].channelName).toBe('Slots');

    const balances = await server.post('/user/secondaryInfo', {}, user.token, inLanguage('es-ES'));
    expect(balances.data.channelData).toContainEqual({ name: 'Tragamonedas', balance: 20 });
    expect(balances.headers.get('vary')).toMatch(/accept-language/i);
  });
});
