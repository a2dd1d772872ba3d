import { createFileRoute } from '@tanstack/react-router';
import { SafePage } from '../../../features/wallet/components/safe-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';
import { prefetch } from '../../../lib/route-helpers';

export const Route = createFileRoute('/_authed/(wallet)/Safe')({
  loader: ({ context }) => prefetch(context, walletQueries.safe()),
  component: SafePage,
});
