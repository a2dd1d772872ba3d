import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { chartData } from '#lib/chart-data';
import { formatMoney } from '#lib/money';
import { DayChart } from '#ui/day-chart';
import { EmptyState } from '#ui/empty-state';
import { Page } from '#ui/page';
import { SkeletonBlock } from '#ui/skeleton';
import { agentQueries } from '../agent.queries';
import { AgentCard, Amount, EarningsMoveForm, FigureTile, RatioList } from './agent-bits';
import './agent.css';

/**
 * Rake back: the player's own ratio times their own valid bets, settled once a day. The balance (and its
 * move to the main balance), today's estimate, the ratios and the last 30 settled days.
 */
export function RakeBackPage() {
  const { t, i18n } = useLingui();
  const rake = useQuery(agentQueries.rakeBack(i18n.locale));
  const r = rake.data;
  const history = [...(r?.history ?? [])].sort((a, b) => a.day.localeCompare(b.day));
  const from = history[0]?.day;
  const to = history[history.length - 1]?.day;
  const chart =
    from && to
      ? chartData(history, from, to, [
          { label: t`Rake back`, pick: (d) => d.amount },
          { label: t`Valid bets`, pick: (d) => d.validBets },
        ])
      : null;

  return (
    <Page title={t`Rake back`} bodyClassName="agent-page">
      {r ? (
        <>
          <AgentCard title={t`Rake back balance`} testId="rakeback-card">
            <div className="agent-figures">
              <FigureTile label={t`Balance`} value={<Amount value={r.balance} />} testId="rakeback-balance" />
              <FigureTile
                label={t`Today (estimate)`}
                value={<Amount value={r.todayEstimate} />}
                testId="rakeback-today"
              />
            </div>
            <p className="agent-muted">
              {t`Today's rake back is an estimate; it is settled after the day ends and then added to the balance.`}
            </p>
            <EarningsMoveForm from="rakeback" balance={r.balance} />
          </AgentCard>
          <AgentCard title={t`My ratios`}>
            <RatioList ratios={r.ratios} label={t`My ratios`} />
          </AgentCard>
          <AgentCard title={t`Settled days`} testId="rakeback-history">
            {chart ? (
              <DayChart title={t`Rake back by day`} data={chart} format={(value) => formatMoney(value)} />
            ) : (
              <EmptyState title={t`No rake back settled yet`}>
                <p>{t`Play games: each day's valid bets earn rake back at your ratio.`}</p>
              </EmptyState>
            )}
          </AgentCard>
        </>
      ) : rake.isError ? (
        <p className="agent-muted">{t`Rake back could not be loaded.`}</p>
      ) : (
        <SkeletonBlock className="skeleton--card" label={t`Loading`} />
      )}
    </Page>
  );
}
