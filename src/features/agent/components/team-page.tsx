import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Member } from '#contract/agent';
import { EmptyState } from '#ui/empty-state';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { PagedVirtualList } from '#ui/paged-virtual-list';
import { SearchBox } from '#ui/search-box';
import { SkeletonBlock, SkeletonRows } from '#ui/skeleton';
import { ZoneNote } from '#ui/zone-note';
import { agentKeys, agentQueries } from '../agent.queries';
import { AgentCard, Amount, EarningsMoveForm, FigureTile } from './agent-bits';
import { InviteCard } from './invite-card';
import { MemberRow } from './member-row';
import { PromoteDialog } from './promote-dialog';
import { SetRatioDialog } from './set-ratio-dialog';
import './agent.css';

/** Whose members the list shows and what it searches (the URL keeps both). */
export interface TeamSearch {
  parent?: number | undefined;
  q?: string | undefined;
}

/**
 * The team tab (agents): the summary, the commission and its move to the main balance, the invite code and
 * links, and the members level by level (a member's row opens their members, the trail leads back up),
 * searchable by UID or phone over the whole team; 50 a page, the next near the bottom.
 */
export function TeamPage({ search, onSearch }: { search: TeamSearch; onSearch: (next: TeamSearch) => void }) {
  const { t, i18n } = useLingui();
  const detail = useQuery(agentQueries.detail(i18n.locale));
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: agentKeys.all });
  const d = detail.data;

  return (
    <Page
      title={t`Team`}
      back={false}
      refresh={{ onRefresh: refresh, busy: detail.isRefetching }}
      bodyClassName="agent-page"
    >
      <AgentCard title={t`Summary`}>
        {d ? (
          <div className="agent-figures">
            <FigureTile label={t`Direct members`} value={d.members.direct} testId="members-direct" />
            <FigureTile label={t`All members`} value={d.members.total} testId="members-total" />
            <FigureTile
              label={t`Today's commission (estimate)`}
              value={<Amount value={d.commission.todayEstimate} />}
            />
            <FigureTile label={t`Yesterday's commission`} value={<Amount value={d.commission.yesterday} />} />
          </div>
        ) : (
          <SkeletonBlock className="skeleton--card" label={t`Loading`} />
        )}
      </AgentCard>
      <AgentCard
        title={t`Commission`}
        testId="commission-card"
        end={
          <Link to="/report" search={{ range: 'month' }} className="text-link">
            {t`Statement`}
          </Link>
        }
      >
        {d ? (
          <>
            <p className="agent-balance">
              <span className="agent-muted">{t`Commission balance`}</span>
              <strong
                className={d.commission.balance < 0 ? 'agent-negative' : undefined}
                data-testid="commission-balance"
              >
                <Amount value={d.commission.balance} />
              </strong>
            </p>
            {d.commission.held > 0 ? (
              <p className="agent-muted">
                {t`Held for review`} <Amount value={d.commission.held} />
              </p>
            ) : null}
            <EarningsMoveForm from="commission" balance={d.commission.balance} min={d.withdrawMin} />
          </>
        ) : (
          <SkeletonBlock className="skeleton--card" label={t`Loading`} />
        )}
      </AgentCard>
      <InviteCard defaults={d?.defaults} own={d?.ratios} />
      <Members search={search} onSearch={onSearch} />
    </Page>
  );
}

function Members({ search, onSearch }: { search: TeamSearch; onSearch: (next: TeamSearch) => void }) {
  const { t, i18n } = useLingui();
  const query = search.q ?? '';
  const list = useInfiniteQuery(agentQueries.team({ parentUid: search.parent, search: query }, i18n.locale));
  const detail = useQuery(agentQueries.detail(i18n.locale));
  const [ratioFor, setRatioFor] = useState<Member | null>(null);
  const [promoteFor, setPromoteFor] = useState<Member | null>(null);
  const first = list.data?.pages[0];
  const path = first?.path ?? [];
  const total = first?.page.totalElements;
  // The list reads pages of members; each answer also carries the trail and the counts.
  const paged = { ...list, data: list.data && { pages: list.data.pages.map((p) => p.page) } };

  return (
    <AgentCard title={t`Members`} testId="members" plain>
      {/* Keyed by whose members it searches: opening a member empties what was typed and not sent. */}
      <SearchBox
        key={search.parent ?? 'top'}
        value={query}
        onSearch={(q) => onSearch(q ? { q } : {})}
        label={t`Search by UID or phone`}
        maxLength={20}
        className="agent-search"
      />
      {query ? (
        <p className="agent-trail">
          <span>{t`Results for “${query}” in your whole team`}</span>{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => onSearch({})}>
            {t`Clear`}
          </button>
        </p>
      ) : (
        <nav aria-label={t`Team levels`} className="agent-trail">
          <ol>
            <li>
              {path.length === 0 ? (
                <span aria-current="page">{t`My direct members`}</span>
              ) : (
                <Link to="/team" search={{}}>
                  {t`My direct members`}
                </Link>
              )}
            </li>
            {path.map(({ uid, phone }, index) => (
              <li key={uid}>
                {index === path.length - 1 ? (
                  <span aria-current="page">{t`Members of ${phone}`}</span>
                ) : (
                  <Link to="/team" search={{ parent: uid }}>
                    {phone}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {total !== undefined ? (
        <p className="agent-muted" data-testid="members-count">
          {plural(total, { one: '# member', other: '# members' })}
        </p>
      ) : null}
      <ZoneNote className="agent-muted" />
      <PagedVirtualList
        list={paged}
        pending={<SkeletonRows label={t`Loading`} count={3} />}
        empty={
          <EmptyState
            picture={<NoDataPicture />}
            title={query ? t`No member matches` : t`No members here yet`}
          >
            {query || search.parent ? null : <p>{t`Share your invite link to grow your team.`}</p>}
          </EmptyState>
        }
        itemKey={(member) => member.uid}
        estimateSize={220}
        label={t`Members`}
        renderItem={(member) => (
          <MemberRow
            member={member}
            actions={{
              onOpen: (m) => onSearch({ parent: m.uid }),
              onSetRatio: setRatioFor,
              onPromote: setPromoteFor,
            }}
          />
        )}
      />
      {ratioFor ? (
        <SetRatioDialog member={ratioFor} own={detail.data?.ratios} onClose={() => setRatioFor(null)} />
      ) : null}
      {promoteFor ? <PromoteDialog member={promoteFor} onClose={() => setPromoteFor(null)} /> : null}
    </AgentCard>
  );
}
