import { createFileRoute } from '@tanstack/react-router';
import { CardsPage } from '../../features/wallet/components/cards-page';
import { walletQueries } from '../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/Cards')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(walletQueries.methods()).catch(() => undefined),
  component: CardsPage,
});
