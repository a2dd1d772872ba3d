import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '#lib/route-helpers';
import { SafePage } from '../../../features/wallet/components/safe-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/(wallet)/Safe')({
  loader: ({ context }) => prefetch(context, walletQueries.safe()),
  component: SafePage,
});
