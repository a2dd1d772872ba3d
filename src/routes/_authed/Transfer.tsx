import { createFileRoute } from '@tanstack/react-router';
import { TransferPage } from '../../features/wallet/components/transfer-page';
import { walletQueries } from '../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/Transfer')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(walletQueries.secondary()),
      context.queryClient.ensureQueryData(walletQueries.safe()),
    ]).catch(() => undefined),
  component: TransferPage,
});
