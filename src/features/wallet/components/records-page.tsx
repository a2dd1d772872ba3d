import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RECORD_TYPES, type RecordType } from '#contract/record-types';
import type { GameMove, WalletRecord } from '#contract/wallet';
import { formatInZone, useDayZone } from '#lib/zoned-time';
import { EmptyState } from '#ui/empty-state';
import { ListFilters } from '#ui/list-filters';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { VirtualList } from '#ui/virtual-list';
import { ZoneNote } from '#ui/zone-note';
import { recordFilters, walletQueries } from '../wallet.queries';
import { RECORD_TYPE_LABELS } from '../wallet-labels';
import { Money, StateBadge } from './wallet-bits';

export interface RecordsSearch {
  type?: RecordType | undefined;
  /** Calendar days of the user's site (decision 0046), "YYYY-MM-DD", inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Every movement with its type, signed amount, state and time; filters by type and dates; 50 a page. */
export function RecordsPage({
  search,
  onSearch,
}: {
  search: RecordsSearch;
  onSearch: (next: RecordsSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const zone = useDayZone();
  const list = useInfiniteQuery(walletQueries.records(recordFilters(search, zone), i18n.locale));
  const items = list.data?.pages.flatMap((p) => p.content) ?? [];
  const total = list.data?.pages[0]?.totalElements;

  return (
    <Page title={t`Records`} bodyClassName="wallet-page">
      <ListFilters
        search={search}
        onSearch={onSearch}
        choice={{
          label: t`Type`,
          name: 'type',
          value: search.type ?? '',
          onChange: (type) => onSearch({ ...search, type: type as RecordType | undefined }),
          options: (
            <>
              <option value="">{t`All types`}</option>
              {RECORD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {i18n._(RECORD_TYPE_LABELS[type])}
                </option>
              ))}
            </>
          ),
        }}
      />
      {total !== undefined ? <p className="wallet-hint">{t`${total} records`}</p> : null}
      <ZoneNote className="wallet-hint" />
      {list.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : items.length === 0 ? (
        <EmptyState picture={<NoDataPicture />} title={t`No records yet`} />
      ) : (
        <VirtualList
          items={items}
          itemKey={(r) => r.id}
          estimateSize={68}
          label={t`Records`}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          footer={
            <p className="list-footer" role={list.isFetchingNextPage ? 'status' : undefined}>
              {list.isFetchingNextPage ? t`Loading` : !list.hasNextPage ? t`That's everything` : ''}
            </p>
          }
          renderItem={(record) => <RecordRow record={record} locale={i18n.locale} zone={zone} />}
        />
      )}
    </Page>
  );
}

function RecordRow({
  record,
  locale,
  zone,
}: {
  record: WalletRecord;
  locale: string;
  zone: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const channel = record.game?.channel ?? '';
  // What a game row moved, named by its channel (decision 0047).
  const gameDetail: Record<GameMove, string> = {
    channelIn: t`Moved into ${channel}`,
    channelOut: t`Moved out of ${channel}`,
    channelReturned: t`Given back by ${channel}`,
    round: t`Round in ${channel}`,
  };
  const detail = record.game
    ? gameDetail[record.game.move]
    : record.counterpartyUid !== null
      ? record.type === 'transferOut'
        ? t`To UID ${record.counterpartyUid}`
        : t`From UID ${record.counterpartyUid}`
      : (record.remark ?? record.orderNo ?? '');
  return (
    <article className="wallet-row-item" data-testid="record">
      <span className="wallet-row-item__main">
        <span className="wallet-row-item__title">{i18n._(RECORD_TYPE_LABELS[record.type])}</span>
        <span className="wallet-row-item__sub">{formatInZone(record.createdAt, locale, zone)}</span>
        {detail ? <span className="wallet-row-item__sub">{detail}</span> : null}
      </span>
      <span className="wallet-row-item__end">
        <Money
          value={record.amount}
          signed
          className={
            record.state === 'Fail'
              ? 'wallet-amount--void'
              : record.amount < 0
                ? 'wallet-amount--out'
                : 'wallet-amount--in'
          }
        />
        <StateBadge state={record.state} />
      </span>
    </article>
  );
}
