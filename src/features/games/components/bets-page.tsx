import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Round } from '#contract/games';
import { EmptyState } from '#ui/empty-state';
import { ListFilters } from '#ui/list-filters';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { PagedVirtualList } from '#ui/paged-virtual-list';
import { PullToRefresh } from '#ui/pull-to-refresh';
import { gamesKeys, gamesQueries } from '../games.queries';
import { type BetsSearch, roundFilters } from '../games-values';
import { BetRow } from './bet-row';
import { RoundDetailsDialog } from './round-details-dialog';
import './games.css';

/**
 * The betting record: every round with its game, channel, amounts, times and status, newest first;
 * filters by channel and bet dates (in the URL); 50 a page, the next within 50 px of the bottom; a
 * round opens its details in a dialog, so the list keeps its place.
 */
export function BetsPage({ search, onSearch }: { search: BetsSearch; onSearch: (next: BetsSearch) => void }) {
  const { t, i18n } = useLingui();
  const lobby = useQuery(gamesQueries.lobby(i18n.locale));
  const list = useInfiniteQuery(gamesQueries.rounds(roundFilters(search), i18n.locale));
  const total = list.data?.pages[0]?.totalElements;
  const [opened, setOpened] = useState<Round | null>(null);
  const filtered = Boolean(search.channel || search.from || search.to);
  const queryClient = useQueryClient();
  // Rounds of transfer channels arrive when their provider's records are pulled: asking again shows them.
  const refresh = () => queryClient.invalidateQueries({ queryKey: gamesKeys.rounds() });

  return (
    <Page
      title={t`Betting record`}
      refresh={{ onRefresh: refresh, busy: list.isRefetching }}
      bodyClassName="games-page"
      overlays={opened ? <RoundDetailsDialog round={opened} onClose={() => setOpened(null)} /> : null}
    >
      <ListFilters
        search={search}
        onSearch={onSearch}
        choice={{
          label: t`Channel`,
          name: 'channel',
          value: search.channel ?? '',
          onChange: (channel) => onSearch({ ...search, channel }),
          options: (
            <>
              <option value="">{t`All channels`}</option>
              {(lobby.data?.channels ?? []).map((channel) => (
                <option key={channel.code} value={channel.code}>
                  {channel.name}
                </option>
              ))}
              {/* A channel of the URL the lobby no longer lists stays selectable, so the filter reads true. */}
              {search.channel && lobby.data && !lobby.data.channels.some((c) => c.code === search.channel) ? (
                <option value={search.channel}>{search.channel}</option>
              ) : null}
            </>
          ),
        }}
      />
      {total !== undefined ? (
        <p className="games-hint">{plural(total, { one: '# round', other: '# rounds' })}</p>
      ) : null}
      <PullToRefresh onRefresh={refresh}>
        <PagedVirtualList
          list={list}
          empty={
            <EmptyState
              picture={<NoDataPicture />}
              title={filtered ? t`No rounds match these filters` : t`No bets yet`}
              action={
                filtered ? undefined : (
                  <Link to="/games" className="button button--primary">
                    {t`Go to the game lobby`}
                  </Link>
                )
              }
            />
          }
          itemKey={(round) => round.id}
          estimateSize={140}
          label={t`Rounds`}
          renderItem={(round) => <BetRow round={round} onOpen={() => setOpened(round)} />}
        />
      </PullToRefresh>
    </Page>
  );
}
