import { createFileRoute } from '@tanstack/react-router';
import { currentLocale } from '#lib/i18n';
import { parseIdParam, prefetch } from '#lib/route-helpers';
import { catalogueQueries } from '../../../features/catalogue/catalogue.queries';
import { GameDetailPage } from '../../../features/catalogue/components/game-detail';

/** The id is the mini-game's numeric id. */
export const Route = createFileRoute('/_authed/(catalogue)/GameDetail/$id')({
  beforeLoad: ({ params }) => ({ gameId: parseIdParam(params.id) }),
  loader: async ({ context }) => {
    if (!context.viewer.isLoggedIn()) return;
    // The item is keyed per user and language, and the pin button needs the job; the page shows any
    // failure itself.
    const uid = await context.viewer.uid();
    await prefetch(context, catalogueQueries.wxDetail(context.gameId, uid, currentLocale()));
  },
  component: GameDetailRoute,
});

function GameDetailRoute() {
  const id = Route.useRouteContext({ select: (context) => context.gameId });
  return <GameDetailPage id={id} />;
}
