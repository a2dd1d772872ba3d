import { createFileRoute } from '@tanstack/react-router';
import { SafePage } from '../../features/wallet/components/safe-page';
import { walletQueries } from '../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/Safe')({
  loader: ({ context }) => context.queryClient.ensureQueryData(walletQueries.safe()).catch(() => undefined),
  component: SafePage,
});
