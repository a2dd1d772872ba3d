import { createFileRoute } from '@tanstack/react-router';
import { CardsPage } from '../../../features/wallet/components/cards-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';
import { prefetch } from '../../../lib/route-helpers';

export const Route = createFileRoute('/_authed/(wallet)/Cards')({
  loader: ({ context }) => prefetch(context, walletQueries.methods()),
  component: CardsPage,
});
