import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '#lib/route-helpers';
import { SpinPage } from '../../../features/spin/components/spin-page';
import { spinQueries } from '../../../features/spin/spin.queries';
import { walletKeys } from '../../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/(spin)/Spin')({
  loader: ({ context }) => prefetch(context, spinQueries.state()),
  component: SpinRoute,
});

function SpinRoute() {
  const queryClient = useQueryClient();
  // A cash prize lands in the balance and the records.
  return <SpinPage onWon={() => void queryClient.invalidateQueries({ queryKey: walletKeys.all })} />;
}
