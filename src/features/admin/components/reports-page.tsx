import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { adminReportRequestSchema, type ReportDay, type ReportFigures } from '#contract/admin/report';
import { chartData } from '#lib/chart-data';
import { formatMoney } from '#lib/money';
import { DayChart } from '#ui/day-chart';
import { EmptyState } from '#ui/empty-state';
import { SelectField, TextField } from '#ui/form-fields';
import { SkeletonRows } from '#ui/skeleton';
import { adminQueries, type ReportFilters } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { usePathProblems } from './use-path-problems';

type MoneyFigure = Exclude<keyof ReportFigures, 'newUsers' | 'activeUsers'>;

/**
 * A site's figures per business day (issue 16): the range and the site in the URL, the totals, then four
 * charts (each with its table): money in and out, bets, what the site gave back (the agent programme's rake
 * back and commissions, and the bonuses' cost), and players.
 */
export function ReportsPage({ filters, onFilters }: FilteredPageProps<ReportFilters>) {
  const { i18n, t } = useLingui();
  const report = useQuery(adminQueries.report(filters));
  const sites = useQuery(adminQueries.siteSettings());
  const form = useRef<HTMLFormElement>(null);
  const problems = usePathProblems(form);
  const [typed, setTyped] = useState({ from: filters.from ?? '', to: filters.to ?? '' });
  const count = new Intl.NumberFormat(i18n.locale);
  // The days answered: the URL's, or the server's default range (typed over once edited).
  const days = report.data?.days ?? [];
  const range = {
    from: typed.from || (days[0]?.day ?? ''),
    to: typed.to || (days.at(-1)?.day ?? ''),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = problems.validate(adminReportRequestSchema, { site: filters.site || null, ...range });
    if (input) onFilters({ ...filters, ...range });
  };

  const labels: Record<keyof ReportFigures, string> = {
    deposits: t`Deposits`,
    withdrawals: t`Withdrawals`,
    net: t`Net`,
    bonusCost: t`Bonus cost`,
    newUsers: t`New players`,
    activeUsers: t`Active players`,
    bets: t`Bets`,
    validBets: t`Valid bets`,
    rakeBack: t`Rake back`,
    commissions: t`Commissions`,
  };
  const chart = (title: string, figures: readonly (keyof ReportFigures)[], money: boolean) => (
    <DayChart
      title={title}
      data={chartData(
        days,
        days[0]?.day ?? '',
        days.at(-1)?.day ?? '',
        figures.map((f) => ({ label: labels[f], pick: (d: ReportDay) => d[f] })),
      )}
      format={(v) => (money ? formatMoney(v) : count.format(v))}
    />
  );

  return (
    <AdminSection id="reports" title={<Trans>Reports</Trans>} className="admin-reports">
      <form ref={form} noValidate className="admin-search" onSubmit={submit} aria-label={t`Report range`}>
        <SelectField
          label={t`Site`}
          value={filters.site}
          onChange={(site) => onFilters({ ...filters, site })}
          options={[
            { value: '', label: t`Every site` },
            ...(sites.data?.content ?? []).map((s) => ({
              value: s.domain,
              label: `${s.name} (${s.domain})`,
            })),
          ]}
        />
        <TextField
          label={t`From`}
          type="date"
          name="from"
          value={range.from}
          onChange={(e) => {
            setTyped({ ...range, from: e.target.value });
            problems.clear('from');
          }}
          error={problems.message('from')}
        />
        <TextField
          label={t`To`}
          type="date"
          name="to"
          value={range.to}
          onChange={(e) => {
            setTyped({ ...range, to: e.target.value });
            problems.clear('to');
          }}
          error={problems.message('to')}
        />
        <button type="submit" className="button button--primary">
          <Trans>Show report</Trans>
        </button>
      </form>
      {report.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : !report.data ? (
        <EmptyState title={<Trans>The report could not be loaded</Trans>} />
      ) : (
        <>
          <p className="admin-table__note">
            {report.data.timeZones.length === 1 ? (
              <Trans>Business days in the time zone {report.data.timeZones[0]}.</Trans>
            ) : (
              <Trans>
                Each site's business days, in its own time zone: {report.data.timeZones.join(', ')}.
              </Trans>
            )}
          </p>
          <dl className="admin-totals" aria-label={t`Totals`} data-site={filters.site}>
            {(Object.keys(labels) as (keyof ReportFigures)[]).map((figure) => (
              <div key={figure} className="admin-totals__item">
                <dt>{labels[figure]}</dt>
                <dd data-testid={`total-${figure}`}>
                  {figure === 'newUsers' || figure === 'activeUsers'
                    ? count.format(report.data.totals[figure])
                    : formatMoney(report.data.totals[figure as MoneyFigure])}
                </dd>
              </div>
            ))}
          </dl>
          {chart(t`Deposits and withdrawals`, ['deposits', 'withdrawals'], true)}
          {chart(t`Bets and valid bets`, ['bets', 'validBets'], true)}
          {chart(t`Rake back, commissions and bonus cost`, ['rakeBack', 'commissions', 'bonusCost'], true)}
          {chart(t`New and active players`, ['newUsers', 'activeUsers'], false)}
        </>
      )}
    </AdminSection>
  );
}
