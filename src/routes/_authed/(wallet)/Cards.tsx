import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '#lib/route-helpers';
import { CardsPage } from '../../../features/wallet/components/cards-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/(wallet)/Cards')({
  loader: ({ context }) => prefetch(context, walletQueries.methods()),
  component: CardsPage,
});
