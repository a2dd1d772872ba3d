// Channel names are operator data the server answers in the request's language (decision 0048): after a change
// of language the agent's and the games' screens ask again, with the new Accept-Language, rather than show the
// previous language's names from a copy that is still fresh (or, fresh or not, already shown); and the invalidations after a change still reach
// every language's copy.
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentKeys, agentQueries } from '#features/agent/agent.queries.ts';
import { RakeBackPage } from '#features/agent/components/rake-back-page.tsx';
import { GamesCorner } from '#features/games/components/games-corner.tsx';
import { gamesKeys, gamesQueries } from '#features/games/games.queries.ts';
import { RecordsPage } from '#features/wallet/components/records-page.tsx';
import { walletKeys, walletQueries } from '#features/wallet/wallet.queries.ts';
import { activateLocale, loadBeyondHome } from '#lib/i18n';
import { queryClient } from '#lib/query-client';
import { envelope } from './api-stub';
import { renderInRouter } from './render';

/** "Live Casino" as the demo channels' migration names it, by language. */
const LIVE_CASINO: Record<string, string> = { 'en-US': 'Live Casino', 'es-ES': 'Casino en vivo' };

const rakeBack = (name: string) => ({
  balance: 0,
  todayEstimate: 0,
  ratios: [{ channel: 'live', name, rate: 0.3 }],
  history: [],
});
const records = (name: string) => ({
  content: [
    {
      id: -2,
      type: 'game',
      amount: -100,
      state: 'Success',
      orderNo: null,
      counterpartyUid: null,
      remark: null,
      game: { move: 'channelIn', channel: name },
      createdAt: Date.UTC(2026, 11, 1, 10),
      updatedAt: Date.UTC(2026, 11, 1, 10),
    },
  ],
  totalPages: 1,
  number: 0,
  totalElements: 1,
});
const lobby = (name: string) => ({
  channels: [{ code: 'live', name, transfer: true, categories: ['table'] }],
});

/** Answers each call in the language it was asked in; records every path with that language. */
function languageAwareApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://x').pathname.replace(/^\/api/, '');
      const locale = new Headers(init?.headers).get('Accept-Language') ?? '';
      asked.push(`${path} ${locale}`);
      const name = LIVE_CASINO[locale] ?? `no name in ${locale}`;
      if (path === '/agent/rakeback') return envelope(200, rakeBack(name));
      if (path === '/games/lobby') return envelope(200, lobby(name));
      if (path === '/wallet/records') return envelope(200, records(name));
      if (path === '/games/channel-balance') return envelope(200, { channel: 'live', balance: 0 });
      return envelope(404, null, `no stub for ${path}`);
    }),
  );
  return asked;
}

afterEach(async () => {
  queryClient.clear();
  await act(() => activateLocale('en-US'));
});

const toSpanish = () =>
  act(async () => {
    await loadBeyondHome();
    await activateLocale('es-ES');
  });

describe('after a change of language', () => {
  it('asks for rake back again in the new language and names its channel in it', async () => {
    const asked = languageAwareApi();
    await renderInRouter(() => <RakeBackPage />, '/RakeBack');
    expect(await screen.findByText('Live Casino')).toBeTruthy();
    await toSpanish();
    expect(await screen.findByText('Casino en vivo')).toBeTruthy();
    expect(asked.filter((a) => a.startsWith('/agent/rakeback'))).toEqual([
      '/agent/rakeback en-US',
      '/agent/rakeback es-ES',
    ]);
  });

  it('asks for the lobby again in the new language and names the transfer channel’s card in it', async () => {
    const asked = languageAwareApi();
    await renderInRouter(() => <GamesCorner withdrawable={0} />, '/my');
    expect(await screen.findByText('Live Casino')).toBeTruthy();
    await toSpanish();
    await waitFor(() => expect(screen.queryByText('Live Casino')).toBeNull());
    expect(screen.getByText('Casino en vivo')).toBeTruthy();
    expect(asked.filter((a) => a.startsWith('/games/lobby'))).toEqual([
      '/games/lobby en-US',
      '/games/lobby es-ES',
    ]);
  });
  it('asks for the records again in the new language and names a channel move’s channel in it', async () => {
    const asked = languageAwareApi();
    await renderInRouter(() => <RecordsPage search={{}} onSearch={() => {}} />, '/Records');
    expect((await screen.findByTestId('record')).textContent).toContain('Live Casino');
    await toSpanish();
    await waitFor(() => expect(screen.getByTestId('record').textContent).toContain('Casino en vivo'));
    expect(asked.filter((a) => a.startsWith('/wallet/records'))).toEqual([
      '/wallet/records en-US',
      '/wallet/records es-ES',
    ]);
  });
});

describe('language in the agent’s, the games’ and the records’ keys', () => {
  it('gives each language its own copy of every answer that names channels', () => {
    const pairs = [
      (l: string) => agentQueries.detail(l).queryKey,
      (l: string) => agentQueries.team({ search: '' }, l).queryKey,
      (l: string) => agentQueries.downline(5, l).queryKey,
      (l: string) => agentQueries.rakeBack(l).queryKey,
      (l: string) => gamesQueries.lobby(l).queryKey,
      (l: string) => gamesQueries.rounds({ channel: '' }, l).queryKey,
      (l: string) => gamesQueries.round(3, l).queryKey,
      (l: string) => walletQueries.records({}, l).queryKey,
    ];
    for (const key of pairs) expect(key('ko-KR')).not.toEqual(key('en-US'));
  });

  it('lets a change invalidate every language’s copy under the prefixes the mutations use', async () => {
    const client = new QueryClient();
    const keys = (locale: string) => ({
      summary: agentKeys.detail(locale),
      team: agentKeys.teamList({ search: '' }, locale),
      member: agentKeys.downline(5, locale),
      rakeBack: agentKeys.rakeBack(locale),
      rounds: gamesKeys.roundList({ channel: '' }, locale),
      round: gamesKeys.round(3, locale),
      lobby: gamesKeys.lobby(locale),
      records: walletKeys.records({}, locale),
    });
    for (const locale of ['en-US', 'es-ES']) {
      for (const key of Object.values(keys(locale))) client.setQueryData(key, {});
    }
    for (const prefix of [
      agentKeys.summary(),
      agentKeys.team(),
      agentKeys.statements(),
      gamesKeys.rounds(),
      walletKeys.all,
    ]) {
      await client.invalidateQueries({ queryKey: prefix, refetchType: 'none' });
    }
    for (const locale of ['en-US', 'es-ES']) {
      const stale = Object.fromEntries(
        Object.entries(keys(locale)).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]),
      );
      expect(stale, locale).toEqual({
        summary: true,
        team: true,
        member: true,
        rakeBack: true,
        rounds: true,
        round: true,
        lobby: false,
        records: true,
      });
    }
  });
});
