import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { type BonusFigures, bonusReportRequestSchema } from '#contract/admin/bonuses';
import { formatMoney } from '#lib/money';
import { EmptyState } from '#ui/empty-state';
import { SelectField, TextField } from '#ui/form-fields';
import { SkeletonRows } from '#ui/skeleton';
import { AdminSection, type FilteredPageProps } from '../../components/admin-section';
import { usePathProblems } from '../../components/use-path-problems';
import { useSiteOptions } from '../../components/use-site-options';
import { type BonusReportFilters, bonusQueries } from '../bonuses.queries';

type Figure = keyof BonusFigures;
const FIGURES: readonly Figure[] = [
  'granted',
  'released',
  'capped',
  'expired',
  'forfeited',
  'cancelled',
  'cost',
  'conversion',
];

/**
 * A site's bonus figures per business day and offer (issue 33): granted, released, capped, expired, forfeited
 * and cancelled, the cost (granted less what was taken back) and the conversion (released / granted).
 */
export function BonusReportPage({ filters, onFilters }: FilteredPageProps<BonusReportFilters>) {
  const { i18n, t } = useLingui();
  const sites = useSiteOptions(filters.site);
  // A report is of one site: "every site" is not a choice here.
  const options = sites.options.filter((o) => o.value !== '');
  const site = options.some((o) => o.value === filters.site) ? filters.site : (options[0]?.value ?? '');
  const report = useQuery(bonusQueries.report({ ...filters, site }, i18n.locale));
  const form = useRef<HTMLFormElement>(null);
  const problems = usePathProblems(form);
  const [typed, setTyped] = useState({ from: filters.from ?? '', to: filters.to ?? '' });
  const range = { from: typed.from || (report.data?.from ?? ''), to: typed.to || (report.data?.to ?? '') };
  const percent = (v: number | null) =>
    v === null ? '—' : i18n.number(v, { style: 'percent', maximumFractionDigits: 2 });
  const value = (f: BonusFigures, figure: Figure) =>
    figure === 'conversion' ? percent(f.conversion) : formatMoney(f[figure] as number);

  const labels: Record<Figure, string> = {
    granted: t`Granted`,
    released: t`Released`,
    capped: t`Over the cap`,
    expired: t`Expired`,
    forfeited: t`Forfeited`,
    cancelled: t`Cancelled`,
    cost: t`Cost`,
    conversion: t`Conversion`,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.validate(bonusReportRequestSchema, { site, ...range })) onFilters({ site, ...range });
  };

  return (
    <AdminSection id="bonus-report" title={<Trans>Bonus report</Trans>} className="admin-reports">
      <form ref={form} noValidate className="admin-search" onSubmit={submit} aria-label={t`Report range`}>
        <SelectField
          label={t`Site`}
          name="site"
          value={site}
          onChange={(s) => onFilters({ ...filters, site: s })}
          options={options}
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
      {site === '' ? (
        <EmptyState title={<Trans>No site to report on</Trans>} />
      ) : report.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : !report.data ? (
        <EmptyState title={<Trans>The report could not be loaded</Trans>} />
      ) : (
        <>
          <p className="admin-table__note">
            <Trans>Business days in the time zone {report.data.timeZone}.</Trans>
          </p>
          <dl className="admin-totals" aria-label={t`Totals`}>
            {FIGURES.map((figure) => (
              <div key={figure} className="admin-totals__item">
                <dt>{labels[figure]}</dt>
                <dd data-testid={`bonus-total-${figure}`}>{value(report.data.totals, figure)}</dd>
              </div>
            ))}
          </dl>
          {report.data.rows.length === 0 ? (
            <EmptyState title={<Trans>No bonus moved in these days</Trans>} />
          ) : (
            <table className="admin-table" aria-label={t`By day and offer`}>
              <thead>
                <tr>
                  <th scope="col">{t`Day`}</th>
                  <th scope="col">{t`Offer`}</th>
                  {FIGURES.map((f) => (
                    <th key={f} scope="col">
                      {labels[f]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.data.rows.map((r) => (
                  <tr key={`${r.day}:${r.offerId}`}>
                    <td data-label={t`Day`}>{r.day}</td>
                    <td data-label={t`Offer`}>{r.title || `#${r.offerId}`}</td>
                    {FIGURES.map((f) => (
                      <td key={f} data-label={labels[f]}>
                        {value(r, f)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </AdminSection>
  );
}
