import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { Game, Launch, LobbyChannel } from '#contract/games';
import { formatMoney } from '#lib/money';
import { EmptyState } from '#ui/empty-state';
import { NoDataPicture } from '#ui/no-data-picture';
import { NoSearchResults } from '#ui/no-search-results';
import { Page } from '#ui/page';
import { PagedVirtualList } from '#ui/paged-virtual-list';
import { type TabOption, Tabs } from '#ui/tabs';
import { useLaunchGameMutation, useRefreshBalances } from '../games.mutations';
import { gamesQueries } from '../games.queries';
import { categoryLabel } from '../games-labels';
import { categoriesOf, type LobbyFilters } from '../games-values';
import { GameFrameDialog } from './game-frame-dialog';
import { GameRow } from './game-row';
import { GamesSearchBox } from './games-search-box';
import './games.css';

/**
 * The game lobby: the games by channel and category with their pictures, and a search; a game opens in
 * the full-screen frame dialog, and closing it refreshes the balances (what was played shows at once).
 */
export function LobbyPage({
  filters,
  onFilters,
  balance,
  gameOverlay,
}: {
  filters: LobbyFilters;
  onFilters: (next: LobbyFilters) => void;
  /** The main balance, which seamless games play with (the route reads it from the wallet). */
  balance: number | undefined;
  /** What shows over a game in play (the reality check, composed by the route); `leave` closes the game. */
  gameOverlay?: (leave: () => void) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const lobby = useQuery(gamesQueries.lobby(i18n.locale));
  const channels = lobby.data?.channels ?? [];
  const selected = channels.find((c) => c.code === filters.channel);
  const launch = useLaunchGameMutation();
  const refresh = useRefreshBalances();
  const [playing, setPlaying] = useState<Launch | null>(null);

  const open = (game: Game) => {
    if (launch.isPending) return;
    launch.mutate({ gameId: game.id, lang: i18n.locale }, { onSuccess: setPlaying });
  };
  const close = () => {
    setPlaying(null);
    refresh();
  };

  const channelOptions: TabOption<string>[] = [
    { value: '', label: t`All` },
    ...channels.map((c) => ({ value: c.code, label: c.name })),
  ];
  const categoryOptions: TabOption<string>[] = [
    { value: '', label: t`All` },
    ...categoriesOf(channels, filters.channel).map((c) => ({ value: c, label: categoryLabel(i18n, c) })),
  ];

  return (
    <Page
      title={t`Game lobby`}
      bodyClassName="games-page"
      overlays={
        playing ? <GameFrameDialog launch={playing} onClose={close} overlay={gameOverlay?.(close)} /> : null
      }
    >
      <section className="games-balance" aria-label={t`Balances`}>
        <p className="games-balance__line">
          <span>{t`Balance`}</span>
          <strong className="tabular" data-testid="lobby-balance">
            {balance === undefined ? '–' : formatMoney(balance)}
          </strong>
        </p>
        {selected?.transfer ? <ChannelBalanceLine channel={selected} /> : null}
        <Link to="/bets" className="button button--outline button--small">
          {t`Betting record`}
        </Link>
      </section>
      <GamesSearchBox value={filters.search} onSearch={(search) => onFilters({ ...filters, search })} />
      <TabsOver
        show={channels.length > 0}
        options={channelOptions}
        value={filters.channel}
        onChange={(channel) => onFilters({ ...filters, channel, category: '' })}
        label={t`Channels`}
        id="games-channel"
        variant="segmented"
      >
        <TabsOver
          show={categoryOptions.length > 2}
          options={categoryOptions}
          value={filters.category}
          onChange={(category) => onFilters({ ...filters, category })}
          label={t`Categories`}
          id="games-category"
          variant="chips"
        >
          <GameList
            filters={filters}
            channels={channels}
            onLaunch={open}
            onClearSearch={() => onFilters({ ...filters, search: '' })}
          />
        </TabsOver>
      </TabsOver>
    </Page>
  );
}

/** Tabs over the panel they filter; without tabs to offer (the lobby not in yet), the panel alone. */
function TabsOver({
  show,
  id,
  children,
  ...tabs
}: {
  show: boolean;
  options: TabOption<string>[];
  value: string;
  onChange: (value: string) => void;
  label: string;
  id: string;
  variant: 'segmented' | 'chips';
  children: ReactNode;
}) {
  if (!show) return children;
  return (
    <>
      <div className={`games-tabs games-tabs--${tabs.variant}`}>
        <Tabs {...tabs} panelId={`${id}-panel`} idPrefix={id} />
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tabs.value}`} className="games-panel">
        {children}
      </div>
    </>
  );
}

/** A transfer channel's own balance, which its games play with (money is moved in from /my). */
function ChannelBalanceLine({ channel }: { channel: LobbyChannel }) {
  const { t } = useLingui();
  const balance = useQuery(gamesQueries.channelBalance(channel.code));
  const name = channel.name;
  return (
    <p className="games-balance__line">
      <span>{t`In ${name}`}</span>
      <strong className="tabular" data-testid="lobby-channel-balance">
        {balance.data ? formatMoney(balance.data.balance) : '–'}
      </strong>
    </p>
  );
}

function GameList({
  filters,
  channels,
  onLaunch,
  onClearSearch,
}: {
  filters: LobbyFilters;
  channels: readonly LobbyChannel[];
  onLaunch: (game: Game) => void;
  onClearSearch: () => void;
}) {
  const { t } = useLingui();
  const list = useInfiniteQuery(gamesQueries.list(filters));
  const names = new Map(channels.map((c) => [c.code, c.name]));
  const search = filters.search;
  return (
    <PagedVirtualList
      list={list}
      empty={
        search ? (
          <NoSearchResults search={search} onClearSearch={onClearSearch} />
        ) : (
          <EmptyState picture={<NoDataPicture />} title={t`No games here yet`} />
        )
      }
      itemKey={(game) => game.id}
      estimateSize={96}
      label={t`Games`}
      renderItem={(game) => (
        <GameRow
          game={game}
          channelName={names.get(game.channel) ?? game.channel}
          onLaunch={() => onLaunch(game)}
        />
      )}
    />
  );
}
