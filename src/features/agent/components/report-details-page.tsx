import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Figure, ReportRow } from '#contract/agent';
import { formatDay } from '#lib/days';
import { formatInZone, useDayZone } from '#lib/zoned-time';
import { EmptyState } from '#ui/empty-state';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { PagedVirtualList } from '#ui/paged-virtual-list';
import { ZoneNote } from '#ui/zone-note';
import { agentQueries } from '../agent.queries';
import { FIGURE_LABELS, holdReason, RANGE_LABELS } from '../agent-labels';
import { isCountFigure, type RangeSearch, rangeRequest } from '../agent-values';
import { Amount } from './agent-bits';
import './agent.css';

/**
 * The rows behind one figure of the report, for its range: 50 a page, the next near the bottom; each row
 * names the ledger transaction its money moved in, or why it has none yet (a commission held for review).
 */
export function ReportDetailsPage({ figure, search }: { figure: Figure; search: RangeSearch }) {
  const { t, i18n } = useLingui();
  const request = rangeRequest(search) ?? { range: 'today' as const };
  const list = useInfiniteQuery(agentQueries.details({ figure, range: request }));
  const first = list.data?.pages[0];
  const paged = { ...list, data: list.data && { pages: list.data.pages.map((p) => p.page) } };
  const from = request.from ? formatDay(request.from, i18n.locale) : '';
  const to = request.to ? formatDay(request.to, i18n.locale) : '';
  const rangeText =
    request.range === 'custom' ? t`${from} to ${to}` : i18n._(RANGE_LABELS[request.range ?? 'today']);
  const count = isCountFigure(figure);
  // Rows name a channel by its code; the summary's ratios carry every channel's name.
  const ratios = useQuery(agentQueries.detail(i18n.locale)).data?.ratios;
  const channelName = (code: string) => ratios?.find((r) => r.channel === code)?.name ?? code;

  return (
    <Page title={i18n._(FIGURE_LABELS[figure])} bodyClassName="agent-page">
      <p className="agent-muted">{rangeText}</p>
      <ZoneNote className="agent-muted" />
      {first ? (
        <p className="agent-balance">
          <span className="agent-muted">{t`Total`}</span>
          <strong data-testid="details-total">
            {count ? i18n.number(first.page.totalElements) : <Amount value={first.total} />}
          </strong>
        </p>
      ) : null}
      {first ? (
        <p className="agent-muted">{plural(first.page.totalElements, { one: '# row', other: '# rows' })}</p>
      ) : null}
      <PagedVirtualList
        list={paged}
        empty={<EmptyState picture={<NoDataPicture />} title={t`Nothing in this range`} />}
        itemKey={(row) => rowKey(row)}
        estimateSize={96}
        label={t`Rows`}
        renderItem={(row) => <DetailsRow row={row} count={count} channelName={channelName} />}
      />
    </Page>
  );
}

/** Rows have no id of their own: their ledger transaction, else what they are about. */
const rowKey = (row: ReportRow): string =>
  [
    row.day,
    row.at ?? '',
    row.member?.uid ?? '',
    row.channel ?? '',
    row.ledgerTransactionId ?? '',
    row.amount,
  ].join('|');

function DetailsRow({
  row,
  count,
  channelName,
}: {
  row: ReportRow;
  count: boolean;
  channelName: (code: string) => string;
}) {
  const { t, i18n } = useLingui();
  const zone = useDayZone();
  const when =
    row.at !== undefined ? formatInZone(row.at, i18n.locale, zone) : formatDay(row.day, i18n.locale);
  const ledger = row.ledgerTransactionId;
  return (
    <article className="details-row" data-testid="details-row">
      <div className="details-row__head">
        <span>{when}</span>
        {count ? null : (
          <strong className={row.amount < 0 ? 'agent-negative' : undefined}>
            <Amount value={row.amount} />
          </strong>
        )}
      </div>
      <div className="details-row__sub">
        {row.member ? (
          <span>
            {row.member.phone} · {t`UID`} <span className="tabular">{row.member.uid}</span>
          </span>
        ) : null}
        {row.channel ? <span>{channelName(row.channel)}</span> : null}
        {ledger !== undefined ? (
          <span data-testid="ledger-id">
            {t`Ledger transaction`} <span className="tabular">#{ledger}</span>
          </span>
        ) : null}
      </div>
      {row.held ? <p className="agent-held">{holdReason(i18n, row.held)}</p> : null}
    </article>
  );
}
