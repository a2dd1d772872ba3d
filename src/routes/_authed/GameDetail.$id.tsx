import { createFileRoute, notFound } from '@tanstack/react-router';
import { userQueries } from '../../features/auth/auth.queries';
import { catalogueQueries } from '../../features/catalogue/catalogue.queries';
import { GameDetailPage } from '../../features/catalogue/components/game-detail';
import { isLogin } from '../../lib/session';

/** The id is the mini-game's numeric id. */
export const Route = createFileRoute('/_authed/GameDetail/$id')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,15}$/.test(params.id)) throw notFound();
  },
  loader: async ({ context, params }) => {
    if (!isLogin()) return;
    // The item is keyed per user and the pin button needs the job; the page shows any failure itself.
    const me = await context.queryClient.ensureQueryData(userQueries.me()).catch(() => undefined);
    await context.queryClient
      .ensureQueryData(catalogueQueries.wxDetail(Number(params.id), me?.user.uid ?? 0))
      .catch(() => undefined);
  },
  component: GameDetailRoute,
});

function GameDetailRoute() {
  const { id } = Route.useParams();
  return <GameDetailPage id={Number(id)} />;
}
