import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '#lib/route-helpers';
import { TransferPage } from '../../../features/wallet/components/transfer-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/(wallet)/Transfer')({
  loader: ({ context }) => prefetch(context, walletQueries.secondary(), walletQueries.safe()),
  component: TransferPage,
});
