import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { type Figure, RANGES, type Report } from '#contract/agent';
import { chartData } from '#lib/chart-data';
import { formatDay } from '#lib/days';
import { formatMoney } from '#lib/money';
import { useSessionUser } from '#lib/session';
import { toast } from '#lib/toast';
import { validationMessage } from '#lib/validation-messages';
import { DayChart } from '#ui/day-chart';
import { DayRangeFields } from '#ui/day-range-fields';
import { ChevronRightIcon } from '#ui/icons';
import { Page } from '#ui/page';
import { SkeletonBlock } from '#ui/skeleton';
import { Tabs } from '#ui/tabs';
import { useJoinAgentMutation } from '../agent.mutations';
import { agentKeys, agentQueries } from '../agent.queries';
import { RANGE_LABELS } from '../agent-labels';
import { customRangeIssue, type Range, type RangeSearch, rangeRequest, rangeSearch } from '../agent-values';
import { AgentCard, Amount, FigureTile } from './agent-bits';
import './agent.css';

/**
 * The report tab, for everyone: the range (today, yesterday, this week, this month or chosen days), the
 * user's own figures and, for agents, the team's; each figure opens its rows; a chart of the days with
 * the same figures as a table. A player can become an agent from here.
 */
export function ReportPage({
  search,
  onSearch,
}: {
  search: RangeSearch;
  onSearch: (next: RangeSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const panelId = useId();
  const user = useSessionUser();
  const range = search.range ?? 'today';
  const request = rangeRequest(search);
  const report = useQuery({
    ...agentQueries.report(request ?? { range: 'today' }),
    enabled: request !== null,
  });
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: agentKeys.statements() });

  return (
    <Page
      title={t`Report`}
      back={false}
      refresh={{ onRefresh: refresh, busy: report.isRefetching }}
      bodyClassName="agent-page"
    >
      <Tabs<Range>
        options={RANGES.map((value) => ({ value, label: i18n._(RANGE_LABELS[value]) }))}
        value={range}
        onChange={(value) => onSearch(rangeSearch(value, search.from, search.to))}
        label={t`Range`}
        panelId={panelId}
        idPrefix="report-range"
        variant="chips"
      />
      <div id={panelId} role="tabpanel" aria-labelledby={`report-range-${range}`} className="agent-page">
        {range === 'custom' ? <CustomRange search={search} onSearch={onSearch} /> : null}
        {request === null ? (
          <p className="agent-muted">{t`Choose the first and the last day (at most 92 days).`}</p>
        ) : report.data ? (
          <Figures report={report.data} search={rangeSearch(range, search.from, search.to)} />
        ) : report.isError ? (
          <p className="agent-muted">{t`The report could not be loaded.`}</p>
        ) : (
          <SkeletonBlock className="skeleton--card" label={t`Loading`} />
        )}
      </div>
      {user && user.job === 0 ? <BecomeAgent /> : null}
      <Link to="/RakeBack" className="menu-list__item agent-link-row">
        <span>{t`Rake back`}</span>
        <ChevronRightIcon size={20} className="menu-list__chevron" />
      </Link>
    </Page>
  );
}

/** Two dates of a chosen range; what is wrong with them is said under the field it is about. */
function CustomRange({ search, onSearch }: { search: RangeSearch; onSearch: (next: RangeSearch) => void }) {
  const { t, i18n } = useLingui();
  const issue = search.from || search.to ? customRangeIssue(search.from, search.to) : null;
  const errors = issue ? { [issue.field]: validationMessage(i18n, issue.code) } : undefined;
  return (
    <fieldset className="agent-range">
      <legend className="visually-hidden">{t`Custom range`}</legend>
      <DayRangeFields
        className="field"
        search={search}
        onSearch={(next) => onSearch({ ...next, range: 'custom' })}
        errors={errors}
      />
    </fieldset>
  );
}

function Figures({ report, search }: { report: Report; search: RangeSearch }) {
  const { t, i18n } = useLingui();
  const own = report.own;
  const team = report.team;
  const from = formatDay(report.from, i18n.locale);
  const to = formatDay(report.to, i18n.locale);
  const chart = team
    ? chartData(report.days, report.from, report.to, [
        { label: t`Team valid bets`, pick: (d) => d.teamValidBets },
        { label: t`Commission`, pick: (d) => d.commission },
      ])
    : chartData(report.days, report.from, report.to, [
        { label: t`Valid bets`, pick: (d) => d.validBets },
        { label: t`Rake back`, pick: (d) => d.rakeBack },
      ]);
  return (
    <>
      <p className="agent-muted" data-testid="report-days">
        {report.from === report.to ? from : t`${from} to ${to}`}
      </p>
      {report.unsettledFrom ? <UnsettledNote day={report.unsettledFrom} agent={team !== undefined} /> : null}
      <FigureCard
        title={t`My figures`}
        testId="own-figures"
        search={search}
        tiles={[
          { label: t`Bets`, value: <Amount value={own.bets} />, figure: 'bets' },
          { label: t`Valid bets`, value: <Amount value={own.validBets} /> },
          { label: t`Wins`, value: <Amount value={own.wins} /> },
          {
            label: t`Rake back`,
            value: <Amount value={own.rakeBack} />,
            figure: 'rakeBack',
            testId: 'own-rakeback',
          },
          { label: t`Deposits`, value: <Amount value={own.deposits} />, figure: 'deposits' },
          { label: t`Withdrawals`, value: <Amount value={own.withdrawals} />, figure: 'withdrawals' },
        ]}
      />
      {team ? (
        <FigureCard
          title={t`Team figures`}
          testId="team-figures"
          search={search}
          tiles={[
            {
              label: t`Commission`,
              value: <Amount value={team.commission} />,
              figure: 'commission',
              testId: 'team-commission',
            },
            { label: t`Team valid bets`, value: <Amount value={team.validBets} />, figure: 'teamValidBets' },
            {
              label: t`New members`,
              value: i18n.number(team.newMembers),
              figure: 'newMembers',
              testId: 'team-new-members',
            },
            { label: t`Active members`, value: i18n.number(team.activeMembers) },
            { label: t`Team deposits`, value: <Amount value={team.deposits} />, figure: 'teamDeposits' },
            {
              label: t`Team withdrawals`,
              value: <Amount value={team.withdrawals} />,
              figure: 'teamWithdrawals',
            },
          ]}
        />
      ) : null}
      <DayChart
        title={team ? t`Team valid bets and commission by day` : t`Valid bets and rake back by day`}
        data={chart}
        format={(value) => formatMoney(value)}
      />
    </>
  );
}

/** A card of figures; a tile with a `figure` opens that figure's rows on /ReportDetails. */
function FigureCard({
  title,
  testId,
  search,
  tiles,
}: {
  title: string;
  testId: string;
  search: RangeSearch;
  tiles: { label: string; value: ReactNode; figure?: Figure; testId?: string }[];
}) {
  return (
    <AgentCard title={title} testId={testId}>
      <div className="agent-figures">
        {tiles.map((tile) => (
          <FigureTile
            key={tile.label}
            label={tile.label}
            value={tile.value}
            details={tile.figure ? { figure: tile.figure, search } : undefined}
            testId={tile.testId}
          />
        ))}
      </div>
    </AgentCard>
  );
}

/**
 * Rake back and commission are booked when a day is settled, after it has ended on every site: until then the
 * report reads 0 for them, which must not look like nothing earned. An agent has today's estimate on Team.
 */
function UnsettledNote({ day, agent }: { day: string; agent: boolean }) {
  const { t, i18n } = useLingui();
  const first = formatDay(day, i18n.locale);
  return (
    <p className="agent-muted" role="note" data-testid="report-unsettled">
      {t`Rake back and commission are settled after each day ends: from ${first} on they are not in these figures yet.`}
      {agent ? ` ${t`The Team tab shows today's commission as an estimate.`}` : null}
    </p>
  );
}

/** A player becomes an agent at once; the team tab appears as soon as the user is read again. */
function BecomeAgent() {
  const { t } = useLingui();
  const join = useJoinAgentMutation();
  return (
    <AgentCard title={t`Become an agent`} testId="become-agent">
      <p className="agent-muted">
        {t`Invite friends with your code and earn commission on their valid bets, every day.`}
      </p>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={join.isPending}
        onClick={() => join.mutate(undefined, { onSuccess: () => toast.positive(t`You are now an agent`) })}
      >
        {t`Become an agent`}
      </button>
    </AgentCard>
  );
}
