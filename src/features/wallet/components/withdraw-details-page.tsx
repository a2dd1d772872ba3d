import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '#ui/empty-state';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { VirtualList } from '#ui/virtual-list';
import { walletQueries } from '../wallet.queries';
import { formatTime, Money, StateBadge } from './wallet-bits';

/** Every withdrawal of the user, newest first; a row opens its progress. */
export function WithdrawDetailsPage() {
  const { t, i18n } = useLingui();
  const list = useInfiniteQuery(walletQueries.withdrawals());
  const items = list.data?.pages.flatMap((p) => p.content) ?? [];
  return (
    <Page title={t`Withdrawal details`} bodyClassName="wallet-page">
      {list.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : items.length === 0 ? (
        <EmptyState picture={<NoDataPicture />} title={t`No withdrawals yet`} />
      ) : (
        <VirtualList
          items={items}
          itemKey={(w) => w.id}
          estimateSize={72}
          label={t`Withdrawals`}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          renderItem={(w) => (
            <Link to="/WithdrawStep/$id" params={{ id: w.id }} className="wallet-row-item">
              <span className="wallet-row-item__main">
                <span className="wallet-row-item__title">{w.methodLabel}</span>
                <span className="wallet-row-item__sub">{formatTime(w.createdAt, i18n.locale)}</span>
              </span>
              <span className="wallet-row-item__end">
                <Money value={-w.amount} />
                <StateBadge state={w.state} />
              </span>
            </Link>
          )}
        />
      )}
    </Page>
  );
}
