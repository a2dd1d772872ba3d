import { createFileRoute } from '@tanstack/react-router';
import { currentLocale } from '#lib/i18n';
import { idParams, prefetch } from '#lib/route-helpers';
import { catalogueQueries } from '../../../features/catalogue/catalogue.queries';
import { GameDetailPage } from '../../../features/catalogue/components/game-detail';

/** The id is the mini-game's numeric id. */
export const Route = createFileRoute('/_authed/(catalogue)/GameDetail/$id')({
  params: idParams,
  loader: async ({ context, params }) => {
    if (!context.viewer.isLoggedIn()) return;
    // The item is keyed per user and language, and the pin button needs the job; the page shows any
    // failure itself.
    const uid = await context.viewer.uid();
    await prefetch(context, catalogueQueries.wxDetail(params.id, uid, currentLocale()));
  },
  component: GameDetailRoute,
});

function GameDetailRoute() {
  const id = Route.useParams({ select: (params) => params.id });
  return <GameDetailPage id={id} />;
}
