import { createFileRoute } from '@tanstack/react-router';
import { TransferPage } from '../../../features/wallet/components/transfer-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';
import { prefetch } from '../../../lib/route-helpers';

export const Route = createFileRoute('/_authed/(wallet)/Transfer')({
  loader: ({ context }) => prefetch(context, walletQueries.secondary(), walletQueries.safe()),
  component: TransferPage,
});
